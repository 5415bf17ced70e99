import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { call } from '../../../electron/ipc-core/dispatcher'
import { canInstallUpdateNow, readUpdateFacts } from '../../../electron/services/update-gate'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { sandboxRuntimePerTest } from '../../support/sandbox-runtime'

/**
 * "Never update mid-sale", against a real runtime selling through the sandbox:
 * the gate reads main's own state (the hold manager, the sales journal, the
 * screen the renderer reported over the contract) and says no while a customer
 * holds seats, while a checkout is between order and tickets, or while the
 * renderer is anywhere but the attract or sign-in screen.
 */
const run = sandboxRuntimePerTest('electron')


const verdict = (now = Date.now()) => canInstallUpdateNow(readUpdateFacts(run.runtime!.sales, run.runtime!.services.system, now))


describe('update gate', () => {
  it('waits until the renderer has said where it is, then allows an idle kiosk on the attract screen', async () => {
    const dispatcher = await run.start()
    expect(verdict()).toEqual({ ok: false, reason: 'screen-unknown' })
    const shown = await call(dispatcher, 'system.screen', { screen: 'attract' })
    expect(shown).toEqual({ ok: true, value: {} })
    expect(verdict()).toEqual({ ok: true, reason: null })
  })

  it('says no while a customer holds seats, and yes once they are given back', async () => {
    const dispatcher = await run.start()
    await call(dispatcher, 'system.screen', { screen: 'attract' })
    // The renderer is back on the attract screen but the seats are still held: still a sale.
    await heldOrderRequest(dispatcher, run.rig.direct)
    expect(run.runtime!.holds.status().count).toBe(2)
    expect(verdict()).toEqual({ ok: false, reason: 'seats-held' })
    const released = await call(dispatcher, 'holds.releaseAll', {})
    expect(released.ok).toBe(true)
    expect(verdict()).toEqual({ ok: true, reason: null })
  })

  it('says no mid-checkout (ordered, not yet paid, no seats held any more), and yes when the sale is done', async () => {
    const dispatcher = await run.start()
    await call(dispatcher, 'system.screen', { screen: 'checkout' })
    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, run.rig.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    // The order owns the seats: no holds, yet the journal has the sale unfinished.
    expect(run.runtime!.holds.status().count).toBe(0)
    expect(run.runtime!.sales.context!.checkout.journal.unfinished().map((s) => s.state)).toEqual(['invoiced'])
    await call(dispatcher, 'system.screen', { screen: 'attract' })
    expect(verdict()).toEqual({ ok: false, reason: 'sale-unfinished' })

    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    expect(paid.ok && paid.value.state).toBe('confirmed')
    expect(verdict()).toEqual({ ok: true, reason: null })
  })

  it('a declined card is still a sale in progress; the invoice lapsing at the vendor ends it', async () => {
    const dispatcher = await run.start()
    await call(dispatcher, 'system.screen', { screen: 'attract' })
    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, run.rig.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const declined = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'decline' })
    expect(declined.ok && declined.value.state).toBe('declined')
    expect(verdict()).toEqual({ ok: false, reason: 'sale-unfinished' })
    // After the vendor's expiry nobody can pay it any more; recovery voids it on the next start.
    expect(invoice.value.expiresAt).not.toBeNull()
    expect(verdict(Date.parse(invoice.value.expiresAt!) + 1)).toEqual({ ok: true, reason: null })
  })

  it('a sale waiting for staff does not keep the kiosk from updating', async () => {
    await run.start()
    await call(run.runtime!.services.dispatcher, 'system.screen', { screen: 'attract' })
    const journal = run.runtime!.sales.context!.checkout.journal
    const saleId = randomUUID()
    journal.begin({ saleId, tender: 'card', request: await heldOrderRequest(run.runtime!.services.dispatcher, run.rig.direct), shiftId: null })
    await call(run.runtime!.services.dispatcher, 'holds.releaseAll', {})
    expect(verdict()).toEqual({ ok: false, reason: 'sale-unfinished' })
    journal.record(saleId, 'payment-unknown', 'submitted', { heldForStaff: true }, { detail: 'terminal did not answer' })
    expect(journal.unfinished().map((s) => s.state)).toEqual(['needs-staff'])
    expect(verdict()).toEqual({ ok: true, reason: null })
  })

  it('the counter rests on its sign-in screen; every other screen is busy', async () => {
    const dispatcher = await run.start('counter')
    await call(dispatcher, 'system.screen', { screen: 'counter-sign-in' })
    expect(verdict()).toEqual({ ok: true, reason: null })
    for (const screen of ['events', 'seats', 'review', 'checkout', 'done', 'shift', 'admin', 'staff']) {
      await call(dispatcher, 'system.screen', { screen })
      expect(verdict(), screen).toEqual({ ok: false, reason: 'screen-busy' })
    }
  })

  it('refuses a malformed screen report with a typed error and keeps the last good one', async () => {
    const dispatcher = await run.start()
    await call(dispatcher, 'system.screen', { screen: 'attract' })
    for (const bad of [{ screen: '' }, { screen: 'Attract' }, { screen: 'a'.repeat(41) }, { screen: 'attract', extra: 1 }, {}]) {
      const reply = await call(dispatcher, 'system.screen', bad as never)
      expect(reply.ok === false && reply.error.code).toBe('contract.invalid-request')
    }
    expect(run.runtime!.services.system.screen).toBe('attract')
  })

  it('with no backend connected there is nothing in progress but the screen', () => {
    expect(canInstallUpdateNow(readUpdateFacts({ context: null }, { screen: 'attract' }))).toEqual({ ok: true, reason: null })
    expect(canInstallUpdateNow(readUpdateFacts({ context: null }, { screen: 'events' }))).toEqual({ ok: false, reason: 'screen-busy' })
  })
})
