import type { AppMode } from '../contract'
import type { CashDrawerSetting } from '../contract/counter-station'
import type { DrawerView } from '../contract/drawer-channels'
import { CashDrawer } from '../checkout/cash-drawer'
import type { CounterDesk } from '../counter/counter-desk'
import type { LocalDb } from '../database/local-db'
import type { Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import type { PushBus } from '../ipc-core/push-bus'
import { DrawerBook } from '../journal/drawer-book'
import type { PrinterChoice } from '../printers/chosen-printer'
import { drawerOfChoice } from '../printers/drawer-of-choice'
import type { SalesContext } from './sales-service'
import { saleInProgress } from './update-gate'

/**
 * The counter's cash drawer in main (../checkout/cash-drawer.ts), one for the
 * machine whichever backend sells: its pulses are journalled under the
 * connected backend's open shift, and a No sale may be made before any sale.
 */
export interface CashDrawerPieces {
  /** Where the drawer is wired (the staff setting, read at each use). */
  setting: () => CashDrawerSetting
  /** The receipt printer staff saved (never the counter's stand-in system printer: the cable does not move). */
  printer: () => PrinterChoice
}

const LABEL = 'Cash drawer'

export function startCashDrawer(pieces: CashDrawerPieces, db: LocalDb, pushes: PushBus, desk: CounterDesk, sales: () => SalesContext | null): CashDrawer {
  const books = new Map<string, DrawerBook>()
  const bookFor = (backend: string) => {
    let book = books.get(backend)
    if (!book) books.set(backend, (book = new DrawerBook(db, backend)))
    return book
  }
  return new CashDrawer({
    setting: pieces.setting,
    port: () => drawerOfChoice(pieces.setting(), pieces.printer(), LABEL),
    // Before any backend is connected there is no shift: a No sale is still journalled, under no backend.
    book: () => bookFor(sales()?.shifts.backend ?? 'none'),
    shiftId: () => sales()?.shifts.current()?.shiftId ?? null,
    who: () => desk.who(),
    publish: (view) => pushes.publish('drawer.changed', view),
    busy: () => {
      const context = sales()
      return context !== null && context.checkout.journal.unfinished().some((sale) => saleInProgress(sale, context.api.clock.now()))
    },
  })
}

export const drawerServiceMessageKeys = ['drawer.errors.counterOnly'] as const

/** A self-service kiosk has no drawer: its screen may neither read nor open one. */
const counterOnly = () => new FoyerError({ code: 'drawer.counter-only', messageKey: 'drawer.errors.counterOnly', retryable: false, detail: 'the cash drawer is a counter’s' })

const NO_DRAWER: DrawerView = { setting: 'none', state: 'none', openSince: null, longOpen: false, last: null }

export function drawerHandlers(drawer: CashDrawer | null, mode: () => AppMode): { 'drawer.status': Handler<'drawer.status'>; 'drawer.open': Handler<'drawer.open'> } {
  return {
    'drawer.status': () => {
      if (mode() !== 'counter') throw counterOnly()
      return drawer ? drawer.refresh() : NO_DRAWER
    },
    'drawer.open': (request) => {
      if (mode() !== 'counter') throw counterOnly()
      if (!drawer) throw new FoyerError({ code: 'drawer.none', messageKey: 'drawer.errors.none', retryable: false, detail: 'no cash drawer is set up' })
      return drawer.openForStaff(request)
    },
  }
}
