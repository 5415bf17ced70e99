import { useRouter } from 'vue-router'
import { useCartStore } from '../stores/cart'
import { useCatalogueStore } from '../stores/catalogue'
import { useCheckoutStore } from '../stores/checkout'
import { useDisplayStore } from '../stores/display'
import { useLocaleStore } from '../stores/locale'
import { useSeatChoiceStore } from '../stores/seat-choice'
import { useSystemStore } from '../stores/system'

/**
 * Ready for the next customer: an unpaid order is voided, every hold given
 * back, the basket emptied, and language and display put back to the
 * kiosk's defaults. Self-service returns to the attract loop; a counter,
 * whose staff stay signed in, to the events — unless someone went elsewhere while
 * the holds were being given back (a cashier who taps Done and then Shift wants
 * the shift, not the events, once main has answered).
 */
export function useStartOver(): () => Promise<void> {
  const router = useRouter()
  const checkout = useCheckoutStore()
  const cart = useCartStore()
  const seatChoice = useSeatChoiceStore()
  const catalogue = useCatalogueStore()
  const locale = useLocaleStore()
  const display = useDisplayStore()
  const system = useSystemStore()
  return async () => {
    const from = router.currentRoute.value.fullPath
    await checkout.reset()
    await cart.clear()
    await seatChoice.cancel()
    catalogue.reset()
    locale.reset()
    display.reset()
    if (router.currentRoute.value.fullPath !== from) return
    await router.push({ name: system.info?.mode === 'counter' ? 'events' : 'attract' })
  }
}
