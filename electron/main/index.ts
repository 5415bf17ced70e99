import { app, BrowserWindow } from 'electron'
import { stderrLogger } from '../services/app-services'
import { readStartupConfig } from '../services/app-config'
import { startHostRuntime, type HostRuntime } from '../services/host-runtime'
import { ElectronPrinter } from './electron-printer'
import { forwardPushes, handleContract } from './ipc'
import { createMainWindow, rendererSenderPolicy } from './window'

let runtime: HostRuntime | null = null
let closed = false

async function start(): Promise<void> {
  await app.whenReady()
  const config = readStartupConfig()
  // The system's default printer, silently (a printer name setting can choose another later).
  const printer = new ElectronPrinter({ deviceName: null })
  runtime = await startHostRuntime(config, { appVersion: app.getVersion(), host: 'electron' }, app.getPath('userData'), stderrLogger, printer)
  const { services } = runtime
  handleContract(services.dispatcher, rendererSenderPolicy())
  forwardPushes(services.pushes)
  await createMainWindow()

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createMainWindow()
  })
}

// Every seat hold goes back before Foyer quits.
app.on('before-quit', (event) => {
  if (closed || !runtime) return
  event.preventDefault()
  const closing = runtime
  runtime = null
  void closing.close().finally(() => {
    closed = true
    app.quit()
  })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

start().catch((error: unknown) => {
  console.error('[foyer] failed to start', error)
  app.exit(1)
})
