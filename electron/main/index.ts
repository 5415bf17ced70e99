import { app, BrowserWindow } from 'electron'
import { createAppServices } from '../services/app-services'
import { readStartupConfig } from '../services/app-config'
import { forwardPushes, handleContract } from './ipc'
import { createMainWindow, rendererSenderPolicy } from './window'

async function start(): Promise<void> {
  await app.whenReady()
  const config = readStartupConfig()
  const services = createAppServices({ ...config, appVersion: app.getVersion(), host: 'electron' })
  handleContract(services.dispatcher, rendererSenderPolicy())
  forwardPushes(services.pushes)
  await createMainWindow()

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createMainWindow()
  })
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

start().catch((error: unknown) => {
  console.error('[foyer] failed to start', error)
  app.exit(1)
})
