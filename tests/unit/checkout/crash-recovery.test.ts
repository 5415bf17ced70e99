import { describe, expect, it } from 'vitest'
import { terminalLedger } from '../../support/checkout-fixtures'
import type { TestCardName } from '../../../electron/contract/checkout-channels'
import { crashRecoveryPerTest } from '../../support/crash-recovery-rig'
import { SPLIT_CASH_PART } from '../../support/split-freeze'
import { noteInEnglish } from '../../support/note-in-english'
import { orderBody } from '../../../electron/checkout/order-body'
import { openLocalDb } from '../../../electron/database/local-db'
import { SalesJournal } from '../../../electron/journal/sales-journal'

/** The order request the crashed Foyer journalled for its sale, read from its data folder. */
async function crashedRequest(dataDir: string, saleId: string) {
  const db = openLocalDb(dataDir)
  try {
    return new SalesJournal(db, '').get(saleId)?.request ?? null
  } finally {
    db.close()
  }
}

/**
 * Fault tests: Foyer crashes at each step of checkout, then starts again on
 * the same data folder. Recovery must leave no sale lost, no double charge, no
 * seat held, and a journal that says what happened. Each crash here happens in
 * this process, through checkout's `afterStep` hook (../../support/checkout-freeze.ts):
 * the crashed runtime stops at the step for good and the next one starts on
 * what it wrote. The crashes only a real SIGKILL shows (printing, a payment at
 * the terminal) and one killed mid-sale as a check on the simulation are in
 * crash-recovery.process.test.ts.
 */
const crash = crashRecoveryPerTest()

describe('a crash during checkout', () => {
  it('after the order was placed, before payment: the order is voided and its seats are free again', async () => {
    const sale = await crash.crashAt('order-submitted')
    const { sales, holds } = await crash.restart()
    const journal = sales.context!.checkout.journal
    expect(journal.get(sale.saleId)!.state).toBe('cancelled')
    expect(await crash.vendorStatus(sale.reference)).toBe('CANCELLED')
    expect(await crash.seatsFreeAtVendor(sale)).toBe(true)
    expect(await terminalLedger(crash.rig)).toEqual([])
    expect(holds.status().count).toBe(0)
    expect(sales.context!.recovery!.recovered).toEqual([expect.objectContaining({ saleId: sale.saleId, from: 'invoiced', to: 'cancelled' })])
  })

  it('while the order was on its way (the vendor placed it, its answer never came): the seats go back at the vendor', async () => {
    const sale = await crash.crashAt('order-submitting')
    // The vendor took the order the crashed Foyer sent: its seats are the order's now, not a hold's.
    const request = (await crashedRequest(crash.dataDir, sale.saleId))!
    const placed = await crash.rig.direct.post('/orders/', orderBody(request))
    expect(placed.status).toBe(200)
    expect(await crash.seatsFreeAtVendor(sale)).toBe(false)

    const { sales, holds } = await crash.restart()
    const journal = sales.context!.checkout.journal
    expect(journal.get(sale.saleId)!.state).toBe('failed')
    expect(journal.steps(sale.saleId).map((s) => s.step)).toContain('recovered-seats-released')
    // Nobody waits a quarter of an hour for the vendor's hold to lapse: the seats are free now, the unpaid order gone.
    expect(await crash.seatsFreeAtVendor(sale)).toBe(true)
    expect(await crash.vendorStatus(placed.body.transactionReferenceNumber)).not.toBe('PENDING_PAYMENT')
    expect(await terminalLedger(crash.rig)).toEqual([])
    expect(holds.status().count).toBe(0)
  })

  it('while the terminal was charging and its answer was lost: the terminal is asked, and the sale completes once', async () => {
    const sale = await crash.crashAt('payment-unknown', { card: 'timeout' })
    const { sales } = await crash.restart()
    expect(sales.context!.checkout.journal.get(sale.saleId)!.state).toBe('confirmed')
    expect(await crash.vendorStatus(sale.reference)).toBe('CONFIRMED')
    expect((await terminalLedger(crash.rig)).map((p) => p.state)).toEqual(['approved'])
  })

  it('before the payment reached the terminal: nothing was charged, the order is voided', async () => {
    const sale = await crash.crashAt('payment-started')
    const { sales } = await crash.restart()
    expect(sales.context!.checkout.journal.get(sale.saleId)!.state).toBe('cancelled')
    expect(await terminalLedger(crash.rig)).toEqual([])
    expect(await crash.seatsFreeAtVendor(sale)).toBe(true)
  })

  it.each(['payment-approved', 'confirm-started'])('after the payment was approved (%s), before confirm: confirm is retried, charged once', async (step) => {
    const sale = await crash.crashAt(step)
    const { sales } = await crash.restart()
    const journal = sales.context!.checkout.journal
    const after = journal.get(sale.saleId)!
    expect(after.state).toBe('confirmed')
    expect(after.order!.tickets).toHaveLength(2)
    expect(await crash.vendorStatus(sale.reference)).toBe('CONFIRMED')
    expect((await terminalLedger(crash.rig)).map((p) => [p.key, p.state])).toEqual([[`${sale.reference}-1`, 'approved']])
    const steps = journal.steps(sale.saleId).map((s) => s.step)
    expect(steps.indexOf('recovery-started')).toBeGreaterThan(steps.indexOf('payment-approved'))
    expect(steps.at(-1)).toBe('confirmed')
  })

  it('after confirm: nothing is redone, nothing charged again', async () => {
    const sale = await crash.crashAt('confirmed')
    const { sales } = await crash.restart()
    const journal = sales.context!.checkout.journal
    expect(journal.get(sale.saleId)!.state).toBe('confirmed')
    expect(sales.context!.recovery!.recovered).toEqual([])
    expect(await crash.vendorStatus(sale.reference)).toBe('CONFIRMED')
    expect(await terminalLedger(crash.rig)).toHaveLength(1)
  })

  it('while the invoice was being renewed (its seats kept as holds between the orders): nothing charged, the seats go back', async () => {
    const sale = await crash.crashAt('invoice-seats-held', { env: { CRASH_RENEW: '1' } })
    const { sales, holds } = await crash.restart()
    expect(sales.context!.checkout.journal.get(sale.saleId)!.state).toBe('cancelled')
    expect(await crash.vendorStatus(sale.reference)).toBe('CANCELLED')
    expect(await terminalLedger(crash.rig)).toEqual([])
    expect(holds.status().count).toBe(0)
    expect(await crash.seatsFreeAtVendor(sale)).toBe(true)
  })

})

