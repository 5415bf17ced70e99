// The one Chromium every Node-side script and test drives (Playwright's
// pages, benchmarks, the icon renderer): Debian's (Playwright cannot download
// its own here; FOYER_CHROMIUM names another, e.g. Chrome on a CI runner),
// with no sandbox, no GPU (WebGL through SwiftShader) and nothing fetched in
// the background.
import { existsSync } from 'node:fs'

// Headless, Debian's chromium-headless-shell where it is installed: the same Blink and V8 without the
// full browser's windowing, it is what Playwright itself runs headless, and a page costs it about a
// third less CPU (an E2E run is CPU-bound on two cores, most of it in Chromium). Else the full browser.
const headlessShell = '/usr/lib/chromium/chromium-headless-shell'
export const chromiumPath = process.env.FOYER_CHROMIUM ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium')

export const chromiumArgs = [
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
