import { app, Menu, powerSaveBlocker, type BrowserWindow } from 'electron'
import type { AppMode } from '../contract'
import type { PushBus } from '../ipc-core/push-bus'
import type { Logger } from '../ipc-core/dispatcher'
import { isBlockedShortcut } from '../kiosk/shortcut-filter'
import type { KioskControl } from '../services/kiosk-service'

/**
 * Self-service lockdown of the main window: full-screen kiosk, no menu, no
 * way out by keyboard, the display kept awake, Foyer started at login. Staff
 * leave it with the staff PIN (kiosk.exit, checked in the services); a change
 * of mode in the settings locks or unlocks it too.
 */
export class KioskLock implements KioskControl {
  #locked = false
  #window: BrowserWindow | null = null
  #awake: number | null = null
  #quitting = false

  constructor(private readonly log: Logger) {
    // Closing is refused while locked, except when Foyer itself quits (or the OS session ends).
    app.on('before-quit', () => (this.#quitting = true))
  }

  get locked(): boolean {
    return this.#locked
  }

  /** Locks for self-service, unlocks for the counter. */
  lockFor(mode: AppMode): void {
    this.#set(mode === 'self-service')
    startAtLogin(mode === 'self-service', this.log)
  }

  leave(): void {
    this.log.warn('staff left kiosk mode with the PIN')
    this.#set(false)
  }

  /** Follows mode changes made in the staff settings (not every system.changed: staff who left stay out). */
  followMode(pushes: PushBus, initial: AppMode): () => void {
    let mode = initial
    return pushes.attach((name, payload) => {
      if (name !== 'system.changed') return
      const next = (payload as { mode: AppMode }).mode
      if (next === mode) return
      mode = next
      this.lockFor(next)
    })
  }

  /** Applies the lock to a (new) main window and keeps applying it. */
  attach(window: BrowserWindow): void {
    this.#window = window
    window.webContents.on('before-input-event', (event, input) => {
      if (isBlockedShortcut(input, { kiosk: this.#locked })) event.preventDefault()
    })
    window.on('close', (event) => {
      if (this.#locked && !this.#quitting) event.preventDefault()
    })
    window.on('session-end', () => (this.#quitting = true))
    this.#apply()
  }

  #set(locked: boolean): void {
    this.#locked = locked
    this.#apply()
  }

  #apply(): void {
    const locked = this.#locked
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
