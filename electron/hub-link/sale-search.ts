import { HUB_PATHS, SaleSearchAnswer, type SaleSearchRequest } from '../../hub/protocol'
import type { FoundSale } from '../contract'
import type { Post } from './staff-sync'

/**
 * The device's half of the hub's sale search (hub/protocol/sale-search.ts): a code the counter scanned
 * and its own journal had no sale for, asked of the hub among the venue's other devices' sales. The hub
 * finds a sale by its booking or payment reference or by a ticket's barcode (a sale uploaded by an older
 * Foyer, without its barcodes: by a reference only). What it answers is shown read-only: a reprint or a
 * refund is made at the device that sold it and took the money.
 */
type Searched = SaleSearchAnswer['sales'][number]

/** The sale as the sale screen shows it: where it was sold, its shows, payments and refunds; nothing may be done with it here. */
export function foundAtHub({ deviceName, occurredAt, sale, refunds }: Searched, code: string): FoundSale {
  // The hub matches any case, as this device's own journal does.
  const aTicket = (sale.ticketCodes ?? []).some((ticket) => ticket.toLowerCase() === code.toLowerCase())
  const givenBack = new Set(refunds.map((r) => r.refersTo))
  const refundedCents = refunds.reduce((sum, r) => sum + r.amountCents, 0)
  return {
    source: 'hub',
    soldAt: deviceName,
    saleId: sale.saleId,
    reference: sale.bookingReference,
    matched: aTicket ? 'ticket' : 'reference',
    // The hub is told of sales the vendor confirmed only: sold, or refunded once everything went back.
    standing: refunds.length > 0 && refundedCents >= sale.amountCents ? 'refunded' : 'sold',
    createdAt: occurredAt,
    soldBy: sale.cashier,
    amountCents: sale.amountCents,
    shows: sale.shows.map((show) => ({ title: show.event, date: show.showsAt, tickets: show.tickets })),
    // The hub holds a sale's barcodes only, not its tickets (number, seat, price class): none to list.
    tickets: [],
    payments: sale.payments.map((p) => ({ tender: p.tender, amountCents: p.amountCents, state: givenBack.has(p.seq) ? 'given-back' : 'taken' })),
    refunds: refunds.map((r) => ({ tender: r.tender, amountCents: r.amountCents, askedBy: r.askedBy, approvedBy: r.approvedBy })),
    canReprint: false,
    canRefund: false,
  }
}

/**
 * The newest sale of this device's backend (a training counter never shows a real sale, nor the other way
 * round) the hub has for `code`; null when it has none, or cannot be asked now: the scan then says "not found".
 */
export async function searchSaleAtHub(post: Post, code: string, backend: string): Promise<FoundSale | null> {
  try {
    const answer = await post(HUB_PATHS.saleSearch, { code } satisfies SaleSearchRequest)
    const parsed = answer.status === 200 ? SaleSearchAnswer.safeParse(answer.body) : null
    const same = parsed?.success ? parsed.data.sales.find((found) => found.sale.backend === backend) : undefined
    return same ? foundAtHub(same, code) : null
  } catch {
    return null
  }
}
