import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DocumentPrinter } from '../../../electron/printing/printer-port'
import { SpoolPrinter } from '../../../electron/browser-host/spool-printer'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { sandboxConnection, terminalLedger } from '../../support/checkout-fixtures'
import { crashCheckoutAt, type CrashedSale } from '../../support/checkout-crash'

/**
 * Fault tests: a Foyer process is killed (SIGKILL, as a crash or power cut) at
 * each step of checkout (printing too), then Foyer starts again on the same data folder.
 * Recovery must leave no sale lost, no double charge, no seat held, and a
 * journal that says what happened.
 */
let rig: ApiRig
let dataDir: string
let runtime: Runtime | null = null

beforeEach(async () => {
  rig = await apiRig()
  dataDir = mkdtempSync(join(tmpdir(), 'foyer-crash-'))
})
afterEach(async () => {
  await runtime?.close()
  runtime = null
  await rig.close()
})

type SaleInfo = CrashedSale

/** A sale crashed at `step` in another process, on this test's data folder (../../support/checkout-crash.ts). */
const crashAt = (step: string, card = 'approve', spool?: string, when?: (sale: SaleInfo) => Promise<boolean>, env: Record<string, string> = {}) =>
  crashCheckoutAt(rig, dataDir, step, { card, spool, when, env })

/** Foyer starting again on the same data folder: recovery runs as it connects. */
async function restart(printer: DocumentPrinter | null = null): Promise<Runtime> {
  runtime = await startRuntime({
    printer,
    facts: { appVersion: 't', mode: 'self-service', host: 'browser' },
    dataDir,
    connection: sandboxConnection(rig),
    log: { warn: () => {}, error: () => {} },
    checkout: { sleep: async () => {} },
  })
  return runtime
}

async function seatsFreeAtVendor(sale: SaleInfo): Promise<boolean> {
  const attempt = await rig.direct.post(`/products/${sale.productId}/seats`, { reservedSeatList: sale.inventoryIds })
  if (attempt.body.status === 0) await rig.direct.post(`/products/${sale.productId}/seats`, { releasedSeatList: sale.inventoryIds })
  return attempt.body.status === 0
}

const vendorStatus = async (reference: string) => (await rig.direct.get(`/orders/${reference}`)).body.orderStatus as string

