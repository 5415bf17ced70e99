import { FoyerError } from '../ipc-core/foyer-error'
import { dueOf, takenOf } from '../journal/sale-states'
import type { PaymentRecord, SaleRecord } from '../journal/sales-journal'
import type { PaymentInput } from './checkout-types'

/**
 * Split tender at the counter: "S$50 in cash, the rest on the card". A
 * counter card sale (or one on the standalone terminal) takes a cash part
 * first, then the rest on the card. Main decides every amount: a part must
 * leave something for the card (a part that covers the whole is a cash sale,
 * which is placed as one), the card is charged only what is still due, and
 * once a part is taken the rest may also be paid in cash (the card declined).
 * Each part is a payment record of its own with its own idempotency key, so a
 * retried card is never charged twice and the cash part stays recorded.
 */
/** The next payment's number within the sale (its card idempotency key's suffix): never one used before. */
export const nextPaymentSeq = (sale: Pick<SaleRecord, 'payments'>): number => (sale.payments.at(-1)?.seq ?? 0) + 1

/** The payments a split sale has taken and not given back, in the order they were taken. */
export const paymentsNotGivenBack = (sale: Pick<SaleRecord, 'payments'>): PaymentRecord[] => sale.payments.filter((p) => p.kind === 'payment' && p.state === 'approved')

const refuse = (detail: string) => new FoyerError({ code: 'checkout.split-part', messageKey: 'checkout.errors.splitPart', retryable: false, detail })

/**
 * Whether this payment is a part of a split sale, refused where it cannot be:
 * a cash part only of a card sale (cash sales are cash already) and only less
 * than is due; cash for the rest only once a part is taken. Answers whether
 * the payment is one of a split sale's (so its tender may differ from the sale's).
 */
export function splitPartOf(sale: SaleRecord, input: PaymentInput): boolean {
  if (input.tender !== 'cash') return takenOf(sale) > 0
  if (input.partCents === undefined) return sale.tender !== 'cash' && takenOf(sale) > 0
  if (sale.tender === 'cash') throw refuse(`sale ${sale.saleId} is a cash sale: it is not split`)
  const due = dueOf(sale)
  if (!Number.isInteger(input.partCents) || input.partCents <= 0 || input.partCents >= due) {
    throw refuse(`a cash part of ${input.partCents} must leave something of ${due} for the card`)
  }
  return true
}