/**
 * The fault matrix across the card paths, at the Adyen terminal simulator
 * through the real adapter: wherever the crash, the sale ends where it must,
 * nobody is charged twice, nothing is confirmed unpaid and nothing paid is left
 * unconfirmed without a refund or a note for staff.
 */
describe('the checkout fault matrix at the Adyen terminal', () => {
  const matrix: [step: string, card: string, end: string][] = [
    ['order-submitting', 'approve', 'failed'],
    ['order-submitted', 'decline', 'cancelled'],
    ['payment-started', 'decline', 'cancelled'],
    ['payment-started', 'timeout', 'cancelled'],
    ['payment-approved', 'timeout', 'confirmed'],
    ['confirm-started', 'timeout', 'confirmed'],
    ['confirmed', 'timeout', 'confirmed'],
  ]
  it.each(matrix)('a crash at %s (card %s) ends %s, charged at most once', async (step, card, end) => {
    const sale = await crash.crashAt(step, { card })
    const { sales, holds } = await crash.restart()
    const after = sales.context!.checkout.journal.get(sale.saleId)!
    expect(after.state).toBe(end)
    const charges = sale.reference ? (await terminalLedger(crash.rig)).filter((p) => p.key.startsWith(`${sale.reference}-`)) : []
    const approved = charges.filter((p) => p.state === 'approved')
    if (end === 'confirmed') {
      expect(await crash.vendorStatus(sale.reference)).toBe('CONFIRMED')
      expect(approved).toHaveLength(1)
    } else {
      expect(approved).toEqual([])
      if (sale.reference) expect(await crash.vendorStatus(sale.reference)).not.toBe('CONFIRMED')
      expect(await crash.seatsFreeAtVendor(sale)).toBe(true)
    }
    expect(holds.status().count).toBe(0)
  })
})

/**
 * The same fault matrix on a split sale at the counter (S$50 in cash, then the
 * rest on the card; ../../support/split-freeze.ts): wherever the crash, nothing
 * is lost (the cash part is kept for a confirmed sale, given back or left with
 * staff otherwise) and the card is charged at most once, for the rest only.
 */
describe('the checkout fault matrix on a split sale', () => {
  const matrix: [step: string, occurrence: number, card: TestCardName, end: string][] = [
    ['order-submitted', 1, 'approve', 'cancelled'],
    ['payment-started', 1, 'approve', 'needs-staff'],
    ['payment-approved', 1, 'approve', 'refunded'],
    ['payment-started', 2, 'decline', 'refunded'],
    ['payment-started', 2, 'approve', 'refunded'],
    ['payment-unknown', 1, 'timeout', 'confirmed'],
    ['payment-approved', 2, 'approve', 'confirmed'],
    ['confirm-started', 1, 'approve', 'confirmed'],
    ['confirmed', 1, 'approve', 'confirmed'],
  ]
  it.each(matrix)('a crash at %s (%i, card %s) ends %s: nothing lost, charged at most once', async (step, occurrence, card, end) => {
    const sale = await crash.splitCrashAt(step, { card, occurrence })
    const { sales, holds } = await crash.restart()
    const after = sales.context!.checkout.journal.get(sale.saleId)!
    expect(after.state).toBe(end)
    const rest = sale.amountCents - SPLIT_CASH_PART
    const approved = (await terminalLedger(crash.rig)).filter((p) => p.state === 'approved')
    const cash = after.payments.find((p) => p.kind === 'payment' && p.tender === 'cash')
    if (end === 'confirmed') {
      expect(await crash.vendorStatus(sale.reference)).toBe('CONFIRMED')
      expect(approved).toEqual([{ key: `${sale.reference}-2`, state: 'approved', amountCents: rest }])
      expect(cash).toMatchObject({ amountCents: SPLIT_CASH_PART, state: 'approved' })
    } else {
      expect(approved).toEqual([])
      if (sale.reference) expect(await crash.vendorStatus(sale.reference)).not.toBe('CONFIRMED')
    }
    if (end === 'refunded') {
      // The cash part goes back from the drawer, said in the note for staff, and the seats go back on sale.
      expect(cash).toMatchObject({ state: 'refunded' })
      expect(after.payments.filter((p) => p.kind === 'refund')).toMatchObject([{ refersTo: cash!.seq, state: 'approved' }])
      expect(noteInEnglish(after.staffNote)).toContain('in cash')
      expect(await crash.seatsFreeAtVendor(sale)).toBe(true)
    }
    if (end === 'needs-staff') {
      // The cash part's fate is the drawer's: staff are asked, nothing is voided or charged blind.
      expect(cash).toMatchObject({ state: 'unknown' })
      expect(noteInEnglish(after.staffNote)).toContain('Check the drawer')
    }
    if (end === 'cancelled') expect(await crash.seatsFreeAtVendor(sale)).toBe(true)
    if (end !== 'needs-staff') expect(holds.status().count).toBe(0)
  })
})
