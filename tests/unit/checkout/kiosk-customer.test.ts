import { TEST_CASHIER } from '../../support/staff-runtime'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PushName, SaleProgress } from '../../../electron/contract'
import { call } from '../../../electron/ipc-core/dispatcher'
import type { DocumentPrinter } from '../../../electron/printing/printer-port'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest, sandboxConnection } from '../../support/checkout-fixtures'

/**
 * What main does for the customer: an e-ticket goes to the e-mail they typed,
 * never the box office's (refused in main, whatever the renderer sends); a
 * counter hands over printed tickets or e-tickets only; and a paid sale's
 * progress (paid, confirming, printing n of m, done) is pushed to this kiosk's
 * screen, with nothing about the card.
 */
let rig: ApiRig
let runtime: Runtime | null = null
const BOX_OFFICE = 'tickets@grand-theatre.example'

/** Prints nothing, but takes its time per document, as a real printer does. */
const slowPrinter: DocumentPrinter = { name: 'test:slow', print: () => new Promise((resolve) => setTimeout(() => resolve({ pdf: Buffer.from('') }), 5)) }

async function start(mode: 'self-service' | 'counter') {
  runtime = await startRuntime({
    facts: { appVersion: 't', mode, host: 'browser' },
    dataDir: null,
    connection: sandboxConnection(rig),
    log: { warn: () => {}, error: () => {} },
    checkout: { sleep: async () => {} },
    printer: slowPrinter,
    boxOfficeEmail: () => BOX_OFFICE,
  })
  runtime.services.counter.signIn(TEST_CASHIER)
  return runtime.services.dispatcher
}

beforeEach(async () => {
  rig = await apiRig()
})
afterEach(async () => {
  await runtime?.close()
  runtime = null
  await rig.close()
})

describe('e-tickets at a self-service kiosk', () => {
  it.each([
    ['the box office address from settings', BOX_OFFICE],
    ['the same address in capitals', BOX_OFFICE.toUpperCase()],
    ['the training placeholder', 'boxoffice@foyer-training.invalid'],
    ['any undeliverable .invalid address', 'nobody@kiosk.invalid'],
  ])('refuses an e-ticket order sent to %s: nothing is ordered', async (_what, email) => {
    const dispatcher = await start('self-service')
    const order = { ...(await heldOrderRequest(dispatcher, rig.direct)), patron: { email } }
    const submitted = await call(dispatcher, 'checkout.submit', { order })
    expect(submitted.ok ? 'ordered' : submitted.error.code).toBe('checkout.eticket-needs-email')
    if (!submitted.ok) expect(submitted.error.messageKey).toBe('checkout.errors.eticketEmail')
    // Refused before anything was journalled or sent to the vendor.
    expect(runtime!.sales.context!.checkout.journal.unfinished()).toEqual([])
    // The seats are still the customer's to buy with a printed ticket or their own e-mail.
    expect(runtime!.holds.status().count).toBe(2)
  })

  it("takes an e-ticket order to the customer's own e-mail, and a printed-here order without one", async () => {
    const dispatcher = await start('self-service')
    const eticket = await heldOrderRequest(dispatcher, rig.direct)
    const ordered = await call(dispatcher, 'checkout.submit', { order: eticket })
    expect(ordered.ok).toBe(true)
    const printed = { ...(await heldOrderRequest(dispatcher, rig.direct, 'Grand Theatre', 'Stalls Left')), patron: { email: BOX_OFFICE }, deliveryMethodCode: 'PRINT_ON_SITE' }
    const placed = await call(dispatcher, 'checkout.submit', { order: printed })
    expect(placed.ok).toBe(true)
  })

  it("refuses the same at a counter: the cashier types the customer's own e-mail for e-tickets", async () => {
    const dispatcher = await start('counter')
    await call(dispatcher, 'shift.open', { floatCents: 0 })
    const order = { ...(await heldOrderRequest(dispatcher, rig.direct)), patron: { email: BOX_OFFICE } }
    const submitted = await call(dispatcher, 'checkout.submit', { order })
    expect(submitted.ok ? 'ordered' : submitted.error.code).toBe('checkout.eticket-needs-email')
    expect(runtime!.sales.context!.checkout.journal.unfinished()).toEqual([])
  })
})

