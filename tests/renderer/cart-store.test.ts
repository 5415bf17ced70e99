// @vitest-environment node
// (The API client runs in main, on Node's fetch; happy-dom's fetch would apply browser rules to it.)
import type { EventSummary, Show } from '@contract'
import { describe, expect, it } from 'vitest'
import { call } from '../../electron/ipc-core/dispatcher'
import { useFoyer } from '../../renderer/src/bridge/foyer'
import { useCartStore } from '../../renderer/src/stores/cart'
import { useDeliveryStore } from '../../renderer/src/stores/delivery'
import { useLocaleStore } from '../../renderer/src/stores/locale'
import { useSeatChoiceStore } from '../../renderer/src/stores/seat-choice'
import { kioskStoresPerTest } from '../support/in-process-foyer'

/**
 * The basket against the real sandbox, through the real main-process services:
 * what the stores build must be an order the vendor accepts, to the cent.
 */
const run = kioskStoresPerTest()
const BOX_OFFICE = 'boxoffice@foyer-training.invalid'

async function eventAndShow(search: string, pick: (show: Show) => boolean = (s) => s.availability === 'available'): Promise<[EventSummary, Show]> {
  const page = await useFoyer().catalogue.events({ lang: 'EN_SG', search })
  if (!page.ok) throw new Error(page.error.code)
  const event = page.value.events[0]!
  const shows = await useFoyer().catalogue.shows({ code: event.code, lang: 'EN_SG' })
  if (!shows.ok) throw new Error(shows.error.code)
  const show = shows.value.shows.find(pick)
  if (!show) throw new Error(`no such show of ${event.code}`)
  return [event, show]
}

/** Seats kept from a Best Available offer in a section, priced into the basket with the class chosen by default. */
async function addReservedLine(search: string, section: string, pick?: (show: Show) => boolean): Promise<void> {
  const seatChoice = useSeatChoiceStore()
  const cart = useCartStore()
  const [event, show] = await eventAndShow(search, pick)
  await seatChoice.openShow(event, show)
  seatChoice.chooseSection(seatChoice.overview!.sections.find((s) => s.sectionAlias === section)!.sectionId)
  seatChoice.quantity = 2
  await seatChoice.findSeats()
  await seatChoice.keepSet(0)
  expect(await cart.priceChosenSeats()).toBe(true)
  expect(cart.draftProblem).toBeNull()
}

/** Submits the basket's order; answers it with the total the basket showed. */
async function submit() {
  const cart = useCartStore()
  const shown = cart.totalCents
  const request = cart.orderRequest(BOX_OFFICE)
  expect(request).not.toBeNull()
  // Orders are placed only through checkout (the contract has no bare order channel).
  const invoice = await call(run.runtime!.services.dispatcher, 'checkout.submit', { order: request! })
  if (!invoice.ok) throw new Error(`${invoice.error.code}: ${invoice.error.detail ?? ''}`)
  const order = run.runtime!.sales.context!.checkout.journal.get(invoice.value.saleId)!.order!
  expect(invoice.value.amountCents).toBe(shown)
  return { order, shown }
}

