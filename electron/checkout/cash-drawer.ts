import type { DrawerOpening, DrawerPurpose, DrawerView, NoSaleReason } from '../contract/drawer-channels'
import type { CashDrawerSetting } from '../contract/counter-station'
import type { StaffMemberView } from '../contract/staff-channels'
import { FoyerError } from '../ipc-core/foyer-error'
import type { DrawerBook } from '../journal/drawer-book'
import type { PrinterProblem } from '../printers/printer-port'
import { DrawerPulseFailed, type DrawerReading, type EscPosDrawer } from '../printers/raw/escpos-drawer'
import { DrawerWatch } from './drawer-watch'

/**
 * The counter's cash drawer (issue #34): opened by a pulse through the receipt
 * printer where money moves (cash taken, after the tender and before the
 * receipt; cash refunded; the float as a shift opens), and when staff ask (to
 * count it, or a No sale with its reason). Every pulse is journalled with what
 * for and who was signed in (../journal/drawer-book.ts). A pulse that fails is
 * said in words and journalled as failed; it never stops a sale: the cashier
 * opens the drawer with its key. While the printer says the drawer is open,
 * the next sale waits (requireClosed), and a drawer left open two minutes is
 * said (./drawer-watch.ts).
 */
export interface CashDrawerOptions {
  setting: () => CashDrawerSetting
  /** The drawer's port on the saved receipt printer; null when there is none to pulse. */
  port: () => EscPosDrawer | null
  book: () => DrawerBook
  shiftId: () => string | null
  who: () => StaffMemberView | null
  publish: (view: DrawerView) => void
  now?: () => number
  /** How often the switch is read while the drawer is open or just pulsed; default 1 s. */
  pollMs?: number
  /** A sale is being paid or printed: the drawer is read again after it (./drawer-watch.ts). */
  busy?: () => boolean
}

export const drawerMessageKeys = ['drawer.errors.closeFirst', 'drawer.errors.none', 'drawer.errors.shiftFirst'] as const

export class CashDrawer {
  readonly #options: CashDrawerOptions
  readonly #watch: DrawerWatch
  #last: DrawerOpening | null = null

  constructor(options: CashDrawerOptions) {
    this.#options = options
    const now = options.now ?? Date.now
    this.#watch = new DrawerWatch({ read: () => this.#read(), now, pollMs: options.pollMs ?? 1000, busy: options.busy, changed: () => options.publish(this.view()) })
  }

  view(): DrawerView {
    const port = this.#options.port()
    const watched = this.#watch.view()
    return { setting: this.#options.setting(), state: port ? watched.state : 'none', openSince: port ? watched.openSince : null, longOpen: port !== null && watched.longOpen, last: this.#last }
  }

  /** Reads the switch now (the staff screen asks when it opens). */
  async refresh(): Promise<DrawerView> {
    await this.#watch.readNow()
    return this.view()
  }

  async #read(): Promise<DrawerReading> {
    const port = this.#options.port()
    return port ? port.reading() : { state: 'unknown', problems: [] }
  }

  /**
   * Sends the pulse for `purpose` and journals it; resolves with the outcome whatever it is (a drawer
   * that did not open is the cashier's key, never a stopped sale). Without a drawer set up, nothing is
   * sent and nothing journalled: null.
   */
  async open(purpose: DrawerPurpose, about: { saleId?: string; reason?: NoSaleReason } = {}): Promise<DrawerOpening | null> {
    const port = this.#options.port()
    if (!port) return null
    let problems: PrinterProblem[] = []
    try {
      await port.pulse()
    } catch (error) {
      problems = error instanceof DrawerPulseFailed ? error.problems : ['not-answering']
    }
    const { book, shiftId, who } = this.#options
    const at = book().record({ shiftId: shiftId(), purpose, reason: about.reason ?? null, saleId: about.saleId ?? null, by: who(), opened: problems.length === 0, problems })
    this.#last = { purpose, opened: problems.length === 0, problems, at: new Date(at).toISOString() }
    if (problems.length === 0) this.#watch.pulsed()
    this.#options.publish(this.view())
    return this.#last
  }

  /** What staff may ask for: the count (a shift must be open) or a No sale with its reason. */
  async openForStaff(request: { purpose: 'count' } | { purpose: 'no-sale'; reason: NoSaleReason }): Promise<DrawerOpening> {
    if (!this.#options.port()) throw drawerError('drawer.none', 'drawer.errors.none', 'no cash drawer is set up on an ESC/POS receipt printer')
    if (request.purpose === 'count' && this.#options.shiftId() === null) throw drawerError('drawer.no-shift', 'drawer.errors.shiftFirst', 'no shift is open to count')
    return (await this.open(request.purpose, request.purpose === 'no-sale' ? { reason: request.reason } : {}))!
  }

  /**
   * The next sale waits while the printer says the drawer is still open: the switch is read now (the
   * renderer's word is not taken for it). A printer that does not answer is no reason to stop selling.
   */
  async requireClosed(): Promise<void> {
    if (!this.#options.port()) return
    await this.#watch.readNow()
    if (this.#watch.view().state === 'open') throw drawerError('drawer.open', 'drawer.errors.closeFirst', 'the cash drawer is open', true)
  }

  close(): void {
    this.#watch.stop()
  }
}

const drawerError = (code: string, messageKey: (typeof drawerMessageKeys)[number], detail: string, retryable = false) =>
  new FoyerError({ code, messageKey, retryable, detail })
