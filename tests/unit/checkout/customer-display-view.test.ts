import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BasketLine, CustomerDisplayView, OrderRequest } from '../../../electron/contract'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import { type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { findShow } from '../../support/sandbox-fixtures'
import { firstPin } from '../../support/staff-runtime'
import { staffedRuntime } from '../../support/staffed-runtime'

/**
 * What the customer display shows, as main derives it (issue #34): the basket named and priced by
 * main from the ids the cashier's screen sends (seats not held here dropped), the tender against main's
 * invoice, the thank-you from the payment's outcome, and nothing of the staff but a first name, nothing
 * of the patron at all.
 */
const SUPERVISOR_PIN = '482615'
const CASHIER_PIN = '739104'
let rig: ApiRig
let runtime: Runtime
let views: CustomerDisplayView[]

beforeEach(async () => {
  rig = await apiRig()
  runtime = await staffedRuntime(rig, { mode: 'counter', dir: mkdtempSync(join(tmpdir(), 'foyer-customer-display-')) })
  const { dispatcher, pushes } = runtime.services
  views = []
  pushes.attach((name, payload) => {
    if (name === 'customerDisplay.changed') views.push(payload as CustomerDisplayView)
  })
  expect(await call(dispatcher, 'staff.setPin', { ...firstPin(SUPERVISOR_PIN), name: 'Mei Ling' })).toMatchObject({ ok: true })
  expect(await call(dispatcher, 'staff.addAccount', { pin: SUPERVISOR_PIN, name: 'Aisha Binte Rahman', role: 'cashier', newPin: CASHIER_PIN })).toMatchObject({ ok: true })
  expect(await call(dispatcher, 'counter.signIn', { name: 'Aisha Binte Rahman', pin: CASHIER_PIN })).toMatchObject({ ok: true, value: { ok: true } })
  expect(await call(dispatcher, 'shift.open', { floatCents: 10_000 })).toMatchObject({ ok: true })
}, 60_000)
afterEach(async () => {
  await runtime.close()
  await rig.close()
})

/** The basket line the cashier's screen sends for an order request's item: ids only. */
async function basketOf(order: OrderRequest): Promise<BasketLine> {
  const item = order.items[0]!
  const show = await findShow(rig.direct, (s) => s.productId === item.productId)
  return {
    eventCode: show.eventCode,
    productId: item.productId,
    priceCategoryId: item.priceCategoryId!,
    sectionId: item.sectionId!,
    inventoryIds: item.inventoryIds ?? [],
    tickets: item.lines.map((l) => ({ code: l.priceClassCode, quantity: l.quantity })),
  }
}

const view = async (dispatcher: Dispatcher) => {
  const answer = await call(dispatcher, 'customerDisplay.view', {})
  if (!answer.ok) throw new Error(answer.error.code)
  return answer.value
}

describe('the customer display, as main derives it', () => {
  it('shows the basket named and priced by main, then the tender, then the thank-you, and nothing of staff or patron', async () => {
    const { dispatcher } = runtime.services
    const order = { ...(await heldOrderRequest(dispatcher, rig.direct, 'Grand Theatre', 'Stalls Centre')), deliveryMethodCode: 'PRINT_ON_SITE', paymentMethodCode: 'CASH' }
    const line = await basketOf(order)
    expect(await call(dispatcher, 'customerDisplay.basket', { lines: [line] })).toMatchObject({ ok: true })
    const basket = await view(dispatcher)
    if (basket.state !== 'basket') throw new Error(`basket expected, got ${basket.state}`)
    // The show as the vendor lists it in the customer's language, through main's own catalogue channel.
    const listed = await call(dispatcher, 'catalogue.shows', { code: line.eventCode, lang: 'EN_SG' })
    const show = listed.ok ? listed.value.shows.find((s) => s.productId === line.productId)! : null
    expect(basket.lines).toHaveLength(1)
    expect(basket.lines[0]).toMatchObject({ show: show?.title, date: show?.date, venue: 'Grand Theatre', section: 'Stalls Centre' })
    expect(basket.lines[0]!.seats).toHaveLength(2)
    expect(basket.lines[0]!.prices).toEqual([expect.objectContaining({ quantity: 2 })])
    // Main's sum of the vendor's prices: the order's own total, to the cent.
    expect(basket.totalCents).toBe(Math.round(order.totalAmount * 100))
    expect(basket.lines[0]!.picture?.yours).toHaveLength(2)

    const invoice = await call(dispatcher, 'checkout.submit', { order })
    if (!invoice.ok) throw new Error(invoice.error.code)
    // The order placed holds the seats now: switched to Chinese, the basket is still shown, at the invoice's total.
    expect(await call(dispatcher, 'customerDisplay.language', { language: 'zh-CN' })).toMatchObject({ ok: true })
    expect(await view(dispatcher)).toMatchObject({ state: 'basket', language: 'zh-CN', totalCents: invoice.value.amountCents })
    const given = invoice.value.amountCents + 2_345
    expect(await call(dispatcher, 'customerDisplay.tender', { saleId: invoice.value.saleId, givenCents: given })).toMatchObject({ ok: true })
    expect(await view(dispatcher)).toMatchObject({ state: 'tender', totalCents: invoice.value.amountCents, givenCents: given, changeCents: 2_345 })

    expect(await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'cash', tenderedCents: given })).toMatchObject({ ok: true, value: { state: 'confirmed' } })
    const thanks = await view(dispatcher)
    expect(thanks).toMatchObject({ state: 'thanks', reference: invoice.value.reference, changeCents: 2_345, servedBy: 'Aisha' })

    // Every view the display was sent, read back: a first name, never the rest of it, another staff name or the patron's e-mail.
    const said = JSON.stringify(views)
    expect(views.map((v) => v.state)).toEqual(expect.arrayContaining(['basket', 'tender', 'thanks']))
    for (const secret of ['Rahman', 'Binte', 'Mei Ling', '@', order.patron?.email ?? 'mei.tan']) expect(said).not.toContain(secret)

    // New sale: the holds go back, and the display waits for the next customer.
    expect(await call(dispatcher, 'holds.releaseAll', {})).toMatchObject({ ok: true })
    expect(await view(dispatcher)).toMatchObject({ state: 'idle' })
  }, 60_000)

  it('shows no seat main does not hold here, and follows the language the cashier picks for the customer', async () => {
    const { dispatcher } = runtime.services
    const order = await heldOrderRequest(dispatcher, rig.direct, 'Grand Theatre', 'Stalls Centre')
    const line = await basketOf(order)
    expect(await call(dispatcher, 'customerDisplay.basket', { lines: [{ ...line, inventoryIds: [999_999_1, 999_999_2] }] })).toMatchObject({ ok: true })
    expect(await view(dispatcher)).toMatchObject({ state: 'idle' })

    expect(await call(dispatcher, 'customerDisplay.basket', { lines: [line] })).toMatchObject({ ok: true })
    const english = await view(dispatcher)
    expect(await call(dispatcher, 'customerDisplay.language', { language: 'zh-CN' })).toMatchObject({ ok: true })
    const chinese = await view(dispatcher)
    expect(english).toMatchObject({ state: 'basket', language: 'en-SG' })
    expect(chinese).toMatchObject({ state: 'basket', language: 'zh-CN', totalCents: english.state === 'basket' ? english.totalCents : -1 })
    // The show's title as the vendor gives it in Chinese, not the English one.
    if (chinese.state === 'basket' && english.state === 'basket') expect(chinese.lines[0]!.show).not.toBe(english.lines[0]!.show)
  }, 60_000)

  it('goes back to idle when main signs the counter out by itself', async () => {
    const { dispatcher, pushes } = runtime.services
    const line = await basketOf(await heldOrderRequest(dispatcher, rig.direct, 'Grand Theatre', 'Stalls Centre'))
    expect(await call(dispatcher, 'customerDisplay.basket', { lines: [line] })).toMatchObject({ ok: true })
    expect(await view(dispatcher)).toMatchObject({ state: 'basket' })
    pushes.publish('counter.signedOut', { why: 'idle', minutes: 5 })
    expect(await view(dispatcher)).toMatchObject({ state: 'idle' })
  }, 60_000)

  it('takes the basket from a signed-in cashier only', async () => {
    const { dispatcher } = runtime.services
    expect(await call(dispatcher, 'counter.signOut', {})).toMatchObject({ ok: true })
    expect(await call(dispatcher, 'customerDisplay.basket', { lines: [] })).toMatchObject({ ok: false, error: { code: 'counter.signed-out' } })
    expect(await call(dispatcher, 'customerDisplay.language', { language: 'ms-MY' })).toMatchObject({ ok: false, error: { code: 'counter.signed-out' } })
    expect(await view(dispatcher)).toMatchObject({ state: 'idle', language: 'en-SG' })
  }, 60_000)
})
