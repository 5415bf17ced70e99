import { BrowserWindow } from 'electron'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { SenderPolicy } from '../ipc-core/sender-policy'

const rendererDir = join(import.meta.dirname, '../renderer')
const preloadPath = join(import.meta.dirname, '../preload/index.cjs')

/** Where the renderer comes from: the dev server in `electron-vite dev`, files otherwise. */
export function rendererSenderPolicy(): SenderPolicy {
  const devUrl = process.env.ELECTRON_RENDERER_URL
  return {
    allowedOrigins: devUrl ? [new URL(devUrl).origin] : [],
    allowedFileRoot: pathToFileURL(rendererDir).href + '/',
  }
}

export async function createMainWindow(): Promise<BrowserWindow> {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 600,
    backgroundColor: '#10151f',
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  })
  window.once('ready-to-show', () => window.show())
  // The renderer never opens windows or leaves its page; links to elsewhere are refused.
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  window.webContents.on('will-navigate', (event) => event.preventDefault())

  const devUrl = process.env.ELECTRON_RENDERER_URL
  if (devUrl) await window.loadURL(devUrl)
  else await window.loadFile(join(rendererDir, 'index.html'))
  return window
}
