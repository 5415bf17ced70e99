import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { documentsOf } from '../../../electron/checkout/sale-printing'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import type { ShiftReport } from '../../../electron/journal/shift-book'
import { type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest, terminalLedger } from '../../support/checkout-fixtures'
import { firstPin } from '../../support/staff-runtime'
import { staffedRuntime } from '../../support/staffed-runtime'
import { noteInEnglish } from '../../support/note-in-english'
import { terminalControls } from '../../support/terminal-controls'

/**
 * Split tender at the counter (#23): "S$50 in cash, the rest on the card".
 * A counter card sale takes a cash part, then the rest on the card; each part
 * is a payment of its own with its own key, the receipt and the shift's
 * reports count each under its tender, and a refund gives each back its way.
 */
const SUPERVISOR_PIN = '482615'
const PART = 5_000
let rig: ApiRig
let runtime: Runtime

beforeEach(async () => {
  rig = await apiRig()
  runtime = await staffedRuntime(rig, { mode: 'counter', dir: mkdtempSync(join(tmpdir(), 'foyer-split-')) })
  const { dispatcher } = runtime.services
  expect(await call(dispatcher, 'staff.setPin', { ...firstPin(SUPERVISOR_PIN), name: 'Mei Ling' })).toMatchObject({ ok: true })
  expect(await call(dispatcher, 'counter.signIn', { name: 'Mei Ling', pin: SUPERVISOR_PIN })).toMatchObject({ ok: true, value: { ok: true } })
  expect(await call(dispatcher, 'shift.open', { floatCents: 10_000 })).toMatchObject({ ok: true })
}, 60_000)
afterEach(async () => {
  await runtime.close()
  await rig.close()
})

const journal = () => runtime.sales.context!.checkout.journal
const paperText = (html: string) => html.replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&#39;|&apos;/g, "'").replace(/\s+/g, ' ')
const dollars = (cents: number) => `S$${(cents / 100).toFixed(2)}`

/** A counter card sale placed and its cash part taken (S$50, S$60 handed over). */
async function cashPartTaken(dispatcher: Dispatcher, method = 'VISA') {
  const held = await heldOrderRequest(dispatcher, rig.direct, 'Grand Theatre', 'Stalls Centre')
  const invoice = await call(dispatcher, 'checkout.submit', { order: { ...held, paymentMethodCode: method } })
  if (!invoice.ok) throw new Error(invoice.error.code)
  const { saleId, reference, amountCents } = invoice.value
  expect(amountCents).toBeGreaterThan(PART)
  const part = await call(dispatcher, 'checkout.pay', { saleId, tender: 'cash', tenderedCents: 6_000, partCents: PART })
  expect(part).toMatchObject({ ok: true, value: { state: 'part-paid', changeCents: 1_000, dueCents: amountCents - PART, printed: false } })
  return { saleId, reference, amountCents, rest: amountCents - PART }
}

/** A split sale sold: its cash part taken (cashPartTaken), then the rest on the card, and confirmed. */
async function splitSold(dispatcher: Dispatcher) {
  const sale = await cashPartTaken(dispatcher)
  expect(await call(dispatcher, 'checkout.pay', { saleId: sale.saleId, tender: 'card', testCard: 'approve' })).toMatchObject({ ok: true, value: { state: 'confirmed' } })
  return sale
}

async function xReport(dispatcher: Dispatcher): Promise<ShiftReport> {
  const x = await call(dispatcher, 'shift.current', {})
  if (!x.ok || !x.value) throw new Error('no X report')
  return x.value as ShiftReport
}

