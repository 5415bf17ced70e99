import type { EventShows, OrderRequest } from '../contract'
import { FoyerError } from '../ipc-core/foyer-error'
import type { SeatKey } from '../holds/hold-manager'

/**
 * The box office's cut-off for a show ("not sold 30 minutes before it starts", a service rule from
 * the hub): given the show's start, the manager's words while it is past its cut-off here, else null.
 * Decided by main on the device's clock from the rules it keeps, so it holds while the hub is away;
 * the renderer is told, never asked.
 */
export type ShowCutOff = (showStart: number) => { message: string } | null

/** Never past a cut-off: a device with no hub, or no rule. */
export const NO_CUT_OFF: ShowCutOff = () => null

/** What the cut-off needs of the connected backend: each listed show's start, and the seats held here. */
export interface CutOffScope {
  startOf: (productId: number) => number | null
  holdsAll: (seats: readonly SeatKey[]) => boolean
}

const pastCutOff = (productId: number) =>
  new FoyerError({ code: 'checkout.show-cut-off', messageKey: 'checkout.errors.showCutOff', retryable: false, detail: `show ${productId} is past the box office's cut-off here` })

/** The manager's words for a show past its cut-off now; null while it sells (or its start is not known: see SaleWindows.startOf). */
export function cutOffOf(scope: CutOffScope, cutOff: ShowCutOff, productId: number): { message: string } | null {
  const start = scope.startOf(productId)
  return start === null ? null : cutOff(start)
}

/** No seats of a show past its cut-off are offered: no new customer starts buying it here. */
export function refuseOfferPastCutOff(scope: CutOffScope, cutOff: ShowCutOff, productId: number): void {
  if (cutOffOf(scope, cutOff, productId)) throw pastCutOff(productId)
}

/**
 * An order's item for a show past its cut-off is placed only for seats this device holds. As at a
 * box office window at the cut-off, the customer already at the terminal finishes: seats held before
 * it (no offer is given after it) may be ordered and paid within their hold; anything else for that
 * show (seats not held here, general admission left to the vendor to allocate) is a new sale, refused.
 * A placed order is always paid: the cut-off never leaves a customer's money half-taken.
 */
export function refuseOrderPastCutOff(scope: CutOffScope, cutOff: ShowCutOff, item: OrderRequest['items'][number]): void {
  if (!cutOffOf(scope, cutOff, item.productId)) return
  const seats = (item.inventoryIds ?? []).map((inventoryId) => ({ productId: item.productId, inventoryId }))
  if (!scope.holdsAll(seats)) throw pastCutOff(item.productId)
}

/** The event's shows, each past its cut-off marked with the manager's words, so the screen says so before a seat is chosen. */
export function markedShows(scope: CutOffScope, cutOff: ShowCutOff, shows: EventShows): EventShows {
  return {
    ...shows,
    shows: shows.shows.map((show) => {
      const closed = cutOffOf(scope, cutOff, show.productId)
      return closed ? { ...show, notSoldHere: { message: closed.message } } : show
    }),
  }
}
