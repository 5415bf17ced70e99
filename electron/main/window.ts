import { app, BrowserWindow } from 'electron'
import { join } from 'node:path'
import { windowIconPath } from '../branding/window-icon'
import type { Logger } from '../ipc-core/logger'
import type { SenderPolicy } from '../ipc-core/sender-policy'
import type { RelaunchPolicy } from '../kiosk/relaunch-policy'
import { APP_ENTRY_URL, APP_ORIGIN } from '../security/app-path'
import { mainWindowOptions } from '../security/window-options'
import type { KioskLock } from './kiosk'
import { watchRenderer } from './renderer-watchdog'

/** The built renderer, served on app:// (app-protocol.ts). */
export const rendererDir = join(import.meta.dirname, '../renderer')
const preloadPath = join(import.meta.dirname, '../preload/index.cjs')

/** The Vite dev server in `electron-vite dev`; never honoured in a packaged app. */
export function devServerOrigin(): string | null {
  const devUrl = process.env.ELECTRON_RENDERER_URL
  return !app.isPackaged && devUrl ? new URL(devUrl).origin : null
}

/** Only the main frame of our own window, showing app://foyer (or the dev server), may call main. */
export function rendererSenderPolicy(): SenderPolicy {
  const dev = devServerOrigin()
  return { allowedOrigins: dev ? [APP_ORIGIN, dev] : [APP_ORIGIN] }
}

export interface MainWindowDeps {
  kiosk: KioskLock
  relaunch: RelaunchPolicy
  log: Logger
  /** Called with each new main window (the single-instance focus and pushes need the current one). */
  onCreated: (window: BrowserWindow) => void
}

export async function createMainWindow(deps: MainWindowDeps): Promise<BrowserWindow> {
  const options = mainWindowOptions(deps.kiosk.locked)
  const icon = windowIconPath({ platform: process.platform, packaged: app.isPackaged, resourcesPath: process.resourcesPath })
  const window = new BrowserWindow({ ...options, icon, webPreferences: { ...options.webPreferences, preload: preloadPath } })
  deps.onCreated(window)
  deps.kiosk.attach(window)
  // Navigation, new windows and permissions are refused for every web contents (hardening.ts).
  watchRenderer(window, deps.relaunch, () => void createMainWindow(deps), deps.log)
  window.once('ready-to-show', () => window.show())

  const dev = devServerOrigin()
  await window.loadURL(dev ? process.env.ELECTRON_RENDERER_URL! : APP_ENTRY_URL)
  return window
}
