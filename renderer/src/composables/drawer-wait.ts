import { watch } from 'vue'
import { useCheckoutStore } from '../stores/checkout'
import { useDrawerStore } from '../stores/drawer'

/**
 * The next sale waits for the cash drawer (issue #34): main refuses to place an
 * order while the receipt printer says the drawer is open ("Close the cash
 * drawer", retryable), and follows the drawer until it is shut. Once main
 * pushes that it is, the order is placed again by itself: the cashier shuts the
 * drawer and the sale goes on, with nothing to press.
 */
export function useDrawerWait(): void {
  const checkout = useCheckoutStore()
  const drawer = useDrawerStore()
  watch(
    () => [drawer.view?.state, checkout.error?.code] as const,
    ([state, refused]) => {
      if (state !== 'open' && refused === 'drawer.open' && !checkout.invoice) void checkout.retry()
    },
  )
}
