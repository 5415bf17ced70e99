import { describe, expect, it } from 'vitest'
import { call } from '../../../electron/ipc-core/dispatcher'
import { heldOrderRequest, terminalLedger } from '../../support/checkout-fixtures'
import { sandboxRuntimePerTest } from '../../support/sandbox-runtime'
import { terminalControls } from '../../support/terminal-controls'

/**
 * Checkout at the Adyen terminal (the simulator, through the real adapter):
 * the customer who stops the payment at the kiosk, the one who walks away
 * from the terminal, a card pulled out, a terminal busy with another till, and
 * the kiosk telling whether cards can be taken before anyone chooses seats.
 */
const run = sandboxRuntimePerTest()



const network = (online: boolean) => terminalControls(run.rig.sandbox, run.rig.direct).plug(online)

describe('card payment at the terminal', () => {
  it('stops the payment when the kiosk’s wait for the terminal runs out (the customer walked away), and takes nothing', async () => {
    const dispatcher = await run.start('self-service', { terminalWaitMs: 1_000 })
    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, run.rig.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'no-card' })
    expect(paid.ok && paid.value.state).toBe('declined')
    expect(await terminalLedger(run.rig)).toEqual([expect.objectContaining({ key: `${invoice.value.reference}-1`, state: 'aborted' })])
    const steps = run.runtime!.sales.context!.checkout.journal.steps(invoice.value.saleId).map((s) => s.step)
    expect(steps).toEqual(expect.arrayContaining(['payment-wait-over', 'payment-cancelled']))
    // The customer who comes back can still pay: a new attempt, a new key.
    const again = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    expect(again.ok && again.value.state).toBe('confirmed')
  })

  it('stops the payment when the customer presses Stop at the kiosk while the terminal waits', async () => {
    const dispatcher = await run.start()
    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, run.rig.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    // Nothing is waiting yet: nothing to stop.
    expect(await call(dispatcher, 'checkout.abortPayment', { saleId: invoice.value.saleId })).toEqual({ ok: true, value: { aborting: false } })
    const paying = call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'no-card' })
    await expect
      .poll(async () => {
        const stopped = await call(dispatcher, 'checkout.abortPayment', { saleId: invoice.value.saleId })
        return stopped.ok && stopped.value.aborting
      })
      .toBe(true)
    const paid = await paying
    expect(paid.ok && paid.value.state).toBe('declined')
    expect((await terminalLedger(run.rig)).map((t) => t.state)).toEqual(['aborted'])
    const journal = run.runtime!.sales.context!.checkout.journal
    expect(journal.get(invoice.value.saleId)!.state).toBe('declined')
    expect(journal.steps(invoice.value.saleId).map((s) => s.step)).toContain('payment-abort-asked')
  })

  it('a pulled card is a cancelled payment, a busy terminal takes nothing; neither is a decline of the card', async () => {
    const dispatcher = await run.start()
    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, run.rig.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const removed = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'card-removed' })
    expect(removed.ok && removed.value.state).toBe('declined')
    const busy = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'busy' })
    expect(busy.ok && busy.value.state).toBe('unavailable')
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    expect(paid.ok && paid.value.state).toBe('confirmed')
    const steps = run.runtime!.sales.context!.checkout.journal.steps(invoice.value.saleId).map((s) => s.step)
    expect(steps).toEqual(expect.arrayContaining(['payment-cancelled', 'payment-unavailable', 'payment-approved']))
    expect((await terminalLedger(run.rig)).map((t) => t.state)).toEqual(['aborted', 'approved'])
  })

  it('tells the kiosk whether the terminal answers, before the customer chooses seats', async () => {
    const dispatcher = await run.start()
    expect(await call(dispatcher, 'checkout.terminal', {})).toMatchObject({ ok: true, value: { cards: true, state: 'ready' } })
    await network(false)
    try {
      expect(await call(dispatcher, 'checkout.terminal', {})).toMatchObject({ ok: true, value: { cards: true, state: 'offline' } })
    } finally {
      await network(true)
    }
  })
})
