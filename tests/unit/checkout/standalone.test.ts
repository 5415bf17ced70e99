import { TEST_CASHIER } from '../../support/staff-runtime'
import { describe, expect, it } from 'vitest'
import { documentsOf } from '../../../electron/checkout/sale-printing'
import type { OrderRequest } from '../../../electron/contract'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import { heldOrderRequest, terminalLedger } from '../../support/checkout-fixtures'
import { sandboxRuntimePerTest } from '../../support/sandbox-runtime'
import { countOf } from '../../support/cash-count'
import { readStaffNote } from '../../../electron/journal/staff-note'

/**
 * The standalone terminal at the counter, against the sandbox: when the
 * integrated card terminal is down, staff take the card on a separate terminal
 * and key in its approval code. Main journals it, confirms the order with a
 * payment reference made from the invoice, the attempt and the code, and
 * counts it in the shift under its own tender. Kiosks never take it.
 */
const run = sandboxRuntimePerTest()


const journal = () => run.runtime!.sales.context!.checkout.journal

async function openShift(counter: Dispatcher, floatCents = 20_000): Promise<void> {
  const opened = await call(counter, 'shift.open', { floatCents })
  if (!opened.ok) throw new Error(opened.error.code)
}

/** An order for two held seats, the customer's card brand as its payment method. */
async function cardOrder(dispatcher: Dispatcher, section = 'Stalls Centre'): Promise<OrderRequest> {
  return { ...(await heldOrderRequest(dispatcher, run.rig.direct, 'Grand Theatre', section)), paymentMethodCode: 'VISA' }
}


