import { ETICKET_DELIVERY, PRINTED_HERE_DELIVERY } from '@contract'
import { computed } from 'vue'
import { useRouter } from 'vue-router'
import { useCheckoutStore } from '../stores/checkout'
import { useDeliveryStore } from '../stores/delivery'
import { usePrinterStore } from '../stores/printer'
import { useSystemStore } from '../stores/system'

/**
 * At a counter, tickets to print here and a printer that cannot (#24): the
 * payment screen shows staff why and how to go on (CounterPrinterHelp) before
 * any money is taken. E-tickets instead: the unpaid order is voided and staff
 * take the customer's e-mail on the delivery choice, e-tickets chosen (the
 * seats stay held in the basket).
 */
export function useCounterPrinter() {
  const system = useSystemStore()
  const printer = usePrinterStore()
  const delivery = useDeliveryStore()
  const checkout = useCheckoutStore()
  const router = useRouter()
  const printerHelp = computed(() => system.info?.mode === 'counter' && printer.cannotPrint && delivery.code === PRINTED_HERE_DELIVERY)
  async function eticketInstead(): Promise<void> {
    await checkout.reset()
    delivery.code = ETICKET_DELIVERY
    await router.push({ name: 'delivery' })
  }
  return { printerHelp, eticketInstead }
}
