import type { StoredRecord } from '../../protocol/dashboard'
import type { SalePayload } from '../../protocol/records'
import type { TimeOf, Translate } from './device-words'

type Payment = SalePayload['payments'][number]
type Money = (cents: number) => string

/**
 * A found sale's steps as a manager reads them: what each record the device uploaded meant ("Card
 * approved (VISA •••• 4242): S$12.50", "Tickets printed"), never its field names or JSON.
 */
export interface StepWords {
  at: string
  lines: string[]
}

/** The card as the terminal named it: "VISA •••• 4242", or as much of it as it told. */
function cardName(card: Payment['card']): string | null {
  if (!card || (!card.brand && !card.last4)) return null
  return [card.brand, card.last4 ? `•••• ${card.last4}` : null].filter(Boolean).join(' ')
}

function paymentLine(payment: Payment, t: Translate, money: Money): string {
  const amount = money(payment.amountCents)
  if (payment.tender === 'cash') {
    if (payment.tenderedCents === null || payment.changeCents === null) return t('today.step.cash', { amount })
    return t('today.step.cashWithChange', { amount, given: money(payment.tenderedCents), change: money(payment.changeCents) })
  }
  if (payment.tender === 'standalone') return t('today.step.standalone', { amount })
  const card = cardName(payment.card)
  return card ? t('today.step.cardOn', { amount, card }) : t('today.step.card', { amount })
}

function saleLines(sale: SalePayload, t: Translate, time: TimeOf, money: Money): string[] {
  const shows = sale.shows.map((show) => {
    const what = [show.event ?? t('today.noEvent'), show.showsAt ? time(show.showsAt) : null].filter(Boolean).join(', ')
    return t('today.step.show', { show: what, count: show.tickets, amount: money(show.amountCents) })
  })
  return [t('today.step.sold', { count: sale.tickets, amount: money(sale.amountCents) }), ...shows, ...sale.payments.map((p) => paymentLine(p, t, money))]
}

function stepLines(step: StoredRecord, t: Translate, time: TimeOf, money: Money): string[] {
  switch (step.kind) {
    case 'sale':
      return saleLines(step.payload, t, time, money)
    case 'refund': {
      const { payload } = step
      const who = [payload.askedBy ? t('today.step.askedBy', { name: payload.askedBy }) : null, payload.approvedBy ? t('today.step.approvedBy', { name: payload.approvedBy }) : null]
      return [t(`today.step.refund-${payload.tender}`, { amount: money(payload.amountCents) }), ...who.filter((line): line is string => line !== null)]
    }
    case 'printed':
      return [t('today.step.printed')]
    case 'reprint':
      return [t(`today.step.reprint-${step.payload.what}`)]
    case 'shift':
      return [t('today.step.shift')]
  }
}

export function stepWords(step: StoredRecord, t: Translate, time: TimeOf, money: Money): StepWords {
  return { at: time(step.occurredAt), lines: stepLines(step, t, time, money) }
}
