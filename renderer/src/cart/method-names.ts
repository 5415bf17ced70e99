import { CASH_PAYMENT_CODE, type TenderName } from '@contract'
import { useI18n } from 'vue-i18n'

/**
 * Delivery and payment methods in the customer's words: the vendor sends codes
 * (ETICKET, VISA …); a code Foyer has no words for is shown as it came.
 */
export function useMethodNames() {
  const { t, te } = useI18n()
  const name = (kind: 'delivery' | 'payment', code: string) => (te(`cart.${kind}Name.${code}`) ? t(`cart.${kind}Name.${code}`) : code.replaceAll('_', ' '))
  return {
    deliveryName: (code: string) => name('delivery', code),
    paymentName: (code: string) => name('payment', code),
    /** How a sale was paid, as the journal keeps it: cash, a card, or a card on the standalone terminal. */
    tenderName: (tender: TenderName) =>
      tender === 'cash' ? name('payment', CASH_PAYMENT_CODE) : tender === 'standalone' ? t('checkout.shift.standalone') : t('checkout.shift.card'),
  }
}
