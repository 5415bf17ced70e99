import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ChromiumOnDemand } from './chromium'
import { ChromiumRaster } from './chromium-raster'
import { SpoolPrinter } from './spool-printer'
import { forkSandbox } from '../sandbox/process/fork-launcher'
import { openHostLog } from '../logging/host-log'
import { packageVersion, readStartupConfig } from '../services/app-config'
import { startHostRuntime, type HostRuntime } from '../services/host-runtime'
import { crashHookFromEnv } from './crash-hook'
import { startBrowserHost } from './server'
import { pageAsDisplay } from './page-display'
import { pinHashCostForTests } from '../settings/staff-pin'

/**
 * `npm run start:web`: runs the main-process services in plain Node and serves
 * the built renderer to a browser on loopback. Prints one line with the address
 * to open; the token travels in the URL fragment, which browsers never send to
 * servers or put in logs.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.FOYER_HOST_PORT ?? '0' },
    'renderer-dir': { type: 'string', default: fileURLToPath(new URL('../../out/renderer', import.meta.url)) },
  },
})

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Foyer browser host: --port must be a port number, got ${JSON.stringify(values.port)}`)
  process.exit(2)
}

let config
try {
  config = readStartupConfig()
} catch (error) {
  console.error(`Foyer browser host: ${(error as Error).message}`)
  process.exit(2)
}

const token = process.env.FOYER_HOST_TOKEN ?? randomBytes(24).toString('base64url')
// The E2E specs' hosts (tests/e2e/host-process.ts) hash the staff PINs they set at a test run's cost, as
// Vitest's in-process tests do (staff-pin.ts, pinHashCostForTests): the specs set and check some two hundred.
if (process.env.FOYER_TEST_PIN_COST === '1') pinHashCostForTests('test')
// The customer display's page gets a token of its own, new every run: it opens that page's one channel and push only.
const customerToken = randomBytes(24).toString('base64url')
// FOYER_DATA_DIR=memory keeps nothing on disk (tests); by default state lives in .foyer-data/web.
const dataDir =
  process.env.FOYER_DATA_DIR === 'memory'
    ? null
    : (process.env.FOYER_DATA_DIR ?? fileURLToPath(new URL('../../.foyer-data/web', import.meta.url)))
// Tickets and receipts go to PDFs in a spool folder (FOYER_PRINT_SPOOL; by default beside the data,
// or a fresh temporary folder when nothing is kept): the browser host has no printer of its own.
const spoolDir = process.env.FOYER_PRINT_SPOOL ?? (dataDir ? join(dataDir, 'print-spool') : mkdtempSync(join(tmpdir(), 'foyer-print-')))
// It keeps the newest FOYER_PRINT_SPOOL_KEEP PDFs (300 unless set), not every sale's since the first.
const keep = Number(process.env.FOYER_PRINT_SPOOL_KEEP)
const chromium = new ChromiumOnDemand()
const printer = new SpoolPrinter({ spoolDir, chromium, ...(Number.isInteger(keep) && keep > 0 ? { keep } : {}) })
// The log in <data folder>/logs, as the app keeps it; stderr only with FOYER_DATA_DIR=memory (tests).
const hostLog = await openHostLog(dataDir)
printer.warmUp()
// Handlers before the address is printed: a signal that arrived in between
// would otherwise take the default action.
const started: { host?: Awaited<ReturnType<typeof startBrowserHost>>; runtime?: HostRuntime } = {}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // Close the door first, then give every seat hold back.
    void (started.host ? started.host.close() : Promise.resolve())
      .then(() => started.runtime?.close())
      .then(() => printer.close())
      .then(() => hostLog.close())
      .finally(() => process.exit(0))
  })
}
started.runtime = await startHostRuntime(
  config,
  { appVersion: packageVersion(new URL('../../package.json', import.meta.url)), host: 'browser' },
  dataDir,
  hostLog.log,
  // The training sandbox in a child process: nothing it does can hold up this host's answers.
  forkSandbox,
  printer,
  null,
  crashHookFromEnv(process.env),
  // A printer chosen in staff settings (or FOYER_PRINTER) is sent what the spool printer's Chromium lays
  // out: an IPP printer its PDFs, a raw ESC/POS or Boca printer its dots (the test ticket's too).
  { pdf: (doc) => printer.renderPdf(doc), raster: new ChromiumRaster(chromium).renderBitmap },
)
started.host = await startBrowserHost({ services: started.runtime.services, rendererDir: values['renderer-dir'], token, customerToken, port })
// The browser host's one "display" is a page: open this address in a second browser window (before the line below, which tests wait for).
started.runtime.services.customerDisplay.useScreens(pageAsDisplay())
const enrolmentFile = started.runtime.enrolmentFile()
if (enrolmentFile) console.log(`No staff PIN is set yet: under Staff, type the one-time enrolment code kept in ${enrolmentFile}`)
console.log(`Foyer customer display: ${started.host.url}#token=${customerToken}&display=customer`)
const { mode, backend } = started.runtime.services.system.info()
console.log(`Foyer (browser host, ${mode}, ${backend}): ${started.host.url}#token=${token}`)
