import type { CardOfPayment, SaleShow, ShiftPayload } from '../../hub/protocol'
import type { ShiftReportView } from '../contract/shift-channels'
import { centsOf } from '../contract/money'
import type { OrderItem } from '../contract'
import { approvedCardDetailSchema, CARD_APPROVED_STEPS } from '../journal/card-step'
import type { PaymentRecord } from '../journal/sale-payments'
import type { SaleStep } from '../journal/sales-journal'

/**
 * What end of day at the hub needs beyond a record's money (issue #26): a show's tickets by price class,
 * the card each terminal payment took, a closed shift's drawer from its Z report. Each is left out
 * when the journal cannot say it exactly, rather than sent as a guess.
 */

/**
 * A show's tickets by price class. Sent only when its lines add up to the show's money to the cent:
 * the hub sums price classes as it sums shows, and the two must agree.
 */
export function priceClassesOf(items: readonly OrderItem[], showCents: number): SaleShow['priceClasses'] {
  const byCode = new Map<string, NonNullable<SaleShow['priceClasses']>[number]>()
  for (const line of items.flatMap((item) => item.lines)) {
    const each = centsOf(line.unitPrice.amount) + line.fees.reduce((sum, fee) => sum + centsOf(fee.charge.amount), 0)
    const kept = byCode.get(line.priceClassCode) ?? { code: line.priceClassCode, name: line.priceClassAlias, tickets: 0, amountCents: 0 }
    kept.tickets += line.quantity
    kept.amountCents += each * line.quantity
    byCode.set(line.priceClassCode, kept)
  }
  const classes = [...byCode.values()]
  return classes.length > 0 && classes.reduce((sum, c) => sum + c.amountCents, 0) === showCents ? classes : undefined
}

/**
 * Each approved card payment's card, as the terminal said it in the journal's approval steps (one step
 * per approval, in the order the payments were approved), with the reference Foyer gave the payment.
 */
export function cardsOfPayments(payments: readonly PaymentRecord[], steps: readonly SaleStep[]): Map<number, CardOfPayment> {
  const approvals = steps.filter((s) => CARD_APPROVED_STEPS.includes(s.step)).map((s) => approvedCardDetailSchema.safeParse(s.detail))
  const cards = new Map<number, CardOfPayment>()
  payments
    .filter((p) => p.tender === 'card')
    .forEach((payment, i) => {
      const said = approvals[i]?.success ? approvals[i].data : null
      cards.set(payment.seq, { brand: said?.brand ?? null, last4: said?.last4 ?? null, authCode: said?.receipt?.authCode ?? null, merchantReference: payment.attemptKey })
    })
  return cards
}

/** A closed shift's drawer as its Z report says it: cash sold and given back, expected, the count note by note, over/short. */
export function drawerOf(report: ShiftReportView | null): Partial<ShiftPayload> {
  if (!report) return {}
  return {
    cashSoldCents: report.cash.soldCents,
    cashRefundedCents: report.cash.refundedCents,
    expectedCashCents: report.expectedCashCents,
    count: report.count?.map(({ denominationCents, quantity }) => ({ denominationCents, quantity })) ?? null,
    varianceCents: report.varianceCents,
  }
}
