import { afterEach, describe, expect, it } from 'vitest'
import { call } from '../../../electron/ipc-core/dispatcher'
import type { Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest, terminalLedger } from '../../support/checkout-fixtures'
import { SandboxClient } from '../../support/sandbox-client'
import { startSandboxRuntime } from '../../support/sandbox-runtime'
import { readStaffNote } from '../../../electron/journal/staff-note'

/**
 * The sale path trusts nothing it has not checked: a confirm whose answer was
 * lost is asked about before any money goes back, and a payment asked for
 * twice at once is taken, confirmed and printed once.
 */
let rig: ApiRig
let runtime: Runtime | null = null

afterEach(async () => {
  await runtime?.close()
  runtime = null
  await rig.close()
})

async function invoiced(mode: 'self-service' | 'counter' = 'self-service') {
  runtime = await startSandboxRuntime(rig, { mode, host: 'browser', checkout: { confirmAttempts: 3 } })
  const dispatcher = runtime.services.dispatcher
  const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, rig.direct) })
  if (!invoice.ok) throw new Error(invoice.error.code)
  return { dispatcher, invoice: invoice.value, journal: runtime.sales.context!.checkout.journal }
}

describe('a confirm whose answer is lost', () => {
  it('is not refunded when the vendor did confirm it: the order is asked for first', async () => {
    rig = await apiRig({ proxy: true })
    const { dispatcher, invoice, journal } = await invoiced()
    // Every confirm reaches the vendor (which confirms) but its answer never comes back.
    rig.proxy!.fail(/\/confirm$/, { kind: 'lose-answer' }, 10, 'POST')
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.saleId, tender: 'card', testCard: 'approve' })
    if (!paid.ok) throw new Error(paid.error.code)
    expect(paid.value.state).toBe('confirmed')
    expect((await rig.direct.get(`/orders/${invoice.reference}`)).body.orderStatus).toBe('CONFIRMED')
    expect(await terminalLedger(rig)).toEqual([expect.objectContaining({ state: 'approved' })])
    expect(journal.steps(invoice.saleId).map((s) => s.step)).toContain('confirm-checked')
  })

  it('is refunded when the vendor says the order is still unconfirmed, and the journal says so', async () => {
    rig = await apiRig({ proxy: true })
    const { dispatcher, invoice, journal } = await invoiced()
    // The confirms never reach the vendor at all.
    rig.proxy!.fail(/\/confirm$/, { kind: 'close' }, 10, 'POST')
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.saleId, tender: 'card', testCard: 'approve' })
    if (!paid.ok) throw new Error(paid.error.code)
    expect(paid.value.state).toBe('refunded')
    expect(await terminalLedger(rig)).toEqual([expect.objectContaining({ state: 'reversed' })])
    const checked = journal.steps(invoice.saleId).find((s) => s.step === 'confirm-checked')
    expect(checked?.detail).toMatchObject({ orderStatus: 'PENDING_PAYMENT' })
  })

  it('goes to staff, not to a refund, when the vendor cannot even be asked', async () => {
    rig = await apiRig({ proxy: true })
    const { dispatcher, invoice, journal } = await invoiced()
    rig.proxy!.fail(/\/confirm$/, { kind: 'lose-answer' }, 10, 'POST')
    rig.proxy!.fail(new RegExp(`/orders/${invoice.reference}$`), { kind: 'close' }, 20, 'GET')
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.saleId, tender: 'card', testCard: 'approve' })
    if (!paid.ok) throw new Error(paid.error.code)
    expect(paid.value.state).toBe('needs-staff')
    // The vendor did confirm; nothing was given back, and staff are told to check.
    expect(await terminalLedger(rig)).toEqual([expect.objectContaining({ state: 'approved' })])
    expect(readStaffNote(journal.get(invoice.saleId)!.staffNote)).toMatchObject({ kind: 'keyed', sentences: [{ key: 'confirmUnknown', params: { reference: invoice.reference } }] })
  })
})

