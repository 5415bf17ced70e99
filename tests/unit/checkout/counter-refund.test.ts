import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { documentsOf } from '../../../electron/checkout/sale-printing'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import type { ShiftReport } from '../../../electron/journal/shift-book'
import { cardFromSteps } from '../../../electron/printing/format'
import { shiftReportDocument } from '../../../electron/printing/shift-report-document'
import { type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { firstPin } from '../../support/staff-runtime'
import { staffedRuntime } from '../../support/staffed-runtime'

/**
 * A counter refund, as the shift's reports, the journal, the slip and the
 * cashier's screen give it back (issue #22, points 5 to 7). Before: a refunded
 * sale left the sales ("Cash sales (0)", "Tickets sold 0") and stood as a
 * refund of nothing; the refund named only the supervisor, as the one who
 * refunded; the cashier's own PIN typed for the approval was refused with the
 * generic "This needs a supervisor".
 */
const SUPERVISOR_PIN = '482615'
const CASHIER_PIN = '739104'
let rig: ApiRig
let runtime: Runtime

beforeEach(async () => {
  rig = await apiRig()
  const dir = mkdtempSync(join(tmpdir(), 'foyer-counter-refund-'))
  runtime = await staffedRuntime(rig, { mode: 'counter', dir })
  const { dispatcher } = runtime.services
  expect(await call(dispatcher, 'staff.setPin', { ...firstPin(SUPERVISOR_PIN), name: 'Mei Ling' })).toMatchObject({ ok: true })
  expect(await call(dispatcher, 'staff.addAccount', { pin: SUPERVISOR_PIN, name: 'Aisha Rahman', role: 'cashier', newPin: CASHIER_PIN })).toMatchObject({ ok: true })
  expect(await call(dispatcher, 'counter.signIn', { name: 'Aisha Rahman', pin: CASHIER_PIN })).toMatchObject({ ok: true, value: { ok: true } })
  expect(await call(dispatcher, 'shift.open', { floatCents: 10_000 })).toMatchObject({ ok: true })
}, 60_000)
afterEach(async () => {
  await runtime.close()
  await rig.close()
})

interface Sold {
  saleId: string
  amountCents: number
  tickets: number
}

/** A sale paid at the counter; `voidFirst`: the order is voided at the vendor before payment, so the payment is given back unsold. */
async function sell(dispatcher: Dispatcher, tender: 'cash' | 'card', section: string, voidFirst = false): Promise<Sold> {
  const held = await heldOrderRequest(dispatcher, rig.direct, 'Grand Theatre', section)
  const order = { ...held, paymentMethodCode: tender === 'cash' ? 'CASH' : 'VISA' }
  const invoice = await call(dispatcher, 'checkout.submit', { order })
  if (!invoice.ok) throw new Error(invoice.error.code)
  if (voidFirst) await rig.direct.post(`/orders/${invoice.value.reference}/cancel`, {})
  const pay = tender === 'cash' ? { tender, tenderedCents: invoice.value.amountCents } : { tender, testCard: 'approve' as const }
  const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, ...pay })
  expect(paid).toMatchObject({ ok: true, value: { state: voidFirst ? 'refunded' : 'confirmed' } })
  const tickets = journal().get(invoice.value.saleId)!.order?.tickets.length ?? 0
  if (!voidFirst) expect(tickets).toBeGreaterThan(0)
  return { saleId: invoice.value.saleId, amountCents: invoice.value.amountCents, tickets }
}

const journal = () => runtime.sales.context!.checkout.journal
/** What a printed page says, its markup dropped. */
const paperText = (html: string) => html.replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&#39;|&apos;/g, "'").replace(/\s+/g, ' ')

async function xReport(dispatcher: Dispatcher): Promise<ShiftReport> {
  const x = await call(dispatcher, 'shift.current', {})
  if (!x.ok || !x.value) throw new Error('no X report')
  return x.value as ShiftReport
}

describe('a counter refund in the shift reports', () => {
  it('keeps the refunded sale sold, the refund on its own line, and sold, refunded and net per tender and in tickets', async () => {
    const { dispatcher } = runtime.services
    const sale = await sell(dispatcher, 'cash', 'Stalls Centre')
    // A payment the vendor would not confirm is given back: never sold, so neither a sale nor a refund of one.
    const unconfirmed = await sell(dispatcher, 'cash', 'Stalls Left', true)
    expect(await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: SUPERVISOR_PIN })).toMatchObject({ ok: true, value: { state: 'refunded' } })

    const x = await xReport(dispatcher)
    expect(x.cash).toEqual({ sales: 1, soldCents: sale.amountCents, refunds: 1, refundedCents: sale.amountCents, netCents: 0, paidBack: 1, paidBackCents: unconfirmed.amountCents })
    expect(x).toMatchObject({ tickets: sale.tickets, ticketsRefunded: sale.tickets, ticketsNet: 0 })
    // The refunded cash left the drawer, and the unconfirmed payment went back as it came: the float alone.
    expect(x.expectedCashCents).toBe(10_000)

    const amount = `S$${(sale.amountCents / 100).toFixed(2)}`
    const printed = paperText(shiftReportDocument(x, { training: true }).html)
    // Each tender under its own name, its lines below it (a long name never wraps a line on 80 mm paper).
    expect(printed).toContain(`Cash 1 sold ${amount} 1 refunded ${amount} Net S$0.00`)
    expect(printed).toContain(`Tickets sold ${sale.tickets}`)
    expect(printed).toContain(`Tickets refunded ${sale.tickets}`)
    expect(printed).toContain('Tickets net 0')
  }, 180_000)
})

