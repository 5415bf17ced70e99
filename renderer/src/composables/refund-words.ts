import { formatMoney, type TenderName } from '@contract'
import { useI18n } from 'vue-i18n'
import { useLocaleStore } from '../stores/locale'

/**
 * A counter refund in staff's words: what the cashier does with the money, as
 * an instruction with the amount ("Give S$264.00 back in cash from the
 * drawer", "S$264.00 refunded to the card ending 1234"), and who asked for the
 * refund and who approved it.
 */
type Say = (key: string, values: Record<string, unknown>) => string

export interface RefundMoney {
  tender: TenderName
  amountCents: number
  /** The last four digits the terminal reported with the payment; null when it told none. */
  cardLast4: string | null
}

/** A split sale's refund says each tender: the cash part from the drawer, the card part to the card. */
export function refundInstruction(refund: RefundMoney & { parts?: readonly RefundMoney[] }, say: Say, locale: string): string {
  if (refund.parts && refund.parts.length > 1) return refund.parts.map((part) => refundInstruction(part, say, locale)).join(' ')
  const amount = formatMoney(refund.amountCents, locale)
  if (refund.tender === 'cash') return say('staff.refund.giveCash', { amount })
  if (refund.tender === 'standalone') return say('staff.refund.onStandalone', { amount })
  return refund.cardLast4 ? say('staff.refund.toCard', { amount, last4: refund.cardLast4 }) : say('staff.refund.toCardNoDigits', { amount })
}

/** "Asked by …, approved by …" (a refund from before the asker was kept names the approver alone). */
export function refundPeople(askedBy: string | null, approvedBy: string | null, keys: { both: string; approved: string }, say: Say): string {
  return askedBy ? say(keys.both, { asked: askedBy, approved: approvedBy ?? '—' }) : say(keys.approved, { approved: approvedBy ?? '—' })
}

export function useRefundWords() {
  const { t } = useI18n()
  const localeStore = useLocaleStore()
  const say: Say = (key, values) => t(key, values)
  return {
    instruction: (refund: RefundMoney & { parts?: readonly RefundMoney[] }) => refundInstruction(refund, say, localeStore.locale),
    people: (askedBy: string | null, approvedBy: string | null, keys: { both: string; approved: string }) => refundPeople(askedBy, approvedBy, keys, say),
  }
}
