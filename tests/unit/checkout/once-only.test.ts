import { describe, expect, it } from 'vitest'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import { heldOrderRequest, listShows, terminalLedger } from '../../support/checkout-fixtures'
import { findShow, isOnSale, sectionsOf } from '../../support/sandbox-fixtures'
import { sandboxRuntimePerTest } from '../../support/sandbox-runtime'

/**
 * Things that happen once, asked for many times at once (a double tap, a
 * renderer that repeats itself, someone with the browser host's token): the
 * first claims it before anything is awaited, so exactly one goes through.
 */
const run = sandboxRuntimePerTest()
const SUPERVISOR = { staffId: '00000000-0000-4000-8000-0000000000d1', name: 'Test Supervisor', role: 'supervisor' as const }

async function confirmedCardSale(counter: Dispatcher): Promise<string> {
  expect((await call(counter, 'shift.open', { floatCents: 20_000 })).ok).toBe(true)
  const invoice = await call(counter, 'checkout.submit', { order: await heldOrderRequest(counter, run.rig.direct) })
  if (!invoice.ok) throw new Error(invoice.error.code)
  const paid = await call(counter, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
  if (!paid.ok || paid.value.state !== 'confirmed') throw new Error('the sale did not go through')
  return invoice.value.saleId
}

describe('once only', () => {
  it('a card sale refunded twice at once is refunded once at the terminal', async () => {
    const counter = await run.start('counter')
    const saleId = await confirmedCardSale(counter)
    run.runtime!.services.counter.signIn(SUPERVISOR)

    const answers = await Promise.all([call(counter, 'checkout.refund', { saleId }), call(counter, 'checkout.refund', { saleId })])
    expect(answers.filter((answer) => answer.ok && answer.value.state === 'refunded')).toHaveLength(1)
    expect(answers.filter((answer) => !answer.ok)).toMatchObject([{ ok: false, error: { code: 'checkout.not-refundable', messageKey: 'staff.errors.notRefundable' } }])
    // The terminal's own record: the payment given back (reversed), once.
    expect(await terminalLedger(run.rig)).toMatchObject([{ state: 'reversed' }])
    const steps = run.runtime!.sales.context!.checkout.journal.steps(saleId).map((step) => step.step)
    expect(steps.filter((step) => step === 'counter-refund-started')).toHaveLength(1)
  })

  it('an offer whose two sets are each kept at once keeps one of them: the customer is not left holding neither', async () => {
    const kiosk = await run.start('self-service')
    const show = await findShow(run.rig.direct, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
    const section = (await sectionsOf(run.rig.direct, show.productId)).find((s) => s.seatSectionAlias === 'Stalls Centre')!
    await listShows(kiosk, show.eventCode)
    const offered = await call(kiosk, 'offers.request', { productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'BA', quantity: 2 })
    if (!offered.ok) throw new Error(offered.error.code)
    expect(offered.value.offer.sets).toHaveLength(2)

    const { offerId } = offered.value
    const answers = await Promise.all([call(kiosk, 'offers.keep', { offerId, setIndex: 0 }), call(kiosk, 'offers.keep', { offerId, setIndex: 1 })])
    const kept = answers.filter((answer) => answer.ok)
    expect(kept).toHaveLength(1)
    expect(answers.filter((answer) => !answer.ok)).toMatchObject([{ ok: false, error: { code: 'holds.unknown-offer' } }])
    // What the one that went through kept is still held, at the vendor too.
    expect(run.runtime!.holds.status().count).toBe(2)
    const keptIds = kept[0]!.ok ? kept[0]!.value.kept : []
    expect(await call(kiosk, 'offers.release', { productId: show.productId, inventoryIds: keptIds })).toEqual({ ok: true, value: { released: 2 } })
  })
})
