import type { SaleRecord, SaleState } from '../journal/sales-journal'
import { staffNoteText } from '../journal/staff-note'
import type { CheckoutService } from './checkout-service'
import { interruptedStandaloneNote } from './standalone'

/**
 * What Foyer does on start with sales a crash or power cut left in flight,
 * read from the journal:
 * - submitting: the order's answer never came; no money was taken. Its seats
 *   are given back by inventory id (at the vendor, releasing the seats of an
 *   order it placed voids that order), so nobody waits for its hold to lapse.
 *   Marked failed.
 * - invoiced, declined: no money held; the order is voided so its seats go back.
 * - paying: the payment's answer never came; the terminal is asked. Approved
 *   → confirm (or refund if the vendor will not); not taken → void the order;
 *   still unknown → staff. Cash and the standalone terminal cannot be asked:
 *   staff.
 * - paid: confirm again (idempotent); refund if it finally fails.
 * - needs-staff: asked again, in case the terminal can now say.
 * Sales that end paid-and-refunded or unresolved are listed for staff on the
 * recovery screen, with the journal's note saying what to do.
 */
export interface RecoveredSale {
  saleId: string
  reference: string | null
  from: SaleState
  to: SaleState
}

export interface RecoveryReport {
  recovered: RecoveredSale[]
  /** Sales staff must look at: refunds to check, payments whose fate is unknown. */
  forStaff: SaleRecord[]
}

export async function recoverSales(checkout: CheckoutService): Promise<RecoveryReport> {
  const journal = checkout.journal
  const recovered: RecoveredSale[] = []
  for (const sale of journal.unfinished()) {
    const to = await recoverOne(checkout, sale)
    // A sale that waited for staff and is now settled (confirmed, or voided with nothing taken) needs them no more.
    if (sale.state === 'needs-staff' && (to === 'confirmed' || to === 'cancelled')) journal.resolveStaffNote(sale.saleId, 'settled by recovery')
    recovered.push({ saleId: sale.saleId, reference: sale.reference, from: sale.state, to })
  }
  // Confirmed, but the printer was interrupted: print the tickets and receipt again.
  for (const sale of journal.unprinted()) {
    journal.note(sale.saleId, 'recovery-started', { state: sale.state })
    const printed = await checkout.print(sale, 'sale')
    recovered.push({ saleId: sale.saleId, reference: sale.reference, from: sale.state, to: printed ? 'printed' : 'confirmed' })
  }
  const forStaff = recovered
    .filter((r) => r.to === 'needs-staff' || r.to === 'refunded')
    .map((r) => journal.get(r.saleId)!)
  return { recovered, forStaff }
}

async function recoverOne(checkout: CheckoutService, sale: SaleRecord): Promise<SaleState> {
  const journal = checkout.journal
  journal.note(sale.saleId, 'recovery-started', { state: sale.state })
  switch (sale.state) {
    case 'submitting':
      await giveBackSeats(checkout, sale)
      return journal.record(sale.saleId, 'recovered-unsubmitted', 'failed', {}, { why: 'the order answer never arrived; no payment was taken' }).state
    case 'invoiced':
    case 'declined':
      await checkout.voidOrder(sale, 'recovery: unpaid order of an interrupted sale')
      return 'cancelled'
    // A split sale stopped between its parts: its order is not paid in full, so each part goes back.
    case 'part-paid':
      await checkout.giveBack(sale, { key: 'whySplitInterrupted', params: {} })
      return journal.get(sale.saleId)!.state
    case 'paid':
      return (await checkout.confirm(sale)).state === 'confirmed' ? 'confirmed' : journal.get(sale.saleId)!.state
    case 'paying':
    case 'needs-staff':
      return recoverPayment(checkout, sale)
    default:
      return sale.state
  }
}

/**
 * The seats of a sale whose order's answer never came, given back by inventory id: held by this kiosk
 * still, or taken by an order the vendor placed. Those the start already released with the leftover
 * holds are not held any more; seats that cannot be released now stay recorded and go at the next start.
 */
async function giveBackSeats(checkout: CheckoutService, sale: SaleRecord): Promise<void> {
  const seats = sale.request.items.filter((item) => item.inventoryIds && item.inventoryIds.length > 0)
  if (seats.length === 0) return
  try {
    for (const item of seats) await checkout.holds.release(item.productId, item.inventoryIds!)
    checkout.journal.note(sale.saleId, 'recovered-seats-released', { seats: seats.flatMap((item) => item.inventoryIds!) })
  } catch (error) {
    checkout.journal.note(sale.saleId, 'recovered-seats-release-failed', { reason: (error as Error).message })
  }
}

/** A payment that was started: what did the terminal do? */
async function recoverPayment(checkout: CheckoutService, sale: SaleRecord): Promise<SaleState> {
  const journal = checkout.journal
  // Only a payment whose answer is not known is asked about again; one taken and not refunded stays with staff.
  const payment = sale.payments.filter((p) => p.kind === 'payment').at(-1)
  if (sale.orderState !== 'submitted' || !payment || (payment.state !== 'started' && payment.state !== 'unknown')) return sale.state
  const toStaff = (step: string, staffNote: string) =>
    journal.settlePayment(sale.saleId, step, payment.seq, 'unknown', {}, { changes: { staffNote, heldForStaff: true } }).state
  if (payment.tender === 'cash') {
    // Cash is taken by hand: only staff can say whether it is in the drawer.
    const note = staffNoteText([{ key: 'cashInterrupted', params: { reference: sale.reference } }])
    return toStaff('recovered-cash-unknown', note)
  }
  if (payment.tender === 'standalone') {
    // The card was taken on a terminal Foyer cannot reach: only staff can say whether it approved.
    return toStaff('recovered-standalone-unknown', interruptedStandaloneNote(journal, sale))
  }
  const status = payment.attemptKey ? await checkout.paymentAfterRestart(sale.saleId, payment.attemptKey) : null
  if (status === null || status.outcome === 'declined' || status.outcome === 'cancelled' || status.outcome === 'unavailable') {
    const notTaken = journal.settlePayment(sale.saleId, 'recovered-payment-not-taken', payment.seq, 'declined', {}, {}, { outcome: status?.outcome ?? 'none' })
    // A split sale's other parts were taken: they go back, as the order is not paid in full.
    if (notTaken.state === 'part-paid') {
      await checkout.giveBack(notTaken, { key: 'whySplitCardNotTaken', params: {} })
      return journal.get(sale.saleId)!.state
    }
    await checkout.voidOrder(notTaken, 'recovery: the payment was not taken')
    return 'cancelled'
  }
  if (status.outcome === 'unknown') {
    const note = staffNoteText([{ key: 'paymentStillUnknown', params: { paymentKey: payment.attemptKey, reference: sale.reference } }])
    return toStaff('recovered-payment-unknown', note)
  }
  const card = { brand: status.brand, last4: status.last4, ...(status.receipt ? { receipt: status.receipt } : {}) }
  const paid = journal.settlePayment(sale.saleId, 'recovered-payment-approved', payment.seq, 'approved', { reference: status.transactionId }, {}, card)
  return (await checkout.confirm(paid)).state === 'confirmed' ? 'confirmed' : journal.get(sale.saleId)!.state
}