describe('split tender at the counter', () => {
  it('takes S$50 in cash and the rest on the card: confirmed once, each part on the receipt and in its own line of the X report', async () => {
    const { dispatcher } = runtime.services
    const sale = await cashPartTaken(dispatcher)
    const paid = await call(dispatcher, 'checkout.pay', { saleId: sale.saleId, tender: 'card', testCard: 'approve' })
    expect(paid).toMatchObject({ ok: true, value: { state: 'confirmed', dueCents: 0 } })
    // The card was charged the rest only, under the sale's second key.
    expect(await terminalLedger(rig)).toEqual([{ key: `${sale.reference}-2`, state: 'approved', amountCents: sale.rest }])
    const record = journal().get(sale.saleId)!
    expect(record.payments).toMatchObject([
      { seq: 1, tender: 'cash', amountCents: PART, tenderedCents: 6_000, changeCents: 1_000, state: 'approved' },
      { seq: 2, tender: 'card', amountCents: sale.rest, attemptKey: `${sale.reference}-2`, state: 'approved' },
    ])
    const atVendor = await rig.direct.get(`/orders/${sale.reference}`)
    expect(atVendor.body).toMatchObject({ orderStatus: 'CONFIRMED', paymentReference: `SPLIT-${sale.reference}-1.2` })

    const receipt = paperText(documentsOf(record, journal(), 'receipt')[0]!.html)
    expect(receipt).toMatch(new RegExp(`Cash ${dollars(PART).replace('$', '\\$')} Tendered S\\$60\\.00 Change S\\$10\\.00 Card ${dollars(sale.rest).replace('$', '\\$')}`))

    const x = await xReport(dispatcher)
    expect(x.cash).toMatchObject({ sales: 1, soldCents: PART, netCents: PART })
    expect(x.card).toMatchObject({ sales: 1, soldCents: sale.rest, netCents: sale.rest })
    expect(x.expectedCashCents).toBe(10_000 + PART)
  }, 120_000)

  it('keeps the cash part when the card is declined: the card is tried again under a new key, or the rest taken in cash; never charged twice', async () => {
    const { dispatcher } = runtime.services
    const sale = await cashPartTaken(dispatcher)
    const declined = await call(dispatcher, 'checkout.pay', { saleId: sale.saleId, tender: 'card', testCard: 'decline' })
    expect(declined).toMatchObject({ ok: true, value: { state: 'declined', dueCents: sale.rest } })
    expect(journal().get(sale.saleId)).toMatchObject({ state: 'part-paid', payments: [{ tender: 'cash', state: 'approved' }, { tender: 'card', state: 'declined' }] })
    const retried = await call(dispatcher, 'checkout.pay', { saleId: sale.saleId, tender: 'card', testCard: 'approve' })
    expect(retried).toMatchObject({ ok: true, value: { state: 'confirmed' } })
    expect(await terminalLedger(rig)).toEqual([
      { key: `${sale.reference}-2`, state: 'declined', amountCents: sale.rest },
      { key: `${sale.reference}-3`, state: 'approved', amountCents: sale.rest },
    ])

    // Another sale: the card declined, the rest taken in cash instead.
    const other = await cashPartTaken(dispatcher)
    expect(await call(dispatcher, 'checkout.pay', { saleId: other.saleId, tender: 'card', testCard: 'decline' })).toMatchObject({ ok: true, value: { state: 'declined' } })
    const inCash = await call(dispatcher, 'checkout.pay', { saleId: other.saleId, tender: 'cash', tenderedCents: other.rest })
    expect(inCash).toMatchObject({ ok: true, value: { state: 'confirmed' } })
    const x = await xReport(dispatcher)
    expect(x.cash).toMatchObject({ sales: 3, soldCents: PART + PART + other.rest })
    expect(x.card).toMatchObject({ sales: 1, soldCents: sale.rest })
    expect(x.expectedCashCents).toBe(10_000 + PART + PART + other.rest)
  }, 120_000)

  it('takes the rest on the standalone terminal: the sale stays a card sale, its parts counted as cash and standalone', async () => {
    const { dispatcher } = runtime.services
    const sale = await cashPartTaken(dispatcher)
    const paid = await call(dispatcher, 'checkout.pay', { saleId: sale.saleId, tender: 'standalone', approvalCode: 'ab12c9' })
    expect(paid).toMatchObject({ ok: true, value: { state: 'confirmed' } })
    const record = journal().get(sale.saleId)!
    expect(record).toMatchObject({ tender: 'card', payments: [{ tender: 'cash', amountCents: PART }, { tender: 'standalone', amountCents: sale.rest, approvalCode: 'AB12C9', state: 'approved' }] })
    expect(await terminalLedger(rig)).toEqual([])
    const receipt = paperText(documentsOf(record, journal(), 'receipt')[0]!.html)
    expect(receipt).toContain(`Card (standalone terminal) ${dollars(sale.rest)} Approval code AB12C9`)
    const x = await xReport(dispatcher)
    expect(x.standalone).toMatchObject({ sales: 1, soldCents: sale.rest })
    expect(x.card).toMatchObject({ sales: 0 })
    expect(x.expectedCashCents).toBe(10_000 + PART)
  }, 120_000)

  it('refuses a cash part that leaves nothing for the card, and splitting a cash sale', async () => {
    const { dispatcher } = runtime.services
    const held = await heldOrderRequest(dispatcher, rig.direct, 'Grand Theatre', 'Stalls Centre')
    const card = await call(dispatcher, 'checkout.submit', { order: { ...held, paymentMethodCode: 'VISA' } })
    if (!card.ok) throw new Error(card.error.code)
    const whole = await call(dispatcher, 'checkout.pay', { saleId: card.value.saleId, tender: 'cash', tenderedCents: card.value.amountCents, partCents: card.value.amountCents })
    expect(whole).toMatchObject({ ok: false, error: { code: 'checkout.split-part', messageKey: 'checkout.errors.splitPart' } })
    // Nor may cash pay a card sale whole without a part taken first: it is paid the way it was placed.
    const allCash = await call(dispatcher, 'checkout.pay', { saleId: card.value.saleId, tender: 'cash', tenderedCents: card.value.amountCents })
    expect(allCash).toMatchObject({ ok: false, error: { code: 'checkout.tender' } })
    await call(dispatcher, 'checkout.cancel', { saleId: card.value.saleId })

    const held2 = await heldOrderRequest(dispatcher, rig.direct, 'Grand Theatre', 'Stalls Left')
    const cash = await call(dispatcher, 'checkout.submit', { order: { ...held2, paymentMethodCode: 'CASH' } })
    if (!cash.ok) throw new Error(cash.error.code)
    const split = await call(dispatcher, 'checkout.pay', { saleId: cash.value.saleId, tender: 'cash', tenderedCents: 1_000, partCents: 1_000 })
    expect(split).toMatchObject({ ok: false, error: { code: 'checkout.split-part' } })
    expect(journal().get(cash.value.saleId)!.payments).toEqual([])
  }, 120_000)

  it('gives the cash part back when the customer gives up before the card, and frees the seats', async () => {
    const { dispatcher } = runtime.services
    const sale = await cashPartTaken(dispatcher)
    expect(await call(dispatcher, 'checkout.cancel', { saleId: sale.saleId })).toMatchObject({ ok: true })
    const record = journal().get(sale.saleId)!
    expect(record).toMatchObject({ state: 'refunded', orderState: 'cancelled', payments: [{ seq: 1, state: 'refunded' }, { seq: 2, kind: 'refund', refersTo: 1, state: 'approved' }] })
    expect(noteInEnglish(record.staffNote)).toContain(`Give back ${dollars(PART)} in cash`)
    expect((await rig.direct.get(`/orders/${sale.reference}`)).body.orderStatus).toBe('CANCELLED')
    expect(await terminalLedger(rig)).toEqual([])
    const x = await xReport(dispatcher)
    expect(x.cash).toMatchObject({ sales: 0, paidBack: 1, paidBackCents: PART })
    expect(x.expectedCashCents).toBe(10_000)
  }, 120_000)

  it('refunds a split sale at the counter tender by tender: the cash part from the drawer, the card part to the card', async () => {
    const { dispatcher } = runtime.services
    const sale = await splitSold(dispatcher)
    const refunded = await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: SUPERVISOR_PIN })
    expect(refunded).toMatchObject({
      ok: true,
      value: {
        state: 'refunded',
        amountCents: sale.amountCents,
        parts: [
          { tender: 'cash', amountCents: PART, cardLast4: null },
          { tender: 'card', amountCents: sale.rest, cardLast4: expect.stringMatching(/^\d{4}$/) },
        ],
      },
    })
    expect(await terminalLedger(rig)).toEqual([{ key: `${sale.reference}-2`, state: 'reversed', amountCents: sale.rest }])
    const record = journal().get(sale.saleId)!
    expect(record).toMatchObject({ state: 'refunded', orderState: 'refunded' })
    expect(noteInEnglish(record.staffNote)).toContain(`Give back ${dollars(PART)} in cash from the drawer`)
    expect(noteInEnglish(record.staffNote)).toContain(`Card payment ${sale.reference}-2 of ${dollars(sale.rest)} refunded`)
    const slip = paperText(documentsOf(record, journal(), 'refund')[0]!.html)
    expect(slip).toContain(`Given back in cash ${dollars(PART)}`)
    expect(slip).toMatch(new RegExp(`Refunded to card .*${dollars(sale.rest).replace('$', '\\$')}`))

    const x = await xReport(dispatcher)
    expect(x.cash).toMatchObject({ sales: 1, soldCents: PART, refunds: 1, refundedCents: PART, netCents: 0 })
    expect(x.card).toMatchObject({ sales: 1, soldCents: sale.rest, refunds: 1, refundedCents: sale.rest, netCents: 0 })
    expect(x.refundsMade.map((r) => [r.tender, r.amountCents])).toEqual([['cash', PART], ['card', sale.rest]])
    expect(x.expectedCashCents).toBe(10_000)
  }, 120_000)

  it('holds a split refund for staff when the card part cannot be refunded: the cash goes back, the card is named, the sale stays sold', async () => {
    const { dispatcher } = runtime.services
    const sale = await splitSold(dispatcher)
    const controls = terminalControls(rig.sandbox, rig.direct)
    await controls.plug(false)
    try {
      const refunded = await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: SUPERVISOR_PIN })
      expect(refunded).toMatchObject({ ok: true, value: { state: 'needs-staff', printed: false } })
    } finally {
      await controls.plug(true)
    }
    // The card was charged once and never reversed: staff refund it on the terminal, as the note says.
    expect(await terminalLedger(rig)).toEqual([{ key: `${sale.reference}-2`, state: 'approved', amountCents: sale.rest }])
    const record = journal().get(sale.saleId)!
    expect(record).toMatchObject({ state: 'needs-staff', orderState: 'confirmed' })
    const note = noteInEnglish(record.staffNote)
    expect(note).toContain(`Give back ${dollars(PART)} in cash from the drawer`)
    expect(note).toContain(`Card payment ${sale.reference}-2 of ${dollars(sale.rest)} NOT refunded`)
    const refunds = record.payments.filter((p) => p.kind === 'refund').map((p) => [p.tender, p.state, p.amountCents])
    expect(refunds).toEqual([
      ['cash', 'approved', PART],
      ['card', 'declined', sale.rest],
    ])
  }, 120_000)
})
