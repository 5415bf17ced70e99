import { formatMoney, type TenderName } from '@contract'
import { useI18n } from 'vue-i18n'
import { useLocaleStore } from '../stores/locale'

/**
 * A counter refund in staff's words: what the cashier does with the money, as
 * an instruction with the amount ("Give S$264.00 back in cash from the
 * drawer", "S$264.00 refunded to the card ending 1234"), and who asked for the
 * refund and who approved it.
 */
export function useRefundWords() {
  const { t } = useI18n()
  const localeStore = useLocaleStore()
  return {
    instruction(refund: { tender: TenderName; amountCents: number; cardLast4: string | null }): string {
      const amount = formatMoney(refund.amountCents, localeStore.locale)
      if (refund.tender === 'cash') return t('staff.refund.giveCash', { amount })
      if (refund.tender === 'standalone') return t('staff.refund.onStandalone', { amount })
      return refund.cardLast4 ? t('staff.refund.toCard', { amount, last4: refund.cardLast4 }) : t('staff.refund.toCardNoDigits', { amount })
    },
    /** "Asked by …, approved by …" (a refund from before the asker was kept names the approver alone). */
    people(askedBy: string | null, approvedBy: string | null, keys: { both: string; approved: string }): string {
      return askedBy ? t(keys.both, { asked: askedBy, approved: approvedBy ?? '—' }) : t(keys.approved, { approved: approvedBy ?? '—' })
    },
  }
}