describe('who asked for a refund and who approved it', () => {
  it('names both on the journal, the slip, the shift sales and the reports, and tells the cashier to give the cash back', async () => {
    const { dispatcher } = runtime.services
    const sale = await sell(dispatcher, 'cash', 'Stalls Centre')
    const refunded = await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: SUPERVISOR_PIN })
    expect(refunded).toMatchObject({
      ok: true,
      value: { state: 'refunded', tender: 'cash', amountCents: sale.amountCents, cardLast4: null, askedBy: { name: 'Aisha Rahman', role: 'cashier' }, approvedBy: { name: 'Mei Ling', role: 'supervisor' } },
    })

    const record = journal().get(sale.saleId)!
    expect(record).toMatchObject({ refundAskedByName: 'Aisha Rahman', refundedByName: 'Mei Ling' })
    expect(journal().steps(sale.saleId).find((step) => step.step === 'counter-refunded')?.detail).toMatchObject({ askedBy: 'Aisha Rahman', approvedBy: 'Mei Ling' })
    const slip = paperText(documentsOf(record, journal(), 'refund')[0]!.html)
    expect(slip).toContain('Asked by Aisha Rahman')
    expect(slip).toContain('Approved by Mei Ling')

    expect(await call(dispatcher, 'shift.sales', {})).toMatchObject({ ok: true, value: [{ saleId: sale.saleId, refundAskedBy: 'Aisha Rahman', refundedBy: 'Mei Ling' }] })
    const x = await xReport(dispatcher)
    expect(x.refundsMade).toEqual([
      { saleId: sale.saleId, reference: record.reference, tender: 'cash', amountCents: sale.amountCents, tickets: sale.tickets, askedBy: 'Aisha Rahman', approvedBy: 'Mei Ling' },
    ])
    const printed = paperText(shiftReportDocument(x, { training: true }).html)
    expect(printed).toContain(`Refund ${record.reference} (Cash) S$${(sale.amountCents / 100).toFixed(2)}`)
    expect(printed).toContain('asked by Aisha Rahman, approved by Mei Ling')
  }, 180_000)

  it('gives a card refund the last four digits of the card it went back to', async () => {
    const { dispatcher } = runtime.services
    const sale = await sell(dispatcher, 'card', 'Stalls Right')
    const last4 = cardFromSteps(journal().steps(sale.saleId))?.last4
    expect(last4).toMatch(/^\d{4}$/)
    expect(await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: SUPERVISOR_PIN })).toMatchObject({
      ok: true,
      value: { state: 'refunded', tender: 'card', amountCents: sale.amountCents, cardLast4: last4 },
    })
  }, 180_000)
})

describe("a cashier's PIN typed for a supervisor's approval", () => {
  it("is refused as a cashier's, and still counts as a right PIN under the lockout", async () => {
    const { dispatcher } = runtime.services
    const sale = await sell(dispatcher, 'cash', 'Stalls Centre')
    const cashierPin = await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: CASHIER_PIN })
    // Still "a supervisor is needed" (the screen keeps asking), in words that say the PIN is a cashier's.
    expect(cashierPin).toMatchObject({ ok: false, error: { code: 'staff.supervisor-needed', messageKey: 'staff.errors.cashierPin' } })
    // A wrong PIN is not told apart from no PIN at all.
    expect(await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: '000001' })).toMatchObject({
      ok: false,
      error: { code: 'staff.supervisor-needed', messageKey: 'staff.errors.supervisorNeeded' },
    })
    // The cashier's PIN is a right PIN, as before: it starts the count of wrong tries over.
    for (const pin of ['111111', '222222', '333333']) await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: pin })
    await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: CASHIER_PIN })
    for (const pin of ['444444', '555555', '666666', '777777']) await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: pin })
    expect(await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: SUPERVISOR_PIN })).toMatchObject({ ok: true, value: { state: 'refunded' } })
    // The settings say the same of a cashier's PIN.
    expect(await call(dispatcher, 'settings.update', { pin: CASHIER_PIN, patch: {} })).toMatchObject({ ok: false, error: { code: 'staff.supervisor-needed', messageKey: 'staff.errors.cashierPin' } })
  }, 180_000)
})
