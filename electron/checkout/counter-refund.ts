import { formatMoney } from '../contract/money'
import { FoyerError } from '../ipc-core/foyer-error'
import type { SaleRecord } from '../journal/sales-journal'
import type { CheckoutService } from './checkout-service'
import { approvalCodeFromSteps } from './standalone'

/**
 * A supervisor gives a confirmed counter sale back (the customer returns the
 * tickets): the card payment is refunded at the terminal that took it, cash
 * is handed back from the drawer (the shift then no longer counts it), and a
 * card taken on the standalone terminal is reversed there by staff. The sale
 * ends "refunded", names the supervisor, and a refund slip is printed. The
 * vendor's API has no way to void a confirmed order, so the note tells staff
 * to keep the returned tickets and void the order in the vendor's back office.
 * Only sales of the open shift: an earlier shift's drawer is counted and closed.
 */
export const counterRefundMessageKeys = ['staff.errors.notRefundable'] as const

export interface CounterRefund {
  state: 'refunded' | 'needs-staff'
  printed: boolean
}

const notRefundable = (sale: SaleRecord | null, why: string) =>
  new FoyerError({ code: 'checkout.not-refundable', messageKey: 'staff.errors.notRefundable', retryable: false, detail: `sale ${sale?.saleId ?? '?'} ${why}` })

export async function refundAtCounter(checkout: CheckoutService, saleId: string, openShiftId: string | null, by: { name: string }): Promise<CounterRefund> {
  const journal = checkout.journal
  const sale = journal.get(saleId)
  if (!sale || (sale.state !== 'confirmed' && sale.state !== 'printed')) throw notRefundable(sale, `is ${sale?.state ?? 'unknown'}, not a confirmed sale`)
  if (openShiftId === null || sale.shiftId !== openShiftId) throw notRefundable(sale, 'is not a sale of the open shift')
  const amount = formatMoney(sale.amountCents, 'en-SG')
  const voidAtVendor = `Keep the returned tickets and void order ${sale.reference} in the vendor's back office.`
  journal.note(saleId, 'counter-refund-started', { by: by.name })
  let note: string
  if (sale.tender === 'card') {
    try {
      await checkout.terminal!.refund(sale.paymentKey!)
    } catch (error) {
      const failed = `${by.name} refunded ${sale.reference}, but the card terminal did not refund payment ${sale.paymentKey} (${(error as Error).message}). Refund it on the terminal. ${voidAtVendor}`
      journal.record(saleId, 'counter-refund-failed', 'needs-staff', { staffNote: failed, refundedByName: by.name })
      return { state: 'needs-staff', printed: false }
    }
    note = `Card payment ${sale.paymentKey} of ${sale.reference} refunded by ${by.name}. ${voidAtVendor}`
  } else if (sale.tender === 'cash') {
    note = `${amount} given back in cash for ${sale.reference} by ${by.name}. ${voidAtVendor}`
  } else {
    const code = approvalCodeFromSteps(journal.steps(saleId)) ?? 'unknown'
    note = `Reverse ${amount} (approval code ${code}) on the standalone terminal for ${sale.reference}; refund approved by ${by.name}. ${voidAtVendor}`
  }
  const refunded = journal.record(saleId, 'counter-refunded', 'refunded', { staffNote: note, refundedByName: by.name }, { by: by.name })
  return { state: 'refunded', printed: await checkout.print(refunded, 'refund') }
}