// Each test starts and kills a Foyer process and starts another: seconds, more on a loaded machine.
describe('a crash during checkout', { timeout: 30_000 }, () => {
  it('after the order was placed, before payment: the order is voided and its seats are free again', async () => {
    const sale = await crashAt('order-submitted')
    const { sales, holds } = await restart()
    const journal = sales.context!.checkout.journal
    expect(journal.get(sale.saleId)!.state).toBe('cancelled')
    expect(await vendorStatus(sale.reference)).toBe('CANCELLED')
    expect(await seatsFreeAtVendor(sale)).toBe(true)
    expect(await terminalLedger(rig)).toEqual([])
    expect(holds.status().count).toBe(0)
    expect(sales.context!.recovery!.recovered).toEqual([expect.objectContaining({ saleId: sale.saleId, from: 'invoiced', to: 'cancelled' })])
  })

  it('while the terminal was charging and its answer was lost: the terminal is asked, and the sale completes once', async () => {
    const sale = await crashAt('payment-unknown', 'timeout')
    const { sales } = await restart()
    expect(sales.context!.checkout.journal.get(sale.saleId)!.state).toBe('confirmed')
    expect(await vendorStatus(sale.reference)).toBe('CONFIRMED')
    expect((await terminalLedger(rig)).map((p) => p.state)).toEqual(['approved'])
  })

  it('before the payment reached the terminal: nothing was charged, the order is voided', async () => {
    const sale = await crashAt('payment-started')
    const { sales } = await restart()
    expect(sales.context!.checkout.journal.get(sale.saleId)!.state).toBe('cancelled')
    expect(await terminalLedger(rig)).toEqual([])
    expect(await seatsFreeAtVendor(sale)).toBe(true)
  })

  it.each(['payment-approved', 'confirm-started'])('after the payment was approved (%s), before confirm: confirm is retried, charged once', async (step) => {
    const sale = await crashAt(step)
    const { sales } = await restart()
    const journal = sales.context!.checkout.journal
    const after = journal.get(sale.saleId)!
    expect(after.state).toBe('confirmed')
    expect(after.order!.tickets).toHaveLength(2)
    expect(await vendorStatus(sale.reference)).toBe('CONFIRMED')
    expect((await terminalLedger(rig)).map((p) => [p.key, p.state])).toEqual([[`${sale.reference}-1`, 'approved']])
    const steps = journal.steps(sale.saleId).map((s) => s.step)
    expect(steps.indexOf('recovery-started')).toBeGreaterThan(steps.indexOf('payment-approved'))
    expect(steps.at(-1)).toBe('confirmed')
  })

  it('after confirm: nothing is redone, nothing charged again', async () => {
    const sale = await crashAt('confirmed')
    const { sales } = await restart()
    const journal = sales.context!.checkout.journal
    expect(journal.get(sale.saleId)!.state).toBe('confirmed')
    expect(sales.context!.recovery!.recovered).toEqual([])
    expect(await vendorStatus(sale.reference)).toBe('CONFIRMED')
    expect(await terminalLedger(rig)).toHaveLength(1)
  })

  // Prints three PDFs through Chromium as well: ~25 s on a quiet machine, so budgeted for a busy one.
  it('while printing the tickets: the sale stands, and the tickets and receipt are printed again on start', { timeout: 90_000 }, async () => {
    const spool = mkdtempSync(join(tmpdir(), 'foyer-crash-spool-'))
    const sale = await crashAt('print-started', 'approve', spool)
    expect(readdirSync(spool)).toEqual([])
    const printer = new SpoolPrinter({ spoolDir: spool })
    try {
      const { sales } = await restart(printer)
      const journal = sales.context!.checkout.journal
      expect(journal.get(sale.saleId)!.state).toBe('printed')
      expect(readdirSync(spool).sort()).toEqual([`${sale.reference}-receipt.pdf`, `${sale.reference}-ticket-01.pdf`, `${sale.reference}-ticket-02.pdf`])
      expect(await vendorStatus(sale.reference)).toBe('CONFIRMED')
      expect(await terminalLedger(rig)).toHaveLength(1)
      const steps = journal.steps(sale.saleId).map((s) => s.step)
      expect(steps.filter((s) => s === 'print-started')).toHaveLength(2)
      expect(steps.at(-1)).toBe('printed')
    } finally {
      await printer.close()
    }
  })

  it('while the customer was at the terminal: the payment nobody follows is stopped there, nothing taken, the order voided', async () => {
    // The test's own view of the terminal: the same adapter Foyer uses, asking for the payment's status.
    const terminal = sandboxConnection(rig).terminal!
    const sale = await crashAt('never', 'no-card', undefined, async (paying) => (await terminal.status(paying.paymentKey!))?.pending === true)
    const { sales } = await restart()
    const journal = sales.context!.checkout.journal
    expect(journal.get(sale.saleId)!.state).toBe('cancelled')
    expect(journal.steps(sale.saleId).map((s) => s.step)).toContain('payment-abort-asked')
    expect((await terminalLedger(rig)).map((p) => [p.key, p.state])).toEqual([[sale.paymentKey, 'aborted']])
    expect(await seatsFreeAtVendor(sale)).toBe(true)
  })

  it('while the invoice was being renewed (its seats kept as holds between the orders): nothing charged, the seats go back', async () => {
    const sale = await crashAt('invoice-seats-held', 'approve', undefined, undefined, { CRASH_RENEW: '1' })
    const { sales, holds } = await restart()
    expect(sales.context!.checkout.journal.get(sale.saleId)!.state).toBe('cancelled')
    expect(await vendorStatus(sale.reference)).toBe('CANCELLED')
    expect(await terminalLedger(rig)).toEqual([])
    expect(holds.status().count).toBe(0)
    expect(await seatsFreeAtVendor(sale)).toBe(true)
  })

  it('after payment, when the vendor has meanwhile let the order lapse: the card is refunded and staff are told', async () => {
    const sale = await crashAt('payment-approved')
    // The order is voided at the vendor while Foyer is down (as a lapse would).
    await rig.direct.post(`/orders/${sale.reference}/cancel`, {})
    const { sales } = await restart()
    const after = sales.context!.checkout.journal.get(sale.saleId)!
    expect(after.state).toBe('refunded')
    expect(after.staffNote).toMatch(/refunded/)
    expect((await terminalLedger(rig)).map((p) => p.state)).toEqual(['reversed'])
    expect(sales.context!.recovery!.forStaff.map((s) => s.saleId)).toEqual([sale.saleId])
  })
})

/**
 * The fault matrix across the card paths, at the Adyen terminal simulator
 * through the real adapter: wherever the crash, the sale ends where it must,
 * nobody is charged twice, nothing is confirmed unpaid and nothing paid is left
 * unconfirmed without a refund or a note for staff.
 */
describe('the checkout fault matrix at the Adyen terminal', { timeout: 30_000 }, () => {
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
    const sale = await crashAt(step, card)
    const { sales, holds } = await restart()
    const after = sales.context!.checkout.journal.get(sale.saleId)!
    expect(after.state).toBe(end)
    const charges = sale.reference ? (await terminalLedger(rig)).filter((p) => p.key.startsWith(`${sale.reference}-`)) : []
    const approved = charges.filter((p) => p.state === 'approved')
    if (end === 'confirmed') {
      expect(await vendorStatus(sale.reference)).toBe('CONFIRMED')
      expect(approved).toHaveLength(1)
    } else {
      expect(approved).toEqual([])
      if (sale.reference) expect(await vendorStatus(sale.reference)).not.toBe('CONFIRMED')
      expect(await seatsFreeAtVendor(sale)).toBe(true)
    }
    expect(holds.status().count).toBe(0)
  })
})
