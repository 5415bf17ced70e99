import { describe, expect, it } from 'vitest'
import { call } from '../../../electron/ipc-core/dispatcher'
import { heldOrderRequest, terminalLedger } from '../../support/checkout-fixtures'
import { sandboxRuntimePerTest } from '../../support/sandbox-runtime'
import { countOf } from '../../support/cash-count'
import { readStaffNote } from '../../../electron/journal/staff-note'

/**
 * Checkout through the contract against the sandbox and its terminal: order,
 * payment, confirm; a declined card then another; cash at the counter; a lost
 * terminal answer settled by asking; a confirm the vendor refuses, refunded.
 */
const run = sandboxRuntimePerTest()



describe('checkout', () => {
  it('sells: order, card payment, confirm; the seats are sold and the journal tells every step', async () => {
    const dispatcher = await run.start()
    const order = await heldOrderRequest(dispatcher, run.rig.direct)
    const invoice = await call(dispatcher, 'checkout.submit', { order })
    if (!invoice.ok) throw new Error(invoice.error.code)
    expect(invoice.value.amountCents).toBe(Math.round(order.totalAmount * 100))
    // The order owns the seats now: nothing is left as a hold to give back.
    expect(run.runtime!.holds.status().count).toBe(0)

    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    if (!paid.ok) throw new Error(paid.error.code)
    expect(paid.value.state).toBe('confirmed')
    expect(paid.value.order!.status).toBe('CONFIRMED')
    expect(paid.value.order!.tickets).toHaveLength(2)

    const atVendor = await run.rig.direct.get(`/orders/${invoice.value.reference}`)
    expect(atVendor.body.orderStatus).toBe('CONFIRMED')
    expect(await terminalLedger(run.rig)).toEqual([expect.objectContaining({ key: `${invoice.value.reference}-1`, state: 'approved', amountCents: invoice.value.amountCents })])
    const journal = run.runtime!.sales.context!.checkout.journal
    expect(journal.get(invoice.value.saleId)!.state).toBe('confirmed')
    expect(journal.steps(invoice.value.saleId).map((s) => s.step)).toEqual([
      'order-submitting',
      'order-venues',
      'order-language',
      'order-submitted',
      'payment-started',
      'payment-approved',
      'confirm-started',
      'confirmed',
    ])
    // Paying again answers the same outcome and charges nothing more.
    const again = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    expect(again.ok && again.value.state).toBe('confirmed')
    expect(await terminalLedger(run.rig)).toHaveLength(1)
  })

  it('a declined card takes nothing; the customer pays again with another card under a new key', async () => {
    const dispatcher = await run.start()
    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, run.rig.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const declined = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'decline' })
    expect(declined.ok && declined.value.state).toBe('declined')
    const cancelled = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'cancel' })
    expect(cancelled.ok && cancelled.value.state).toBe('declined')
    const unreachable = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'unreachable' })
    expect(unreachable.ok && unreachable.value.state).toBe('unavailable')
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    expect(paid.ok && paid.value.state).toBe('confirmed')
    const ledger = await terminalLedger(run.rig)
    expect(ledger.map((p) => [p.key, p.state])).toEqual([
      [`${invoice.value.reference}-1`, 'declined'],
      [`${invoice.value.reference}-2`, 'cancelled'],
      [`${invoice.value.reference}-4`, 'approved'],
    ])
  })

  it('a terminal answer that never came is settled by asking the terminal, not by charging again', async () => {
    const dispatcher = await run.start()
    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, run.rig.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'timeout' })
    expect(paid.ok && paid.value.state).toBe('confirmed')
    expect(await terminalLedger(run.rig)).toHaveLength(1)
    const steps = run.runtime!.sales.context!.checkout.journal.steps(invoice.value.saleId).map((s) => s.step)
    expect(steps).toContain('payment-unknown')
    expect(steps).toContain('confirmed')
  })

  it('a kiosk refuses a refund and a reprint, each in its own words (they are made at the counter)', async () => {
    const kiosk = await run.start('self-service')
    const saleId = '00000000-0000-4000-8000-000000000000'
    const refund = await call(kiosk, 'checkout.refund', { saleId, approvalPin: '4321' })
    expect(!refund.ok && [refund.error.code, refund.error.messageKey]).toEqual(['checkout.refund-counter-only', 'checkout.errors.refundAtCounter'])
    const reprint = await call(kiosk, 'checkout.reprint', { saleId, what: 'receipt' })
    expect(!reprint.ok && [reprint.error.code, reprint.error.messageKey]).toEqual(['checkout.reprint-counter-only', 'checkout.errors.reprintAtCounter'])
  })

  it('cash is taken at the counter only, in an open shift, with the change due', async () => {
    const kiosk = await run.start('self-service')
    const order = await heldOrderRequest(kiosk, run.rig.direct)
    const refused = await call(kiosk, 'checkout.submit', { order: { ...order, paymentMethodCode: 'CASH' } })
    expect(!refused.ok && refused.error.code).toBe('checkout.cash-not-here')
    const noShifts = await call(kiosk, 'shift.open', { floatCents: 10_000 })
    expect(!noShifts.ok && noShifts.error.code).toBe('shift.counter-only')
    await run.runtime!.close()

    const counter = await run.start('counter')
    const cashOrder = { ...(await heldOrderRequest(counter, run.rig.direct, 'Grand Theatre', 'Stalls Left')), paymentMethodCode: 'CASH' }
    const noShift = await call(counter, 'checkout.submit', { order: cashOrder })
    expect(!noShift.ok && noShift.error.code).toBe('shift.none-open')
    expect((await call(counter, 'shift.open', { floatCents: 20_000 })).ok).toBe(true)
    const invoice = await call(counter, 'checkout.submit', { order: cashOrder })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const short = await call(counter, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'cash', tenderedCents: invoice.value.amountCents - 1 })
    expect(!short.ok && short.error.code).toBe('checkout.cash-short')
    const paid = await call(counter, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'cash', tenderedCents: invoice.value.amountCents + 1250 })
    if (!paid.ok) throw new Error(paid.error.code)
    expect(paid.value).toMatchObject({ state: 'confirmed', changeCents: 1250 })
    expect(await terminalLedger(run.rig)).toEqual([])
  })

  it('a counter shift: float in, sales by tender, X report on the way, Z report with the counted cash', async () => {
    const counter = await run.start('counter')
    expect(await call(counter, 'shift.current', {})).toEqual({ ok: true, value: null })
    const opened = await call(counter, 'shift.open', { floatCents: 20_000 })
    if (!opened.ok) throw new Error(opened.error.code)
    const again = await call(counter, 'shift.open', { floatCents: 5_000 })
    expect(!again.ok && again.error.code).toBe('shift.already-open')

    const sell = async (tender: 'card' | 'cash', section: string) => {
      const order = { ...(await heldOrderRequest(counter, run.rig.direct, 'Grand Theatre', section)), paymentMethodCode: tender === 'cash' ? 'CASH' : 'VISA' }
      const invoice = await call(counter, 'checkout.submit', { order })
      if (!invoice.ok) throw new Error(invoice.error.code)
      const pay = tender === 'cash' ? { tender, tenderedCents: invoice.value.amountCents } : { tender, testCard: 'approve' as const }
      const paid = await call(counter, 'checkout.pay', { saleId: invoice.value.saleId, ...pay })
      if (!paid.ok || paid.value.state !== 'confirmed') throw new Error('sale failed')
      return invoice.value.amountCents
    }
    const cash = await sell('cash', 'Stalls Left')
    const card = await sell('card', 'Stalls Right')
    const x = await call(counter, 'shift.current', {})
    if (!x.ok || !x.value) throw new Error('no X report')
    expect(x.value).toMatchObject({ kind: 'X', floatCents: 20_000, tickets: 4, expectedCashCents: 20_000 + cash, countedCents: null })
    expect(x.value.cash).toEqual({ sales: 1, soldCents: cash, refunds: 0, refundedCents: 0, netCents: cash, paidBack: 0, paidBackCents: 0 })
    expect(x.value.card).toEqual({ sales: 1, soldCents: card, refunds: 0, refundedCents: 0, netCents: card, paidBack: 0, paidBackCents: 0 })

    // No shift closes on a count nobody made: a bare total, a count missing a denomination or one counted twice are refused.
    const full = countOf(20_000 + cash - 500)
    for (const count of [full.slice(1), [...full, full[0]!], full.map((line, i) => (i === 0 ? { ...line, quantity: -1 } : line))]) {
      const refused = await call(counter, 'shift.close', { count })
      expect(!refused.ok && refused.error.code).toBe('contract.invalid-request')
    }
    expect(!(await call(counter, 'shift.close', { countedCents: 20_000 } as never)).ok).toBe(true)
    expect(await call(counter, 'shift.current', {})).toMatchObject({ ok: true, value: { kind: 'X' } })

    // Counted note by note, S$5 short: main adds it up, and the Z report keeps the count.
    const z = await call(counter, 'shift.close', { count: full })
    if (!z.ok) throw new Error(z.error.code)
    expect(z.value).toMatchObject({ kind: 'Z', varianceCents: -500, expectedCashCents: 20_000 + cash, countedCents: 20_000 + cash - 500, count: full })
    expect(z.value.closedAt).not.toBeNull()
    expect(await call(counter, 'shift.current', {})).toEqual({ ok: true, value: null })
    expect(run.runtime!.sales.context!.shifts.zReport(z.value.shiftId)).toEqual(z.value)
  })

  it('a customer who gives up before paying gets the seats released at once', async () => {
    const dispatcher = await run.start()
    const order = await heldOrderRequest(dispatcher, run.rig.direct)
    const invoice = await call(dispatcher, 'checkout.submit', { order })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const cancelled = await call(dispatcher, 'checkout.cancel', { saleId: invoice.value.saleId })
    expect(cancelled.ok).toBe(true)
    expect((await run.rig.direct.get(`/orders/${invoice.value.reference}`)).body.orderStatus).toBe('CANCELLED')
    const ids = order.items[0]!.inventoryIds!
    const reserve = await run.rig.direct.post(`/products/${order.items[0]!.productId}/seats`, { reservedSeatList: ids })
    expect(reserve.body.status).toBe(0)
  })

  it('renews an invoice about to lapse for the same seats before taking the payment', async () => {
    // Every payment "needs" more time than the hold has: the order is placed again first.
    const dispatcher = await run.start('self-service', { paymentBudgetMs: 16 * 60_000 })
    const order = await heldOrderRequest(dispatcher, run.rig.direct)
    const invoice = await call(dispatcher, 'checkout.submit', { order })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    if (!paid.ok) throw new Error(paid.error.code)
    expect(paid.value.state).toBe('confirmed')
    expect(paid.value.order!.reference).not.toBe(invoice.value.reference)
    expect(paid.value.order!.items[0]!.seats.map((s) => s.inventoryId).sort()).toEqual([...order.items[0]!.inventoryIds!].sort())
    expect((await run.rig.direct.get(`/orders/${invoice.value.reference}`)).body.orderStatus).toBe('CANCELLED')
  })

  it('refunds the card and tells staff when the vendor will not confirm', async () => {
    const dispatcher = await run.start()
    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, run.rig.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    // Someone voids the order at the vendor between invoice and payment.
    await run.rig.direct.post(`/orders/${invoice.value.reference}/cancel`, {})
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    if (!paid.ok) throw new Error(paid.error.code)
    expect(paid.value.state).toBe('refunded')
    expect(await terminalLedger(run.rig)).toEqual([expect.objectContaining({ state: 'reversed' })])
    const sale = run.runtime!.sales.context!.checkout.journal.get(invoice.value.saleId)!
    expect(readStaffNote(sale.staffNote)).toMatchObject({ kind: 'keyed', sentences: [{ key: 'cardRefunded', params: { reference: invoice.value.reference, paymentKey: sale.paymentKey } }, { key: 'whyNotConfirmed' }] })
  })
})
