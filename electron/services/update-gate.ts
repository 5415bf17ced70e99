import type { SaleRecord } from '../journal/sales-journal'
import type { SalesContext } from './sales-service'

/**
 * When a downloaded update may be installed: never mid-sale. Installing
 * restarts Foyer, so it waits until the kiosk is at rest: no seats held for a
 * customer, no checkout between order and tickets, and the renderer on the
 * attract screen (self-service) or the sign-in screen (counter). Everything
 * here is main's own state; the renderer only tells main which screen it shows.
 */
export interface UpdateFacts {
  /** Seats held for the customer now (HoldManager.status().count). */
  heldSeats: number
  /** The journal's unfinished sales (SalesJournal.unfinished()). */
  unfinishedSales: readonly Pick<SaleRecord, 'state' | 'expiresAt'>[]
  /** The screen the renderer last reported (null: it has not said yet). */
  screen: string | null
  now: number
}

export type UpdateHoldReason = 'seats-held' | 'sale-unfinished' | 'screen-busy' | 'screen-unknown'

export type UpdateVerdict = { ok: true; reason: null } | { ok: false; reason: UpdateHoldReason }

/** The screens with nobody in the middle of a sale (route names in renderer/src/router.ts). */
export const RESTING_SCREENS: ReadonlySet<string> = new Set(['attract', 'counter-sign-in'])

/**
 * Whether a sale in the journal is still in someone's hands. `needs-staff` is
 * not: it waits for staff, may wait for days (it stays in that state after staff
 * resolve it) and recovery picks it up on the next start, so it must not keep a
 * kiosk from ever updating. An invoice nobody paid before the vendor let it
 * lapse is over too (recovery voids it on start).
 */
export function saleInProgress(sale: Pick<SaleRecord, 'state' | 'expiresAt'>, now: number): boolean {
  switch (sale.state) {
    case 'submitting':
    case 'paying':
    case 'paid':
    case 'part-paid':
      return true
    case 'invoiced':
    case 'declined':
      return sale.expiresAt === null || sale.expiresAt > now
    default:
      return false
  }
}

export function canInstallUpdateNow(facts: UpdateFacts): UpdateVerdict {
  if (facts.heldSeats > 0) return { ok: false, reason: 'seats-held' }
  if (facts.unfinishedSales.some((sale) => saleInProgress(sale, facts.now))) return { ok: false, reason: 'sale-unfinished' }
  if (facts.screen === null) return { ok: false, reason: 'screen-unknown' }
  if (!RESTING_SCREENS.has(facts.screen)) return { ok: false, reason: 'screen-busy' }
  return { ok: true, reason: null }
}

/** The facts, read from a running runtime: its connected backend (if any) and the renderer's last screen. */
export function readUpdateFacts(sales: { readonly context: SalesContext | null }, system: { readonly screen: string | null }, now = Date.now()): UpdateFacts {
  const context = sales.context
  return {
    heldSeats: context ? context.holds.status().count : 0,
    unfinishedSales: context ? context.checkout.journal.unfinished() : [],
    screen: system.screen,
    now,
  }
}
