// The one Chromium every Node-side script and test drives (Playwright's
// pages, benchmarks, the icon renderer): Debian's (Playwright cannot download
// its own here; FOYER_CHROMIUM names another, e.g. Chrome on a CI runner),
// with no sandbox, no GPU (WebGL through SwiftShader) and nothing fetched in
// the background.
export const chromiumPath = process.env.FOYER_CHROMIUM ?? '/usr/bin/chromium'

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