describe('the standalone terminal', () => {
  it('confirms a counter sale with the approval code keyed in, journalled, with a deterministic payment reference', async () => {
    const counter = await run.start('counter')
    await openShift(counter)
    const invoice = await call(counter, 'checkout.submit', { order: await cardOrder(counter) })
    if (!invoice.ok) throw new Error(invoice.error.code)

    // Typed in lower case with spaces around it: journalled and sent in capitals.
    const paid = await call(counter, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'standalone', approvalCode: ' ab12c9 ' })
    if (!paid.ok) throw new Error(paid.error.code)
    expect(paid.value.state).toBe('confirmed')
    expect(paid.value.order!.tickets).toHaveLength(2)

    const paymentRef = `STANDALONE-${invoice.value.reference}-1-AB12C9`
    const atVendor = await run.rig.direct.get(`/orders/${invoice.value.reference}`)
    expect(atVendor.body).toMatchObject({ orderStatus: 'CONFIRMED', paymentReference: paymentRef })
    // Nothing went through Foyer's own terminal.
    expect(await terminalLedger(run.rig)).toEqual([])

    const sale = journal().get(invoice.value.saleId)!
    expect(sale).toMatchObject({ state: 'confirmed', tender: 'standalone', paymentRef, attempt: 1, changeCents: null })
    const steps = journal().steps(invoice.value.saleId)
    expect(steps.map((s) => s.step)).toEqual(['order-submitting', 'order-venues', 'order-language', 'order-submitted', 'payment-started', 'standalone-approved', 'confirm-started', 'confirmed'])
    expect(steps.find((s) => s.step === 'standalone-approved')!.detail).toEqual({ approvalCode: 'AB12C9' })

    // The receipt names the tender and the approval code.
    const receipt = documentsOf(sale, journal(), 'receipt')[0]!.html
    expect(receipt).toContain('<dt>Card (standalone terminal)</dt><dd class="card">VISA</dd>')
    expect(receipt).toContain('<dt>Approval code</dt><dd class="approval-code">AB12C9</dd>')
    expect(receipt).toContain(paymentRef)

    // Asking again answers the same outcome; nothing is journalled twice.
    const again = await call(counter, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'standalone', approvalCode: 'AB12C9' })
    expect(again.ok && again.value.state).toBe('confirmed')
    expect(journal().steps(invoice.value.saleId)).toHaveLength(steps.length)
  })

  it('takes over a counter card sale whose integrated terminal is down; the sale is counted as standalone', async () => {
    const counter = await run.start('counter')
    await openShift(counter)
    const invoice = await call(counter, 'checkout.submit', { order: await cardOrder(counter) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const paid = await call(counter, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'standalone', approvalCode: '7Q2Z01' })
    if (!paid.ok) throw new Error(paid.error.code)
    expect(paid.value.state).toBe('confirmed')
    const sale = journal().get(invoice.value.saleId)!
    expect(sale).toMatchObject({ tender: 'standalone', paymentRef: `STANDALONE-${invoice.value.reference}-1-7Q2Z01` })
    expect(journal().steps(invoice.value.saleId).find((s) => s.step === 'payment-started')!.detail).toEqual({ approvalCode: '7Q2Z01', from: 'card' })
    expect(await terminalLedger(run.rig)).toEqual([])
  })

  it('is refused at a self-service kiosk, at a counter nobody signed in to, and without an open shift', async () => {
    const kiosk = await run.start('self-service')
    const order = await cardOrder(kiosk)
    // A kiosk's card sale cannot be turned into one: the sale stays unpaid, the card still works.
    const invoice = await call(kiosk, 'checkout.submit', { order })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const turned = await call(kiosk, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'standalone', approvalCode: 'AB12C9' })
    expect(turned).toMatchObject({ ok: false, error: { code: 'checkout.standalone-not-here', messageKey: 'checkout.errors.standaloneAtCounter' } })
    expect(journal().get(invoice.value.saleId)).toMatchObject({ state: 'invoiced', tender: 'card', attempt: 0 })
    await call(kiosk, 'checkout.cancel', { saleId: invoice.value.saleId })
    await run.runtime!.close()

    const counter = await run.start('counter')
    const counterOrder = await cardOrder(counter, 'Stalls Left')
    // The counter has a card terminal: its card sale is placed without a shift, and goes to the standalone terminal only in one.
    const cardSale = await call(counter, 'checkout.submit', { order: counterOrder })
    if (!cardSale.ok) throw new Error(cardSale.error.code)
    const payNoShift = await call(counter, 'checkout.pay', { saleId: cardSale.value.saleId, tender: 'standalone', approvalCode: 'AB12C9' })
    expect(payNoShift).toMatchObject({ ok: false, error: { code: 'shift.none-open', messageKey: 'checkout.errors.noShiftStandalone' } })

    await openShift(counter)
    run.runtime!.services.counter.signOut()
    const signedOut = await call(counter, 'checkout.pay', { saleId: cardSale.value.saleId, tender: 'standalone', approvalCode: 'AB12C9' })
    expect(signedOut).toMatchObject({ ok: false, error: { code: 'counter.signed-out', messageKey: 'checkout.errors.signInFirst' } })
    expect(journal().get(cardSale.value.saleId)).toMatchObject({ state: 'invoiced', tender: 'card', attempt: 0 })

    // Signed in again: the card sale placed before the shift opened is taken on the standalone terminal and counted in it.
    run.runtime!.services.counter.signIn(TEST_CASHIER)
    const paid = await call(counter, 'checkout.pay', { saleId: cardSale.value.saleId, tender: 'standalone', approvalCode: 'AB12C9' })
    expect(paid.ok && paid.value.state).toBe('confirmed')
    const sales = await call(counter, 'shift.sales', {})
    expect(sales.ok && sales.value.map((s) => [s.saleId, s.tender])).toEqual([[cardSale.value.saleId, 'standalone']])
  })

  it('refuses approval codes that are not 2 to 12 letters or digits, with a translated error, and takes nothing', async () => {
    const counter = await run.start('counter')
    await openShift(counter)
    const invoice = await call(counter, 'checkout.submit', { order: await cardOrder(counter) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const saleId = invoice.value.saleId
    for (const approvalCode of ['', '   ', 'A', '1234567890ABC', 'AB-123', 'AB 123', 'ßßß', 'ＡＢ１２', '12345\u0000', '<b>1</b>']) {
      const refused = await call(counter, 'checkout.pay', { saleId, tender: 'standalone', approvalCode })
      expect(refused, JSON.stringify(approvalCode)).toMatchObject({ ok: false, error: { code: 'checkout.approval-code', messageKey: 'checkout.errors.approvalCode' } })
    }
    // Longer than any typing: refused by the contract before main reads it.
    const huge = await call(counter, 'checkout.pay', { saleId, tender: 'standalone', approvalCode: 'A'.repeat(65) })
    expect(huge).toMatchObject({ ok: false, error: { code: 'contract.invalid-request' } })
    expect(journal().get(saleId)).toMatchObject({ state: 'invoiced', attempt: 0, paymentRef: null })
    expect(journal().steps(saleId).map((s) => s.step)).toEqual(['order-submitting', 'order-venues', 'order-language', 'order-submitted'])
    // Two characters and twelve are both codes.
    const paid = await call(counter, 'checkout.pay', { saleId, tender: 'standalone', approvalCode: '0a' })
    expect(paid.ok && paid.value.state).toBe('confirmed')
    expect(journal().get(saleId)!.paymentRef).toBe(`STANDALONE-${invoice.value.reference}-1-0A`)
  })

  it('sends a payment the vendor will not confirm to staff, to reverse on the standalone terminal; the seats go back', async () => {
    const counter = await run.start('counter')
    await openShift(counter)
    const order = await cardOrder(counter)
    const invoice = await call(counter, 'checkout.submit', { order })
    if (!invoice.ok) throw new Error(invoice.error.code)
    // Someone voids the order at the vendor between invoice and payment.
    await run.rig.direct.post(`/orders/${invoice.value.reference}/cancel`, {})
    const paid = await call(counter, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'standalone', approvalCode: 'AB12C9' })
    if (!paid.ok) throw new Error(paid.error.code)
    expect(paid.value.state).toBe('needs-staff')
    const sale = journal().get(invoice.value.saleId)!
    expect(sale.state).toBe('needs-staff')
    expect(readStaffNote(sale.staffNote)).toMatchObject({
      kind: 'keyed',
      sentences: [
        { key: 'standaloneToReverse', params: { approvalCode: 'AB12C9', reference: invoice.value.reference, amountCents: sale.amountCents, paymentRef: sale.paymentRef } },
        { key: 'whyNotConfirmed', params: { orderStatus: 'CANCELLED' } },
      ],
    })
    expect(journal().steps(invoice.value.saleId).map((s) => s.step)).toContain('refund-by-staff')
    expect(await terminalLedger(run.rig)).toEqual([])
    expect((await run.rig.direct.get(`/orders/${invoice.value.reference}`)).body.orderStatus).toBe('CANCELLED')
    const reserve = await run.rig.direct.post(`/products/${order.items[0]!.productId}/seats`, { reservedSeatList: order.items[0]!.inventoryIds })
    expect(reserve.body.status).toBe(0)
  })

  it('is counted in the shift under its own tender: not card, not cash, not in the drawer, on the X and Z reports', async () => {
    const counter = await run.start('counter')
    await openShift(counter, 20_000)
    const sell = async (tender: 'cash' | 'standalone', section: string) => {
      const order = { ...(await heldOrderRequest(counter, run.rig.direct, 'Grand Theatre', section)), paymentMethodCode: tender === 'cash' ? 'CASH' : 'MASTERCARD' }
      const invoice = await call(counter, 'checkout.submit', { order })
      if (!invoice.ok) throw new Error(invoice.error.code)
      const pay = tender === 'cash' ? { tender, tenderedCents: invoice.value.amountCents } : { tender, approvalCode: '123456' }
      const paid = await call(counter, 'checkout.pay', { saleId: invoice.value.saleId, ...pay })
      if (!paid.ok || paid.value.state !== 'confirmed') throw new Error('sale failed')
      return invoice.value.amountCents
    }
    const cash = await sell('cash', 'Stalls Left')
    const standalone = await sell('standalone', 'Stalls Right')

    const x = await call(counter, 'shift.current', {})
    if (!x.ok || !x.value) throw new Error('no X report')
    expect(x.value).toMatchObject({ kind: 'X', tickets: 4, expectedCashCents: 20_000 + cash })
    expect(x.value.standalone).toEqual({ sales: 1, soldCents: standalone, refunds: 0, refundedCents: 0, netCents: standalone, paidBack: 0, paidBackCents: 0 })
    expect(x.value.cash).toEqual({ sales: 1, soldCents: cash, refunds: 0, refundedCents: 0, netCents: cash, paidBack: 0, paidBackCents: 0 })
    expect(x.value.card).toEqual({ sales: 0, soldCents: 0, refunds: 0, refundedCents: 0, netCents: 0, paidBack: 0, paidBackCents: 0 })
    const sales = await call(counter, 'shift.sales', {})
    expect(sales.ok && sales.value.map((s) => s.tender)).toEqual(['standalone', 'cash'])

    const z = await call(counter, 'shift.close', { count: countOf(20_000 + cash) })
    if (!z.ok) throw new Error(z.error.code)
    expect(z.value).toMatchObject({ kind: 'Z', varianceCents: 0 })
    expect(z.value.standalone).toEqual({ sales: 1, soldCents: standalone, refunds: 0, refundedCents: 0, netCents: standalone, paidBack: 0, paidBackCents: 0 })
    expect(run.runtime!.sales.context!.shifts.zReport(z.value.shiftId)).toEqual(z.value)
  })
})
