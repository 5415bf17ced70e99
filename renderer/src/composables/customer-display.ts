import type { BasketLine } from '@contract'
import { computed, watch, type Ref } from 'vue'
import { useFoyer } from '../bridge/foyer'
import type { CartLine } from '../cart/cart-line'
import { useCartStore } from '../stores/cart'
import { useCheckoutStore } from '../stores/checkout'
import { useCounterStore } from '../stores/counter'
import { useSeatChoiceStore } from '../stores/seat-choice'
import { useSettingsStore } from '../stores/settings'
import { useSystemStore } from '../stores/system'

/**
 * The cashier's side of the customer display (issue #34): the basket as it is built, and the cash the
 * customer hands over, told to main as ids and sums only. Main names, prices and checks all of it
 * before the customer display shows it (electron/services/customer-display.ts).
 */
function counterSignedIn(): Ref<boolean> {
  const system = useSystemStore()
  const counter = useCounterStore()
  const settings = useSettingsStore()
  return computed(() => system.info?.mode === 'counter' && counter.signedIn && settings.view?.customerDisplay === true)
}

const lineIds = (line: CartLine, eventCode: string): BasketLine => ({
  eventCode,
  productId: line.show.productId,
  priceCategoryId: line.priceCategoryId,
  sectionId: line.sectionId,
  inventoryIds: line.seats.map((s) => s.inventoryId),
  tickets: Object.entries(line.tickets)
    .filter(([, quantity]) => quantity > 0)
    .map(([code, quantity]) => ({ code, quantity })),
})

/** The basket's lines, the one being priced, and (before that) the seats offered on the seats screen. */
function basketNow(): BasketLine[] {
  const cart = useCartStore()
  const seatChoice = useSeatChoiceStore()
  const lines = cart.lines.map((line) => lineIds(line, line.eventCode))
  const draft = cart.draft?.line
  if (draft) return [...lines, lineIds(draft, draft.eventCode)]
  const held = seatChoice.held
  const { event, show, section } = seatChoice
  if (!held || !event || !show || !section) return lines
  const seats = held.offer.sets[held.chosenSet ?? 0] ?? []
  return [...lines, { eventCode: event.code, productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.sectionId, inventoryIds: seats.map((s) => s.inventoryId), tickets: [] }]
}

/** Tells main the basket at every change, while a cashier is signed in at a counter. */
export function useCustomerDisplayBasket(): void {
  const active = counterSignedIn()
  const basket = computed(() => (active.value ? JSON.stringify(basketNow()) : null))
  watch(basket, (now) => {
    if (now !== null) void useFoyer().customerDisplay.basket({ lines: JSON.parse(now) as BasketLine[] })
  })
}

/** Tells main what the customer handed over as the cashier types it; main reckons the change against its invoice. */
export function useCustomerDisplayTender(givenCents: Ref<number | null>): void {
  const active = counterSignedIn()
  const checkout = useCheckoutStore()
  watch(givenCents, (given) => {
    const saleId = checkout.invoice?.saleId
    if (active.value && saleId && given !== null && given >= 0) void useFoyer().customerDisplay.tender({ saleId, givenCents: given })
  })
}
