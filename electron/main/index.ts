import { app, BrowserWindow } from 'electron'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RelaunchPolicy } from '../kiosk/relaunch-policy'
import { openHostLog, type HostLog } from '../logging/host-log'
import { stderrLogger } from '../ipc-core/logger'
import { electronDataDir, readStartupConfig } from '../services/app-config'
import { startHostRuntime, type HostRuntime } from '../services/host-runtime'
import { handleAppScheme, registerAppScheme } from './app-protocol'
import { ElectronPrinter, renderPdf } from './electron-printer'
import { listOsPrinters } from './os-printers'
import { OsQueue } from '../printers/os-queue'
import { OsQueuePrinter } from '../printing/os-queue-printer'
import { PRINTER_LABEL } from '../services/printer-service'
import { renderBitmap } from './offscreen-raster'
import { hardenAllContents, hardenDefaultSession } from './hardening'
import { claimSingleInstance, KioskLock } from './kiosk'
import { startUpdater } from './updater'
import { forwardPushes, handleContract } from './ipc'
import { launchUtilitySandbox } from './sandbox-process'
import { createMainWindow, devServerOrigin, rendererDir, rendererSenderPolicy, type MainWindowDeps } from './window'
import { CustomerWindow, keepCustomerWindow } from './customer-window'

let runtime: HostRuntime | null = null
let closed = false
let mainWindow: BrowserWindow | null = null
/** Main's log: rotating files in the user data folder's logs/ (stderr only when nothing is kept). */
let hostLog: HostLog | null = null

// Before ready: the app:// scheme's privileges, and the lock on every web contents ever made.
registerAppScheme()
hardenAllContents()

// Before the single-instance lock, which lives in the user data folder (app-config.ts says when this applies).
const dataDir = electronDataDir(process.env, app.isPackaged, () => mkdtempSync(join(tmpdir(), 'foyer-electron-')))
if (dataDir) app.setPath('userData', dataDir.userData)
/** Where Foyer keeps its state: the user data folder, or nowhere (FOYER_DATA_DIR=memory). */
const keptDataDir = dataDir && !dataDir.keep ? null : app.getPath('userData')

async function start(): Promise<void> {
  await app.whenReady()
  hostLog = await openHostLog(keptDataDir)
  const { log } = hostLog
  log.info('Foyer starting', { version: app.getVersion(), packaged: app.isPackaged })
  hardenDefaultSession(devServerOrigin())
  handleAppScheme(rendererDir)
  const kiosk = new KioskLock(log)
  const config = readStartupConfig()
  // The system's default printer, asked and printed to through the print system (CUPS over IPP; on Windows the
  // spooler's status around a silent print), so a print is done on the printer's word (#24).
  const printer = new OsQueuePrinter({
    queue: new OsQueue({ list: listOsPrinters, deviceName: null, label: PRINTER_LABEL }),
    spool: new ElectronPrinter({ deviceName: null }),
    render: renderPdf,
  })
  // The runtime locks the kiosk for the mode, and keeps it following the settings (kiosk-service.ts).
  // The training sandbox runs in a utility process: nothing it does can hold up main's answers to the window.
  // A printer chosen in staff settings is sent what Electron lays out: an IPP printer the PDFs (printToPDF),
  // a raw ESC/POS or Boca printer the dots of an offscreen window (the test ticket's too); each says when a document is out.
  const layouts = { pdf: renderPdf, raster: renderBitmap }
  runtime = await startHostRuntime(config, { appVersion: app.getVersion(), host: 'electron' }, keptDataDir, log, launchUtilitySandbox, printer, kiosk, undefined, layouts)
  const { services } = runtime
  // The customer display's window: another sender, allowed its own channel and push only (ipc.ts).
  const settings = runtime.settings
  const wanted = () => settings.get().customerDisplay && services.system.info().mode === 'counter'
  const customerWindow = new CustomerWindow({ cashiers: () => mainWindow, chosenId: () => settings.get().customerDisplayId, wanted, log })
  services.customerDisplay.useScreens(customerWindow)
  const isCustomerPage = (contentsId: number) => customerWindow.isCustomerPage(contentsId)
  handleContract(services.dispatcher, rendererSenderPolicy(), isCustomerPage)
  forwardPushes(services.pushes, isCustomerPage)
  // Updates download in the background and install only at rest, never mid-sale (updater.ts).
  startUpdater(runtime, log)
  const windowDeps: MainWindowDeps = { kiosk, relaunch: new RelaunchPolicy(), log, onCreated: (window) => (mainWindow = window) }
  await createMainWindow(windowDeps)
  // After the cashier's window, so "the first display that is not the cashier's" is known.
  keepCustomerWindow(customerWindow, wanted, services.pushes)

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createMainWindow(windowDeps)
  })
}

// Every seat hold goes back before Foyer quits.
app.on('before-quit', (event) => {
  if (closed || !runtime) return
  event.preventDefault()
  const closing = runtime
  runtime = null
  void closing
    .close()
    .then(() => hostLog?.close())
    .finally(() => {
      closed = true
      app.quit()
    })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

if (claimSingleInstance(() => mainWindow)) {
  start().catch((error: unknown) => {
    const log = hostLog?.log ?? stderrLogger
    log.error('failed to start', { error })
    app.exit(1)
  })
} else {
  // Another Foyer is running and has been brought to the front.
  app.quit()
}
