/**
 * The options every Foyer window is made with, as plain data (no Electron
 * import) so tests/unit/security/electron-config.test.ts can read exactly what
 * electron/main/window.ts passes to BrowserWindow. Electron's own types check
 * the object where it is used.
 */

/** The web preferences of every renderer window (Electron security checklist, as Element, Signal and VS Code keep it). */
export const SECURE_WEB_PREFERENCES = {
  /** The preload runs in its own world; the page sees only the frozen window.foyer. */
  contextIsolation: true,
  /** The renderer is an OS-sandboxed Chromium process; the preload is one CommonJS bundle for this reason. */
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  /** No experimental web platform features, no navigation on drag-and-drop of a file. */
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  /** No dictionary downloads, no spelling suggestions on a kiosk. */
  spellcheck: false,
  /** The app has its own large-text setting; pinch or Ctrl+wheel zoom would break the layout. */
  zoomFactor: 1,
  /** A kiosk left in the background (attract loop, idle timer) must keep its timers. */
  backgroundThrottling: false,
} as const

/** The main window; in self-service mode it is a full-screen kiosk. */
export function mainWindowOptions(kiosk: boolean) {
  return {
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 600,
    backgroundColor: '#10151f',
    show: false,
    autoHideMenuBar: true,
    kiosk,
    fullscreen: kiosk,
    /** A kiosk window cannot be closed, minimised or resized by a customer. */
    closable: !kiosk,
    minimizable: !kiosk,
    resizable: !kiosk,
    alwaysOnTop: kiosk,
    webPreferences: SECURE_WEB_PREFERENCES,
  } as const
}

/**
 * The customer display's window (issue #34): full screen on the display staff chose, never focused (the
 * cashier's keys stay on the cashier's window), no menu, no devtools, the same web preferences as the
 * main window. Main lets its page call the customer display's channel and nothing else (main/ipc.ts).
 */
export function customerDisplayWindowOptions(bounds: { x: number; y: number; width: number; height: number }) {
  return {
    ...bounds,
    backgroundColor: '#10151f',
    show: false,
    frame: false,
    autoHideMenuBar: true,
    fullscreen: true,
    focusable: false,
    closable: false,
    minimizable: false,
    resizable: false,
    movable: false,
    skipTaskbar: true,
    webPreferences: { ...SECURE_WEB_PREFERENCES, devTools: false },
  } as const
}