describe('delivery at a counter', () => {
  it('offers what a box office hands over (printed now, e-tickets); a kiosk is offered every method the vendor allows', async () => {
    const dispatcher = await start('counter')
    const order = await heldOrderRequest(dispatcher, rig.direct)
    const items = order.items.map(({ productId, priceCategoryId }) => ({ productId, priceCategoryId }))
    const atCounter = await call(dispatcher, 'cart.deliveryMethods', { items })
    expect(atCounter.ok && atCounter.value.map((m) => m.code)).toEqual(['PRINT_ON_SITE', 'ETICKET'])
    await runtime!.close()
    runtime = null
    const kiosk = await start('self-service')
    const atKiosk = await call(kiosk, 'cart.deliveryMethods', { items })
    expect(atKiosk.ok && atKiosk.value.map((m) => m.code)).toContain('BOX_OFFICE_COLLECTION')
  })

  it('refuses "collect at the box office" at a counter, before anything is journalled or ordered', async () => {
    const dispatcher = await start('counter')
    await call(dispatcher, 'shift.open', { floatCents: 0 })
    const order = { ...(await heldOrderRequest(dispatcher, rig.direct)), deliveryMethodCode: 'BOX_OFFICE_COLLECTION' }
    const submitted = await call(dispatcher, 'checkout.submit', { order })
    expect(submitted.ok ? 'ordered' : submitted.error.code).toBe('checkout.delivery-not-here')
    if (!submitted.ok) expect(submitted.error.messageKey).toBe('cart.deliveryAtCounter')
    expect(runtime!.sales.context!.checkout.journal.unfinished()).toEqual([])
    expect(runtime!.holds.status().count).toBe(2)
    // Printed now goes through.
    const printed = { ...order, deliveryMethodCode: 'PRINT_ON_SITE' }
    expect((await call(dispatcher, 'checkout.submit', { order: printed })).ok).toBe(true)
  })
})

describe("the paid sale's progress", () => {
  it('pushes paid, confirming, printing n of m and done for the sale being paid, with nothing about the card', async () => {
    const dispatcher = await start('self-service')
    const pushed: { name: PushName; payload: unknown }[] = []
    runtime!.services.pushes.attach((name, payload) => void pushed.push({ name, payload }))
    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, rig.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    expect(paid.ok && paid.value.state).toBe('confirmed')
    expect(paid.ok && paid.value.printed).toBe(true)

    const progress = pushed.filter((p) => p.name === 'checkout.progress').map((p) => p.payload as SaleProgress)
    const saleId = invoice.value.saleId
    // Two tickets and the receipt.
    expect(progress).toEqual([
      { saleId, stage: 'paid', printed: 0, documents: 0 },
      { saleId, stage: 'confirming', printed: 0, documents: 0 },
      { saleId, stage: 'printing', printed: 0, documents: 3 },
      { saleId, stage: 'printing', printed: 1, documents: 3 },
      { saleId, stage: 'printing', printed: 2, documents: 3 },
      { saleId, stage: 'done', printed: 3, documents: 3 },
    ])
    const words = JSON.stringify(progress)
    expect(words).not.toMatch(/1111|VISA|auth|pan|mei\.tan/i)
  })

  it('says nothing for a declined card: nothing was paid', async () => {
    const dispatcher = await start('self-service')
    const pushed: PushName[] = []
    runtime!.services.pushes.attach((name) => void pushed.push(name))
    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, rig.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'decline' })
    expect(pushed).not.toContain('checkout.progress')
  })

  it('refuses a progress payload carrying anything more than the contract allows', async () => {
    await start('self-service')
    const saleId = '6f1c1a9e-8a2b-4c1d-9e0f-0a1b2c3d4e5f'
    expect(() => runtime!.services.pushes.publish('checkout.progress', { saleId, stage: 'paid', printed: 0, documents: 0, last4: '1111' } as SaleProgress)).toThrow()
  })
})