describe('one payment at a time per sale', () => {
  it('a double tap on Pay charges, confirms and prints once', async () => {
    rig = await apiRig()
    const { dispatcher, invoice, journal } = await invoiced()
    const pay = () => call(dispatcher, 'checkout.pay', { saleId: invoice.saleId, tender: 'card', testCard: 'approve' })
    const [first, second] = await Promise.all([pay(), pay()])
    expect(await terminalLedger(rig)).toHaveLength(1)
    expect(journal.steps(invoice.saleId).filter((s) => s.step === 'confirmed')).toHaveLength(1)
    expect(journal.steps(invoice.saleId).filter((s) => s.step === 'payment-started')).toHaveLength(1)
    // The second tap is told the same outcome (or that the payment is under way), never a second sale.
    for (const reply of [first, second]) {
      if (reply.ok) expect(reply.value.state).toBe('confirmed')
      else expect(reply.error.code).toBe('checkout.payment-in-progress')
    }
  })
})

describe('the invoice by the vendor’s clock', () => {
  it('renews an invoice that has too little time left by the vendor’s clock, though the kiosk’s (10 minutes behind) says plenty', async () => {
    // The vendor runs 10 minutes ahead of this kiosk: an invoice of 15 minutes has 15 left by the vendor,
    // 25 by the kiosk. A payment needing 20 must renew it first.
    rig = await apiRig({ sandbox: { now: () => Date.now() + 10 * 60_000 } })
    runtime = await startSandboxRuntime(rig, { mode: 'self-service', host: 'browser', checkout: { paymentBudgetMs: 20 * 60_000 } })
    const dispatcher = runtime.services.dispatcher
    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, rig.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    if (!paid.ok) throw new Error(paid.error.code)
    expect(paid.value.state).toBe('confirmed')
    const steps = runtime.sales.context!.checkout.journal.steps(invoice.value.saleId).map((s) => s.step)
    expect(steps).toContain('invoice-renewing')
  })
})

describe('renewing an invoice before payment', () => {
  it('keeps the seats held across the renewal: another buyer cannot take them in between', async () => {
    rig = await apiRig({ proxy: true })
    // Every payment "needs" more time than the invoice has, so it is renewed first.
    runtime = await startSandboxRuntime(rig, { mode: 'self-service', host: 'browser', checkout: { paymentBudgetMs: 16 * 60_000 } })
    const dispatcher = runtime.services.dispatcher
    const request = await heldOrderRequest(dispatcher, rig.direct)
    const { productId, inventoryIds } = { productId: request.items[0]!.productId, inventoryIds: request.items[0]!.inventoryIds! }
    const invoice = await call(dispatcher, 'checkout.submit', { order: request })
    if (!invoice.ok) throw new Error(invoice.error.code)

    // The new order is slow to arrive at the vendor: the moment between voiding and re-ordering is wide open.
    rig.proxy!.fail(/\/orders\/?$/, { kind: 'slow', delayMs: 1_500 }, 1, 'POST')
    const paying = call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    await expect.poll(() => rig.proxy!.count(/\/orders\/?$/, 'POST'), { timeout: 15_000 }).toBeGreaterThan(1)
    const otherBuyer = new SandboxClient(rig.sandbox, rig.sandbox.clients[1]!)
    const grab = await otherBuyer.post(`/products/${productId}/seats`, { reservedSeatList: inventoryIds })
    expect(grab.body.status).not.toBe(0)

    const paid = await paying
    if (!paid.ok) throw new Error(paid.error.code)
    expect(paid.value.state).toBe('confirmed')
    expect(paid.value.order!.reference).not.toBe(invoice.value.reference)
    expect(paid.value.order!.items[0]!.seats.map((s) => s.inventoryId).sort()).toEqual([...inventoryIds].sort())
    expect(runtime.holds.status().count).toBe(0)
  })
})
