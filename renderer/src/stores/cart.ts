import type { ErrorReply, OrderRequest } from '@contract'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { useFoyer } from '../bridge/foyer'
import type { CartLine } from '../cart/cart-line'
import { orderRequestFor } from '../cart/order-request'
import { MAX_TICKETS_PER_CART, choiceCents, choiceProblem, defaultChoice, deliveryCents } from '../cart/pricing'
import { useDeliveryStore } from './delivery'
import { useLocaleStore } from './locale'
import { replyRunner } from './reply'
import { useSeatChoiceStore } from './seat-choice'

/**
 * The customer's basket: one line per show and section, each with the seats
 * held for it (none for general admission, where the vendor allocates places
 * at order time) and the tickets priced on them; then one delivery method
 * (delivery.ts, with the address and e-mail it needs) and one payment method
 * common to every line. Up to checkout it may hold several shows; the seats of
 * every line stay held until the order takes them over.
 */
export type { CartLine } from '../cart/cart-line'

/** The line on the tickets screen; `original` is set when a line of the basket is being changed. */
interface Draft {
  line: CartLine
  original: CartLine | null
}

export const useCartStore = defineStore('cart', () => {
  const seatChoice = useSeatChoiceStore()
  const locale = useLocaleStore()
  const delivery = useDeliveryStore()
  const lines = ref<CartLine[]>([])
  const draft = shallowRef<Draft | null>(null)
  const paymentMethods = ref<string[]>([])
  const paymentCode = ref<string | null>(null)
  /** Lines dropped because their hold lapsed, for the screens to say so. */
  const lapsed = ref(0)
  /** Set once the order is placed: its seats are the order's, no longer holds to watch. */
  const checkingOut = ref(false)
  const busy = ref(false)
  const error = ref<ErrorReply | null>(null)
  let nextId = 1

  const call = replyRunner(busy, error)

  const ticketCount = computed(() => lines.value.reduce((sum, line) => sum + line.quantity, 0))
  const linesCents = computed(() => lines.value.reduce((sum, line) => sum + choiceCents(line.tickets, line.priceClasses), 0))
  const totalCents = computed(() => linesCents.value + deliveryCents(delivery.method))
  const draftProblem = computed(() => {
    const current = draft.value?.line
    if (!current) return null
    if (ticketCount.value + current.quantity > MAX_TICKETS_PER_CART) return 'too-many-in-cart' as const
    return choiceProblem(current.tickets, current.priceClasses, current.quantity)
  })
  /** Every choice the delivery and payment screens ask for is made. */
  const optionsComplete = computed(() => delivery.complete && paymentCode.value !== null)

  /**
   * Starts pricing what the customer chose on the seats screen: the kept set of
   * an offer, or a number of general-admission places in a section.
   */
  async function priceChosenSeats(): Promise<boolean> {
    const show = seatChoice.show
    const section = seatChoice.section
    if (!show || !section || !seatChoice.event) return false
    const held = seatChoice.held
    const seats = held && held.chosenSet !== null ? (held.offer.sets[held.chosenSet] ?? []) : []
    if (!seatChoice.isGeneralAdmission && seats.length === 0) return false
    const line: CartLine = {
      id: nextId++,
      eventCode: seatChoice.event.code,
      show,
      sectionId: section.sectionId,
      sectionAlias: section.sectionAlias,
      levelAlias: section.levelAlias,
      priceCategoryId: section.priceCategoryId,
      priceCategoryAlias: seatChoice.overview?.categories.find((c) => c.priceCategoryId === section.priceCategoryId)?.alias ?? null,
      mode: seatChoice.isGeneralAdmission ? '' : held?.picked ? 'SP' : seatChoice.offerMode,
      seats: [...seats],
      quantity: seatChoice.isGeneralAdmission ? seatChoice.quantity : seats.length,
      priceClasses: [],
      tickets: {},
    }
    draft.value = { line, original: null }
    const classes = await call(() => useFoyer().pricing.ticketTypes({ productId: show.productId, priceCategoryId: section.priceCategoryId }))
    if (!classes) return true
    draft.value = { line: { ...line, priceClasses: classes, tickets: defaultChoice(classes, line.quantity) }, original: null }
    return true
  }

  /** Asks for the price classes again (after "prices unavailable"). */
  async function retryPrices(): Promise<void> {
    const current = draft.value
    if (!current) return
    const { line } = current
    const classes = await call(() => useFoyer().pricing.ticketTypes({ productId: line.show.productId, priceCategoryId: line.priceCategoryId }))
    if (classes) draft.value = { ...current, line: { ...line, priceClasses: classes, tickets: defaultChoice(classes, line.quantity) } }
  }

  function setTickets(code: string, quantity: number): void {
    const current = draft.value
    if (!current) return
    draft.value = { ...current, line: { ...current.line, tickets: { ...current.line.tickets, [code]: quantity } } }
  }

  /** Puts the priced line into the basket; the seats it holds are the basket's from now on. */
  function addDraft(): boolean {
    const current = draft.value
    if (!current || draftProblem.value !== null) return false
    const tickets = Object.fromEntries(Object.entries(current.line.tickets).filter(([, n]) => n > 0))
    lines.value = [...lines.value, { ...current.line, tickets }]
    draft.value = null
    if (!current.original) seatChoice.handOver()
    return true
  }

  /** Leaves the tickets screen without adding: a changed line goes back as it was. */
  function dropDraft(): 'seats' | 'basket' {
    const current = draft.value
    draft.value = null
    if (current?.original) {
      lines.value = [...lines.value, current.original]
      return 'basket'
    }
    return 'seats'
  }

  /** Takes the last line out of the basket to change its tickets (going back from delivery). */
  function changeLastLine(): boolean {
    const last = lines.value.at(-1)
    if (!last) return false
    lines.value = lines.value.slice(0, -1)
    draft.value = { line: last, original: last }
    return true
  }

  /** Removes a line and gives its seats back at once. */
  async function removeLine(id: number): Promise<void> {
    const line = lines.value.find((l) => l.id === id)
    if (!line) return
    lines.value = lines.value.filter((l) => l.id !== id)
    const ids = line.seats.map((s) => s.inventoryId)
    if (ids.length > 0) await call(() => useFoyer().offers.release({ productId: line.show.productId, inventoryIds: ids }))
    if (lines.value.length > 0) await loadOptions()
  }

  /** The delivery and payment methods every line of the basket allows; a choice no longer offered is dropped. */
  async function loadOptions(): Promise<void> {
    if (lines.value.length === 0) return
    const items = lines.value.map((line) => ({
      productId: line.show.productId,
      priceCategoryId: line.priceCategoryId,
      mode: line.mode === '' ? 'GA' : line.mode,
      priceClassCodes: Object.keys(line.tickets),
    }))
    const productIds = [...new Set(lines.value.map((l) => l.show.productId))]
    const [methods, payments] = await Promise.all([
      call(() => useFoyer().cart.deliveryMethods({ items })),
      call(() => useFoyer().cart.paymentMethods({ productIds })),
    ])
    if (methods) delivery.offer(methods)
    if (payments) {
      paymentMethods.value = payments
      if (!payments.includes(paymentCode.value ?? '')) paymentCode.value = null
    }
  }

  /** The pre-payment order for the basket as it stands (the checkout submits it). */
  function orderRequest(boxOfficeEmail: string): OrderRequest | null {
    const basket = { lines: lines.value, delivery: delivery.method, paymentCode: paymentCode.value, optionsComplete: optionsComplete.value }
    return orderRequestFor({ ...basket, address: delivery.address, patronEmail: delivery.patronEmail, totalCents: totalCents.value }, boxOfficeEmail)
  }

  /** Everything goes: the next customer starts with an empty basket and nothing held. */
  async function clear(): Promise<void> {
    const hadHolds = lines.value.some((l) => l.seats.length > 0)
    lines.value = []
    draft.value = null
    delivery.clear()
    paymentMethods.value = []
    paymentCode.value = null
    lapsed.value = 0
    error.value = null
    const ordered = checkingOut.value
    checkingOut.value = false
    if (hadHolds && !ordered) await call(() => useFoyer().holds.releaseAll())
  }

  // A hold that lapsed took its seats with it: those lines can no longer be sold.
  watch(
    () => seatChoice.hold,
    (status) => {
      if (checkingOut.value) return
      const held = new Set(status.productIds)
      const kept = lines.value.filter((line) => line.mode === '' || held.has(line.show.productId))
      if (kept.length === lines.value.length) return
      lapsed.value += lines.value.length - kept.length
      lines.value = kept
    },
  )

  // Show titles follow the customer's language: ask each event's shows again in it.
  watch(
    () => locale.apiLang,
    async (lang) => {
      const pricing = draft.value?.line
      const codes = new Set([...lines.value, ...(pricing ? [pricing] : [])].map((l) => l.eventCode))
      for (const code of codes) {
        const reply = await useFoyer().catalogue.shows({ code, lang })
        if (!reply.ok) continue
        const byId = new Map(reply.value.shows.map((s) => [s.productId, s]))
        const retitled = (l: CartLine): CartLine => (l.eventCode === code && byId.has(l.show.productId) ? { ...l, show: byId.get(l.show.productId)! } : l)
        lines.value = lines.value.map(retitled)
        const current = draft.value
        if (current) draft.value = { ...current, line: retitled(current.line) }
      }
    },
  )

  return {
    lines,
    draft,
    paymentMethods,
    paymentCode,
    lapsed,
    checkingOut,
    busy,
    error,
    ticketCount,
    linesCents,
    totalCents,
    draftProblem,
    optionsComplete,
    priceChosenSeats,
    retryPrices,
    setTickets,
    addDraft,
    dropDraft,
    changeLastLine,
    removeLine,
    loadOptions,
    orderRequest,
    clear,
  }
})
