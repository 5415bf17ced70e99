import { MAX_ACCESSIBLE_SECTIONS, type ErrorReply, type EventSummary, type HoldStatus, type OverviewSeatMap, type SeatOffer, type SectionAvailability, type Show } from '@contract'
import { defineStore } from 'pinia'
import { computed, markRaw, ref, shallowRef } from 'vue'
import { useFoyer } from '../bridge/foyer'
import { replyRunner } from './reply'

/**
 * The customer's seat choice at one show, before it goes into the basket
 * (cart.ts): the chosen show, its seat map, the seats offered and held for the
 * customer, and how long the hold has left (pushed by main every second).
 * Seats the customer does not keep are given back at once. Not a sale: the
 * sale is main's, an order and its payments in the journal.
 */
export interface HeldOffer {
  /** The show the seats are held at (inventory ids are unique only within a show). */
  productId: number
  offerId: string
  expiresAt: string
  offer: SeatOffer
  /** The set the customer kept; null while choosing between the sets offered. */
  chosenSet: number | null
  /** The customer took seats of their own (mode SP): the offer now shows their seats as its one set. */
  picked: boolean
}

export const useSeatChoiceStore = defineStore('seatChoice', () => {
  const event = ref<EventSummary | null>(null)
  const show = ref<Show | null>(null)
  // Seat maps are large and only drawn, never edited: kept out of Vue's deep reactivity.
  const overview = shallowRef<OverviewSeatMap | null>(null)
  const availability = shallowRef<SectionAvailability[]>([])
  const sectionId = ref<number | null>(null)
  const quantity = ref(2)
  const held = shallowRef<HeldOffer | null>(null)
  /** The customer needs a wheelchair space: said once, and seats are looked for among those spaces. */
  const accessible = ref(false)
  const hold = ref<HoldStatus>({ count: 0, expiresAt: null, secondsLeft: null, productIds: [] })
  const busy = ref(false)
  const error = ref<ErrorReply | null>(null)
  let unsubscribe: (() => void) | null = null

  const section = computed(() => overview.value?.sections.find((s) => s.sectionId === sectionId.value) ?? null)
  const isGeneralAdmission = computed(() => show.value?.ticketType === 'GA')
  /** The show's sales mode: Hot Show offers one set, Best Available two. */
  const offerMode = computed<'BA' | 'HS'>(() => (overview.value?.mode === 'HS' ? 'HS' : 'BA'))

  function watchHolds(): void {
    unsubscribe ??= useFoyer().holds.onChanged((status) => {
      hold.value = status
    })
  }

  const call = replyRunner(busy, error)

  async function openShow(forEvent: EventSummary, chosen: Show): Promise<void> {
    watchHolds()
    // An offer still held here was never put in the basket: it goes back.
    await giveBackOffer()
    event.value = forEvent
    show.value = chosen
    sectionId.value = null
    overview.value = null
    const [map, sections] = await Promise.all([
      call(() => useFoyer().seatmap.overview({ productId: chosen.productId })),
      call(() => useFoyer().seatmap.availability({ productId: chosen.productId })),
    ])
    overview.value = map ? markRaw(map) : null
    availability.value = markRaw(sections ?? [])
    // General admission in one space: nothing to choose but the number of places.
    if (chosen.ticketType === 'GA' && map?.sections.length === 1) sectionId.value = map.sections[0]!.sectionId
  }

  function chooseSection(id: number): void {
    sectionId.value = id
  }

  /**
   * Asks for seats in the chosen section: one set (HS) or two to choose from
   * (BA). With accessible seating, main looks for a free wheelchair space
   * instead, in the chosen section first and then the others.
   */
  async function findSeats(): Promise<void> {
    if (accessible.value) return findWheelchairSpace()
    const current = section.value
    if (!show.value || !current) return
    await giveBackOffer()
    const productId = show.value.productId
    const result = await call(() =>
      useFoyer().offers.request({
        productId,
        priceCategoryId: current.priceCategoryId,
        sectionId: current.sectionId,
        mode: offerMode.value,
        quantity: quantity.value,
      }),
    )
    if (result) held.value = { ...result, productId, offer: markRaw(result.offer), chosenSet: result.offer.sets.length === 1 ? 0 : null }
  }

  async function findWheelchairSpace(): Promise<void> {
    const map = overview.value
    if (!show.value || !map) return
    await giveBackOffer()
    const productId = show.value.productId
    const soldOut = new Set(availability.value.filter((a) => a.availability === 'sold-out').map((a) => a.sectionId))
    const sections = map.sections
      .filter((s) => s.sectionType !== 'GA' && !soldOut.has(s.sectionId))
      .sort((a, b) => Number(b.sectionId === sectionId.value) - Number(a.sectionId === sectionId.value))
      .map((s) => ({ sectionId: s.sectionId, priceCategoryId: s.priceCategoryId }))
    if (sections.length === 0) return
    const result = await call(() => useFoyer().offers.accessible({ productId, mode: offerMode.value, quantity: quantity.value, sections: sections.slice(0, MAX_ACCESSIBLE_SECTIONS) }))
    if (!result) return
    sectionId.value = result.sectionId
    held.value = { ...result, productId, offer: markRaw(result.offer), chosenSet: 0 }
  }

  /** The customer takes a seat the map shows as free (with its partner, for a wheelchair space); main says what it replaced. */
  async function pickSeat(inventoryId: number): Promise<void> {
    const current = held.value
    if (!current) return
    const result = await call(() => useFoyer().offers.pick({ offerId: current.offerId, inventoryId }))
    if (result) held.value = { ...result, productId: current.productId, offer: markRaw(result.offer), chosenSet: 0 }
  }

  /** Keeps one of the two sets; the other goes back at once. */
  async function keepSet(index: number): Promise<void> {
    const current = held.value
    if (!current) return
    if (current.offer.sets.length > 1) {
      const kept = await call(() => useFoyer().offers.keep({ offerId: current.offerId, setIndex: index }))
      if (!kept) return
    }
    held.value = { ...current, chosenSet: index }
  }

  /** Gives the current offer's seats back (try again, another section, leaving). */
  async function giveBackOffer(): Promise<void> {
    const current = held.value
    if (!current) return
    held.value = null
    const ids = current.offer.sets.flat().map((s) => s.inventoryId)
    if (ids.length > 0) await call(() => useFoyer().offers.release({ productId: current.productId, inventoryIds: ids }))
  }

  /** The kept seats now belong to a basket line: forget them here without giving them back. */
  function handOver(): void {
    held.value = null
    sectionId.value = null
  }

  /** Back from the seats screen: this show's offer goes back; the basket's seats stay held. */
  async function leaveShow(): Promise<void> {
    sectionId.value = null
    await giveBackOffer()
  }

  /** The customer walks away (cancel, idle): every hold goes back. */
  async function cancel(): Promise<void> {
    held.value = null
    sectionId.value = null
    // The next customer starts without this one's needs.
    accessible.value = false
    await call(() => useFoyer().holds.releaseAll())
  }

  return {
    event,
    show,
    overview,
    availability,
    sectionId,
    quantity,
    held,
    accessible,
    hold,
    busy,
    error,
    section,
    isGeneralAdmission,
    offerMode,
    openShow,
    chooseSection,
    findSeats,
    pickSeat,
    keepSet,
    giveBackOffer,
    handOver,
    leaveShow,
    cancel,
  }
})
