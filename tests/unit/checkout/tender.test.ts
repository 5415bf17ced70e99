import { describe, expect, it, vi } from 'vitest'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import { startRuntime } from '../../../electron/services/runtime'
import { heldOrderRequest, sandboxConnection, terminalLedger } from '../../support/checkout-fixtures'
import { sandboxRuntimePerTest } from '../../support/sandbox-runtime'
import { TEST_CASHIER } from '../../support/staff-runtime'

/**
 * Main decides how a sale is paid, from the order's payment method and the
 * mode Foyer runs in: the renderer names a payment method, never a tender. A
 * self-service kiosk never takes cash, whatever the renderer calls it; at a
 * counter CASH is cash in the drawer, a card method is the card terminal (the
 * standalone one where no terminal is set up); and a sale is paid only the
 * way it was placed.
 */
const run = sandboxRuntimePerTest()
const journal = () => run.runtime!.sales.context!.checkout.journal

async function openShift(counter: Dispatcher): Promise<void> {
  const opened = await call(counter, 'shift.open', { floatCents: 20_000 })
  if (!opened.ok) throw new Error(opened.error.code)
}

describe('the tender', () => {
  it('is not the renderer’s to give: a kiosk’s CASH order called a card sale is refused, and so is any named tender', async () => {
    const kiosk = await run.start('self-service')
    const order = { ...(await heldOrderRequest(kiosk, run.rig.direct)), paymentMethodCode: 'CASH' }
    // The renderer's word for the tender is no part of the request any more.
    // (Sent as a renderer would over IPC: the contract's types no longer let a caller write it.)
    expect(await kiosk.dispatch('checkout.submit', { order, tender: 'card' }, { transport: 'test' })).toMatchObject({ ok: false, error: { code: 'contract.invalid-request' } })
    // A kiosk has no drawer: cash is refused, said in the customer's words.
    expect(await call(kiosk, 'checkout.submit', { order })).toMatchObject({ ok: false, error: { code: 'checkout.cash-not-here', messageKey: 'checkout.errors.cashAtCounter' } })
    expect(journal().unfinished()).toEqual([])
  })

  it('at a counter: CASH is cash, a card method is the card terminal; a sale is paid only the way it was placed', async () => {
    const counter = await run.start('counter')
    await openShift(counter)
    const cashOrder = { ...(await heldOrderRequest(counter, run.rig.direct, 'Grand Theatre', 'Stalls Left')), paymentMethodCode: 'CASH' }
    const cash = await call(counter, 'checkout.submit', { order: cashOrder })
    if (!cash.ok) throw new Error(cash.error.code)
    expect(journal().get(cash.value.saleId)).toMatchObject({ tender: 'cash', paymentMethod: 'CASH' })
    // Paid by card at the terminal, the vendor would record cash and the drawer would be short: refused.
    const byCard = await call(counter, 'checkout.pay', { saleId: cash.value.saleId, tender: 'card', testCard: 'approve' })
    expect(byCard).toMatchObject({ ok: false, error: { code: 'checkout.tender', messageKey: 'checkout.errors.tenderMismatch' } })
    expect(await terminalLedger(run.rig)).toEqual([])

    const cardOrder = await heldOrderRequest(counter, run.rig.direct, 'Grand Theatre', 'Stalls Right')
    const card = await call(counter, 'checkout.submit', { order: cardOrder })
    if (!card.ok) throw new Error(card.error.code)
    expect(journal().get(card.value.saleId)).toMatchObject({ tender: 'card', paymentMethod: 'VISA' })
    const byCash = await call(counter, 'checkout.pay', { saleId: card.value.saleId, tender: 'cash', tenderedCents: card.value.amountCents })
    expect(byCash).toMatchObject({ ok: false, error: { code: 'checkout.tender', messageKey: 'checkout.errors.tenderMismatch' } })
    expect(journal().get(card.value.saleId)).toMatchObject({ state: 'invoiced', attempt: 0 })
  })

  it('at a counter with no card terminal set up, a card method is the standalone terminal', async () => {
    // The test's own runtime: the sandbox's, without its card terminal.
    const runtime = await startRuntime({
      facts: { appVersion: 't', mode: 'counter', host: 'browser' },
      dataDir: null,
      connection: { ...sandboxConnection(run.rig), terminal: undefined },
      log: { warn: () => {}, error: () => {} },
      checkout: { sleep: async () => {} },
    })
    try {
      runtime.services.counter.signIn(TEST_CASHIER)
      const counter = runtime.services.dispatcher
      await openShift(counter)
      const sale = await call(counter, 'checkout.submit', { order: await heldOrderRequest(counter, run.rig.direct) })
      if (!sale.ok) throw new Error(sale.error.code)
      expect(runtime.sales.context!.checkout.journal.get(sale.value.saleId)).toMatchObject({ tender: 'standalone', paymentMethod: 'VISA' })
    } finally {
      await runtime.close()
    }
  })

  it("at a counter, cash's payment-started is written without waiting for the disk, and the cash taken waits for it", async () => {
    // The drawer opens only after 'cash-taken', whose commit waits and carries the step before it (SalesJournal.unwaited).
    const counter = await run.start('counter')
    await openShift(counter)
    const j = journal()
    let unwaitedNow = false
    const written: { step: string; unwaited: boolean }[] = []
    const real = { unwaited: j.unwaited.bind(j), start: j.startPayment.bind(j), settle: j.settlePayment.bind(j) }
    vi.spyOn(j, 'unwaited').mockImplementation((write) => real.unwaited(() => {
      unwaitedNow = true
      try {
        return write()
      } finally {
        unwaitedNow = false
      }
    }))
    vi.spyOn(j, 'startPayment').mockImplementation((...args) => (written.push({ step: args[1], unwaited: unwaitedNow }), real.start(...args)))
    vi.spyOn(j, 'settlePayment').mockImplementation((...args) => (written.push({ step: args[1], unwaited: unwaitedNow }), real.settle(...args)))
    const order = { ...(await heldOrderRequest(counter, run.rig.direct, 'Grand Theatre', 'Stalls Left')), paymentMethodCode: 'CASH' }
    const sale = await call(counter, 'checkout.submit', { order })
    if (!sale.ok) throw new Error(sale.error.code)
    expect(await call(counter, 'checkout.pay', { saleId: sale.value.saleId, tender: 'cash', tenderedCents: sale.value.amountCents })).toMatchObject({ ok: true })
    expect(written).toEqual([{ step: 'payment-started', unwaited: true }, { step: 'cash-taken', unwaited: false }])
    vi.restoreAllMocks()
  })
})
