import { app, session, type Session, type WebContents } from 'electron'
import { isRendererRequestAllowed, REFUSED_URL_PATTERNS } from '../security/network-policy'

/**
 * Denials that hold for every web page Foyer ever shows (the main window, the
 * printer's hidden windows, anything a bug might open): no navigation away, no
 * new windows, no <webview>, no permission (camera, notifications, geolocation,
 * HID, serial…), and no network from the renderer's session: main makes every
 * network call. Foyer never calls shell.openExternal (a test keeps it so), so
 * no link can open a browser on the kiosk either.
 */
export function hardenSession(target: Session, devServerOrigin: string | null): void {
  target.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  target.setPermissionCheckHandler(() => false)
  target.setDevicePermissionHandler(() => false)
  target.setDisplayMediaRequestHandler((_request, callback) => callback({}))
  target.webRequest.onBeforeRequest({ urls: REFUSED_URL_PATTERNS }, (details, callback) => {
    callback({ cancel: !isRendererRequestAllowed(details.url, devServerOrigin) })
  })
}

function lockContents(contents: WebContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  // Loads main asks for (loadURL) do not raise these; only page-initiated ones, which are all refused.
  contents.on('will-navigate', (event) => event.preventDefault())
  contents.on('will-frame-navigate', (event) => event.preventDefault())
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  // Developer tools in a packaged kiosk would hand a customer the IPC bridge.
  if (app.isPackaged) contents.on('devtools-opened', () => contents.closeDevTools())
}

/** Before ready: every web contents created from now on is locked as it is made. */
export function hardenAllContents(): void {
  app.on('web-contents-created', (_event, contents) => lockContents(contents))
}

/** After ready: the default session (where the windows live). */
export function hardenDefaultSession(devServerOrigin: string | null): void {
  hardenSession(session.defaultSession, devServerOrigin)
}
