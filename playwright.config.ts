import { defineConfig, type PlaywrightTestConfig } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs'

/**
 * End-to-end tests drive the real renderer. The `chromium` and `venue` projects
 * (tests/e2e) reach it through browser hosts (Debian's Chromium; Playwright
 * cannot download its own here): each worker starts its own (fixtures.ts).
 * The `electron` project (tests/electron) starts the Electron app itself for
 * what only Electron has (app://, the hardened session, the kiosk window); it
 * skips itself, saying why, where Electron's binary is missing, and runs in
 * the release workflow.
 */
/** The seat-map harness (tests/seatmap-harness), served beside the app for component-level specs. */
export const harnessPort = Number(process.env.FOYER_HARNESS_PORT ?? 5318)
/** How many generated events the sandbox of catalogue-scale.spec.ts's own host carries besides the training data. */
export const SCALE_EXTRA_EVENTS = 5000
// Set once in the runner process; workers inherit the environment, so every
// worker and every host the specs start agree on this run's token.
process.env.FOYER_HOST_TOKEN ??= randomBytes(24).toString('base64url')
// The browser hosts the specs start print their paper in a Chromium of their own (browser-host/chromium.ts,
// which reads FOYER_CHROMIUM): the same one as the pages'.
process.env.FOYER_CHROMIUM ??= chromiumPath
// Node's module compile cache (Node 22.1+), inherited like the token: a run starts some eighty Node processes
// from a few module graphs (the workers, the browser hosts and their sandboxes, the venue's hub), and each
// start reads back the V8 code an earlier one compiled rather than compiling it again: a browser host and its
// sandbox took 3.7 CPU-s to start, 3.2 with the cache. Node ignores a cache it cannot use; the code is the same.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'foyer-node-compile-cache')

/**
 * The release workflow's Electron job runs only the electron project, with
 * native modules rebuilt for Electron: the Node-run servers below are neither
 * needed there nor able to load those modules.
 */
const electronOnly = process.env.FOYER_E2E_ELECTRON_ONLY === '1'
/**
 * `npm test` (scripts/run-tests.mjs) runs the venue project apart, beside Vitest and after its builds
 * (the browser host's bundle among them), then the others: FOYER_E2E_PART=venue is that project alone,
 * without the web server below (its specs start their own hub and hosts); =others, every other one.
 */
const part = process.env.FOYER_E2E_PART

/**
 * The pictures of every screen (screenshots.spec.ts) are for people to look
 * at, and nothing compares them: they are not part of `npm test` (whose specs
 * already walk the same screens and check each), only of `npm run screenshots`,
 * which asks for this project.
 */
const SCREENSHOTS = /screenshots\.spec\.ts$/
/** The specs that run a whole venue: Foyer Hub and several browser hosts (tests/e2e/hub-venue.ts). */
const VENUE = /hub-[\w-]+\.spec\.ts$/
const picturesAsked = process.env.FOYER_SCREENSHOTS === '1'

/** The seat-map harness, for the `chromium` project's specs. */
const servers: PlaywrightTestConfig['webServer'] = [
  {
    // Bundles the browser host first (out/browser-host): every host the specs start (host-process.ts)
    // runs that bundle, and this server starts before any of them, so it is this run's sources. Not under
    // npm test (FOYER_E2E_PART): its checks stage built it, and the venue's run, which may still be going,
    // starts hosts from it (esbuild writes the files in place).
    command: `${part ? '' : 'node scripts/build-browser-host.mjs && '}node scripts/serve-static.mjs out/seatmap-harness ${harnessPort}`,
    url: `http://127.0.0.1:${harnessPort}/`,
    reuseExistingServer: false,
    stdout: 'ignore',
  },
]

export default defineConfig({
  outputDir: 'test-results/playwright',
  // A flow takes 10-20 s on a quiet two-core machine; budgeted for one three times slower (both cores busy).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two for the kiosk and counter specs (one a core), one for the venue specs (see projects).
  workers: 3,
  reporter: [['list']],
  forbidOnly: !!process.env.CI,
  // A failing test runs once more, and that run is traced: a trace (its actions, the page's DOM and
  // pictures at each step) is kept of every failure. Tracing every run, in case it fails, took a fifth
  // of the E2E run's CPU (the pictures). CI machines are shared and noisy: Playwright reports a test
  // that passed only when run again as "flaky", so it gets looked at rather than hidden.
  retries: 1,
  use: {
    trace: 'on-first-retry',
    viewport: { width: 1280, height: 800 },
    // Playwright's own pages run in Debian's Chromium (its headless shell where installed: scripts/chromium.mjs).
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  webServer: electronOnly || part === 'venue' ? [] : servers,
  projects: [
    // The venue specs (a hub and three or four hosts) take minutes each, much of it waiting on heartbeats
    // and alerts (15 s, 45 s): a worker of their own beside the two others, first in the run, fills the
    // cores while they wait. Run on the two workers instead, the cores stood idle for much of a minute.
    // Its own output folder: npm test runs it apart from the others (scripts/run-tests.mjs), and a run
    // empties the folders of the projects it runs, which would lose the other run's traces.
    ...(part === 'others' ? [] : [{ name: 'venue', testDir: 'tests/e2e', testMatch: VENUE, workers: 1, outputDir: 'test-results/playwright-venue' }]),
    ...(part === 'venue'
      ? []
      : [
          { name: 'chromium', testDir: 'tests/e2e', testIgnore: [SCREENSHOTS, VENUE], workers: 2 },
          { name: 'electron', testDir: 'tests/electron', timeout: 90_000 },
          ...(picturesAsked ? [{ name: 'screenshots', testDir: 'tests/e2e', testMatch: SCREENSHOTS }] : []),
        ]),
  ],
})
