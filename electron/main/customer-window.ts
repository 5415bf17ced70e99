import { BrowserWindow, screen, type Display } from 'electron'
import { join } from 'node:path'
import type { DisplayInfo } from '../contract'
import type { Logger } from '../ipc-core/logger'
import type { PushBus } from '../ipc-core/push-bus'
import { APP_ENTRY_URL } from '../security/app-path'
import { customerDisplayWindowOptions } from '../security/window-options'
import type { DisplayScreens } from '../services/customer-display'

/**
 * The customer display's window (issue #34): the same renderer, opened on its customer page
 * (`#display=customer`), full screen on the display staff chose (setting `customerDisplayId`; none: the
 * first display that is not the cashier's). Main tells its webContents apart from the cashier's and lets
 * it call `customerDisplay.view` only (./ipc.ts).
 */
const preloadPath = join(import.meta.dirname, '../preload/index.cjs')
export const CUSTOMER_PAGE_URL = `${APP_ENTRY_URL}#display=customer`

export interface CustomerWindowDeps {
  /** The cashier's window, whose display the customer's is not (by default). */
  cashiers: () => BrowserWindow | null
  /** The setting `customerDisplayId` (null: the first display that is not the cashier's). */
  chosenId: () => number | null
  /** Whether staff want the window now (setting `customerDisplay`, counter mode): one opened for a test picture only closes after it. */
  wanted: () => boolean
  log: Logger
}

export class CustomerWindow implements DisplayScreens {
  #window: BrowserWindow | null = null

  constructor(private readonly deps: CustomerWindowDeps) {}

  /** Whether `contents` is the customer display's page: main allows it the customer display's channel only. */
  isCustomerPage(contentsId: number): boolean {
    return this.#window !== null && !this.#window.isDestroyed() && this.#window.webContents.id === contentsId
  }

  #cashiersDisplay(): Display | null {
    const cashiers = this.deps.cashiers()
    return cashiers && !cashiers.isDestroyed() ? screen.getDisplayMatching(cashiers.getBounds()) : null
  }

  list(): DisplayInfo[] {
    const cashiers = this.#cashiersDisplay()
    return screen.getAllDisplays().map((d, i) => ({
      id: d.id,
      label: (d.label || `Display ${i + 1}`).slice(0, 100),
      width: d.size.width,
      height: d.size.height,
      cashiers: d.id === cashiers?.id,
    }))
  }

  /** The display to use: the one asked for, else the setting's, else the first that is not the cashier's. */
  #target(displayId: number | null): Display | null {
    const displays = screen.getAllDisplays()
    const wanted = displayId ?? this.deps.chosenId()
    if (wanted !== null) return displays.find((d) => d.id === wanted) ?? null
    const cashiers = this.#cashiersDisplay()
    return displays.find((d) => d.id !== cashiers?.id) ?? null
  }

  /** Opens the window (or moves it) onto the display; false when there is no such display. */
  show(displayId: number | null): boolean {
    const display = this.#target(displayId)
    if (!display) return false
    if (this.#window && !this.#window.isDestroyed()) {
      this.#window.setBounds(display.bounds)
      this.#window.setFullScreen(true)
      return true
    }
    const options = customerDisplayWindowOptions(display.bounds)
    const window = new BrowserWindow({ ...options, webPreferences: { ...options.webPreferences, preload: preloadPath } })
    this.#window = window
    window.once('ready-to-show', () => window.showInactive())
    window.on('closed', () => {
      if (this.#window === window) this.#window = null
    })
    window.loadURL(CUSTOMER_PAGE_URL).catch((error: unknown) => this.deps.log.warn('the customer display did not load', { error }))
    return true
  }

  tested(): void {
    if (!this.deps.wanted()) this.close()
  }

  /** Closes the window (the setting turned off, Foyer quitting). */
  close(): void {
    if (this.#window && !this.#window.isDestroyed()) this.#window.destroy()
    this.#window = null
  }

  /** The window itself, for the pushes (./ipc.ts sends it the customer display's push only). */
  get window(): BrowserWindow | null {
    return this.#window && !this.#window.isDestroyed() ? this.#window : null
  }
}

/**
 * Keeps the customer display's window open while staff want one at a counter (settings `customerDisplay`,
 * mode counter), on the display they chose, and closed otherwise; looked at again whenever settings or
 * the mode change.
 */
export function keepCustomerWindow(window: CustomerWindow, wanted: () => boolean, pushes: PushBus): () => void {
  const apply = () => {
    if (wanted()) window.show(null)
    else window.close()
  }
  apply()
  return pushes.attach((name) => {
    if (name === 'settings.changed' || name === 'system.changed') apply()
  })
}