describe('the basket', () => {
  it('builds a mixed-ticket order the vendor accepts, total to the cent, holding the kept seats', async () => {
    const cart = useCartStore()
    await addReservedLine('Hamlet', 'Stalls Centre')
    // One Standard and one Senior: a valid mix for two seats.
    cart.setTickets('A', 1)
    expect(cart.draftProblem).toBe('too-few')
    cart.setTickets('SEN', 1)
    expect(cart.draftProblem).toBeNull()
    expect(cart.addDraft()).toBe(true)
    expect(useSeatChoiceStore().held).toBeNull()
    expect(run.runtime!.holds.status().count).toBe(2)

    await cart.loadOptions()
    // Printed here and now to start with: nothing goes to an e-mail the customer did not type.
    expect(useDeliveryStore().code).toBe('PRINT_ON_SITE')
    expect(cart.paymentMethods).toContain('VISA')
    cart.paymentCode = 'VISA'
    const { order, shown } = await submit()
    expect(Math.round(order.amountToBePaid.amount * 100)).toBe(shown)
    expect(order.items[0]!.lines.map((l) => [l.priceClassCode, l.quantity])).toEqual([
      ['A', 1],
      ['SEN', 1],
    ])
    expect(order.patronAccountNo).not.toBeNull()
  })

  it('prices general admission by places and several shows in one order, offering only the delivery common to both', async () => {
    const cart = useCartStore()
    const seatChoice = useSeatChoiceStore()
    const [event, show] = await eventAndShow('Satay')
    await seatChoice.openShow(event, show)
    expect(seatChoice.section).not.toBeNull()
    seatChoice.quantity = 3
    await cart.priceChosenSeats()
    expect(cart.draft?.line.tickets).toEqual({ A: 3 })
    expect(cart.addDraft()).toBe(true)
    expect(run.runtime!.holds.status().count).toBe(0)

    // A second show a week away offers registered mail on its own; the festival, days away, does not.
    const weekAway = (s: Show) => s.availability !== 'sold-out' && Date.parse(s.date) - Date.now() > 8 * 86_400_000 && ['available', 'limited'].includes(s.availability)
    await addReservedLine('Neon Tiger', 'Stalls Centre', weekAway)
    cart.addDraft()
    await cart.loadOptions()
    expect(useDeliveryStore().methods.map((m) => m.code)).toEqual(['PRINT_ON_SITE', 'ETICKET', 'BOX_OFFICE_COLLECTION'])
    expect(cart.lines).toHaveLength(2)
    expect(cart.ticketCount).toBe(5)
    cart.paymentCode = 'MASTERCARD'
    const { order, shown } = await submit()
    expect(Math.round(order.amountToBePaid.amount * 100)).toBe(shown)
    expect(order.items.map((i) => i.quantity)).toEqual([3, 2])
  })

  it('asks for an address only where the delivery needs one, and adds its charge to the total', async () => {
    const cart = useCartStore()
    const weekAway = (s: Show) => Date.parse(s.date) - Date.now() > 8 * 86_400_000 && ['available', 'limited'].includes(s.availability)
    await addReservedLine('Neon Tiger', 'Stalls Centre', weekAway)
    cart.addDraft()
    await cart.loadOptions()
    const delivery = useDeliveryStore()
    const before = cart.totalCents
    delivery.code = 'REGISTERED_MAIL'
    cart.paymentCode = 'AMEX'
    expect(cart.totalCents).toBe(before + 500)
    expect(cart.optionsComplete).toBe(false)
    expect(cart.orderRequest(BOX_OFFICE)).toBeNull()
    Object.assign(delivery.address, { addressLine1: '1 Esplanade Drive', postalCode: '038981' })
    expect(cart.optionsComplete).toBe(true)
    const { order, shown } = await submit()
    expect(order.deliveryMethodCode).toBe('REGISTERED_MAIL')
    expect(Math.round(order.amountToBePaid.amount * 100)).toBe(shown)
  })

  it("sends e-tickets only to the e-mail the customer typed twice; main refuses the box office's own", async () => {
    const cart = useCartStore()
    await addReservedLine('Hamlet', 'Stalls Centre')
    cart.addDraft()
    await cart.loadOptions()
    cart.paymentCode = 'VISA'
    expect(cart.optionsComplete).toBe(true)
    expect(cart.orderRequest(BOX_OFFICE)!.patron.email).toBe(BOX_OFFICE)

    const delivery = useDeliveryStore()
    delivery.code = 'ETICKET'
    expect(delivery.emailProblem).toBe('missing')
    expect(cart.orderRequest(BOX_OFFICE)).toBeNull()
    delivery.email = 'mei.tan@example'
    expect(delivery.emailProblem).toBe('malformed')
    delivery.email = 'mei.tan@example.com'
    delivery.emailRepeat = 'mei.tan@exmaple.com'
    expect(delivery.emailProblem).toBe('mismatch')
    delivery.emailRepeat = ' Mei.Tan@example.com '
    expect(delivery.emailProblem).toBeNull()
    expect(cart.orderRequest(BOX_OFFICE)!.patron.email).toBe('mei.tan@example.com')

    // A renderer that sent the box office's address anyway is refused in main.
    const sneaky = { ...cart.orderRequest(BOX_OFFICE)!, patron: { email: BOX_OFFICE } }
    const refused = await call(run.runtime!.services.dispatcher, 'checkout.submit', { order: sneaky })
    expect(refused.ok ? 'ordered' : refused.error.code).toBe('checkout.eticket-needs-email')
    const { order } = await submit()
    expect(order.deliveryMethodCode).toBe('ETICKET')

    // Back to printed tickets: the e-mail typed for the e-tickets is not sent.
    delivery.code = 'PRINT_ON_SITE'
    expect(delivery.patronEmail).toBe('')
  })

  it('gives a removed line’s seats back at the vendor, and drops a line whose hold is gone', async () => {
    const cart = useCartStore()
    await addReservedLine('Hamlet', 'Stalls Centre')
    cart.addDraft()
    await addReservedLine('Swan Lake', 'Stalls Centre')
    cart.addDraft()
    expect(run.runtime!.holds.status().count).toBe(4)
    const [first, second] = cart.lines
    await cart.removeLine(first!.id)
    expect(run.runtime!.holds.status().count).toBe(2)
    const freed = first!.seats.map((s) => s.inventoryId)
    // Free again at the vendor: another client can reserve them.
    const reserve = await run.rig.direct.post(`/products/${first!.show.productId}/seats`, { reservedSeatList: freed })
    expect(reserve.body.status).toBe(0)

    // The other line's seats go back behind the basket's back (staff released them): the line goes, and the screens are told.
    await call(run.runtime!.services.dispatcher, 'offers.release', { productId: second!.show.productId, inventoryIds: second!.seats.map((s) => s.inventoryId) })
    await expect.poll(() => cart.lines.length).toBe(0)
    expect(cart.lapsed).toBe(1)
  })

  it('re-asks the show titles in the customer’s new language', async () => {
    const cart = useCartStore()
    await addReservedLine('Hamlet', 'Stalls Centre')
    cart.addDraft()
    useLocaleStore().setLocale('zh-CN')
    await expect.poll(() => cart.lines[0]!.show.title).toContain('哈姆雷特')
  })

  it('empties itself and every hold for the next customer', async () => {
    const cart = useCartStore()
    await addReservedLine('Hamlet', 'Stalls Centre')
    cart.addDraft()
    useDeliveryStore().email = 'someone@example.com'
    await cart.clear()
    expect(cart.lines).toEqual([])
    expect(useDeliveryStore().email).toBe('')
    expect(run.runtime!.holds.status().count).toBe(0)
  })

  it('orders seats the customer picked as mode SP, and the vendor sells exactly those', async () => {
    const seatChoice = useSeatChoiceStore()
    const cart = useCartStore()
    const [event, show] = await eventAndShow('Kopi')
    await seatChoice.openShow(event, show)
    seatChoice.chooseSection(seatChoice.overview!.sections.find((s) => s.sectionAlias === 'Stalls Centre')!.sectionId)
    seatChoice.quantity = 2
    await seatChoice.findSeats()
    const free = seatChoice.held!.offer.available.filter((s) => s.seatType === 1)
    const [x, y] = [free[5]!.inventoryId, free[25]!.inventoryId]
    await seatChoice.pickSeat(x)
    await seatChoice.pickSeat(y)
    expect(seatChoice.error).toBeNull()
    expect(seatChoice.held!.picked).toBe(true)
    expect(seatChoice.held!.offer.sets[0]!.map((s) => s.inventoryId)).toEqual([x, y])
    expect(await cart.priceChosenSeats()).toBe(true)
    expect(cart.addDraft()).toBe(true)
    await cart.loadOptions()
    cart.paymentCode = 'VISA'
    expect(cart.orderRequest(BOX_OFFICE)!.items[0]).toMatchObject({ mode: 'SP', inventoryIds: [x, y] })
    const { order } = await submit()
    expect(order.items[0]!.seats.map((s) => s.inventoryId).sort()).toEqual([x, y].sort())
  })

  it('accessible seating: a wheelchair space and its companion seat, found without choosing a section, ordered as SP', async () => {
    const seatChoice = useSeatChoiceStore()
    const cart = useCartStore()
    const [event, show] = await eventAndShow('Kopi')
    await seatChoice.openShow(event, show)
    seatChoice.accessible = true
    seatChoice.quantity = 2
    await seatChoice.findSeats()
    expect(seatChoice.error).toBeNull()
    const seats = seatChoice.held!.offer.sets[0]!
    expect(seats.map((s) => s.seatType).sort()).toEqual([2, 3])
    expect(seatChoice.section).not.toBeNull()
    expect(await cart.priceChosenSeats()).toBe(true)
    expect(cart.addDraft()).toBe(true)
    await cart.loadOptions()
    cart.paymentCode = 'VISA'
    expect(cart.orderRequest(BOX_OFFICE)!.items[0]!.mode).toBe('SP')
    const { order } = await submit()
    expect(order.items[0]!.seats.map((s) => s.inventoryId).sort()).toEqual(seats.map((s) => s.inventoryId).sort())
  })
})
