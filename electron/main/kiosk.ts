import { app, Menu, powerSaveBlocker, type BrowserWindow } from 'electron'
import type { AppMode } from '../contract'
import type { Logger } from '../ipc-core/logger'
import { SelfServiceLock } from '../kiosk/self-service-lock'
import { isBlockedShortcut } from '../kiosk/shortcut-filter'

/**
 * Self-service lockdown of the main window: full-screen kiosk, no menu, no
 * way out by keyboard, the display kept awake, Foyer started at login. When
 * it locks and unlocks is decided by SelfServiceLock (plain Node, tested):
 * staff leave with the staff PIN (kiosk.exit), it locks again at rest or on
 * request, and follows the mode (electron/services/kiosk-service.ts).
 */
export class KioskLock extends SelfServiceLock {
  #window: BrowserWindow | null = null
  #awake: number | null = null
  #quitting = false

  constructor(private readonly log: Logger) {
    super()
    // Closing is refused while locked, except when Foyer itself quits (or the OS session ends).
    app.on('before-quit', () => (this.#quitting = true))
  }

  override lockFor(mode: AppMode): void {
    super.lockFor(mode)
    startAtLogin(mode === 'self-service', this.log)
  }

  override leave(): void {
    if (this.locked) this.log.warn('staff left kiosk mode with the PIN')
    super.leave()
  }

  /** Applies the lock to a (new) main window and keeps applying it. */
  attach(window: BrowserWindow): void {
    this.#window = window
    window.webContents.on('before-input-event', (event, input) => {
      if (isBlockedShortcut(input, { kiosk: this.locked })) event.preventDefault()
    })
    window.on('close', (event) => {
      if (this.locked && !this.#quitting) event.preventDefault()
    })
    window.on('session-end', () => (this.#quitting = true))
    this.applyLock(this.locked)
  }

  protected override applyLock(locked: boolean): void {
    Menu.setApplicationMenu(applicationMenu(locked))
    if (locked && this.#awake === null) this.#awake = powerSaveBlocker.start('prevent-display-sleep')
    if (!locked && this.#awake !== null) {
      powerSaveBlocker.stop(this.#awake)
      this.#awake = null
    }
    const window = this.#window
    if (!window || window.isDestroyed()) return
    window.setKiosk(locked)
    window.setFullScreen(locked)
    window.setAlwaysOnTop(locked)
    window.setClosable(!locked)
    window.setMinimizable(!locked)
    window.setResizable(!locked)
  }
}

/**
 * No menu on the kiosk. At a counter on macOS a minimal one keeps Cmd+C/V and
 * Cmd+Q working (macOS routes those through the menu); elsewhere none is needed.
 */
function applicationMenu(locked: boolean): Menu | null {
  if (locked || process.platform !== 'darwin') return null
  return Menu.buildFromTemplate([{ role: 'appMenu' }, { role: 'editMenu' }])
}

/** Start at login on a self-service machine (Windows and macOS; on Linux Electron cannot, the desktop's autostart does). */
function startAtLogin(selfService: boolean, log: Logger): void {
  if (process.platform === 'linux') return
  // An unpackaged run would register the bare Electron binary.
  if (!app.isPackaged) return
  try {
    app.setLoginItemSettings({ openAtLogin: selfService })
  } catch (error) {
    log.warn('could not set start at login', { reason: (error as Error).message })
  }
}

/**
 * One Foyer per machine: a second start (a customer double-tapping the icon, the
 * login item and a shortcut) gives focus to the running one and quits, so two
 * copies never share the sales journal. False when this copy is the second.
 */
export function claimSingleInstance(mainWindow: () => BrowserWindow | null): boolean {
  if (!app.requestSingleInstanceLock()) return false
  app.on('second-instance', () => {
    const window = mainWindow()
    if (!window || window.isDestroyed()) return
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  })
  return true
}
