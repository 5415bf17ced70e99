import { computed, watch } from 'vue'
import type { Router } from 'vue-router'
import { useCartStore } from '../stores/cart'
import { useCheckoutStore } from '../stores/checkout'
import { useCounterStore } from '../stores/counter'
import { useScannedSaleStore } from '../stores/scanned-sale'
import { useSeatChoiceStore } from '../stores/seat-choice'

/**
 * What a scan at the counter does (issue #34): opens the sale its code names on the sale screen, from
 * any counter screen; but never in the middle of a customer's sale (seats held, a basket, an order
 * being paid), where it is refused in words and kept, to be opened once that sale is over.
 */
export function useSaleInProgress() {
  const cart = useCartStore()
  const seats = useSeatChoiceStore()
  const checkout = useCheckoutStore()
  // A finished sale's basket stays on the done screen until New sale: it is over, not in progress.
  return computed(() => seats.hold.count > 0 || (!checkout.finished && (checkout.invoice !== null || cart.lines.length > 0)))
}

/** Looks a code up and, found, shows its sale on the sale screen; not found, the store says so. */
export function useOpenScannedSale(router: Router): (code: string) => Promise<void> {
  const store = useScannedSaleStore()
  return async (code) => {
    if (await store.find(code)) await router.push({ name: 'sale', params: { code } })
  }
}

/** What the scanner hands over goes here (App.vue): opened, or refused and kept while a sale is in progress. */
export function useScanToSale(router: Router) {
  const store = useScannedSaleStore()
  const counter = useCounterStore()
  const inProgress = useSaleInProgress()
  const open = useOpenScannedSale(router)

  function scanned(code: string): void {
    if (inProgress.value) store.refuse(code)
    else void open(code)
  }

  // The next person at the counter inherits no scan of the last one's.
  watch(
    () => counter.signedIn,
    (signedIn) => {
      if (!signedIn) store.forget()
    },
  )
  return { scanned, inProgress }
}
