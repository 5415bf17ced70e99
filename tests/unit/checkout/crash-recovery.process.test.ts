import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SpoolPrinter } from '../../../electron/browser-host/spool-printer'
import { sandboxConnection, terminalLedger } from '../../support/checkout-fixtures'
import { crashRecoveryPerTest } from '../../support/crash-recovery-rig'
import { readStaffNote } from '../../../electron/journal/staff-note'

/**
 * Fault tests with a real crash: a Foyer process is killed (SIGKILL, as a
 * crash or power cut) during checkout, then Foyer starts again on the same
 * data folder. Kept for what a crash simulated in one process cannot show:
 * printing stopped mid-way, a payment the customer is still making at the
 * terminal when its process dies, and one sale killed after payment (the
 * crash-recovery.test.ts simulations stand on it). In the `integration`
 * project (vitest.config.ts): each test starts and kills a process.
 */
const crash = crashRecoveryPerTest()

// Each test starts and kills a Foyer process and starts another: seconds, more on a loaded machine.
describe('a Foyer process killed during checkout', { timeout: 30_000 }, () => {
  // Prints three PDFs through Chromium as well: ~25 s on a quiet machine, so budgeted for a busy one.
  it('while printing the tickets: the sale stands, and the tickets and receipt are printed again on start', { timeout: 90_000 }, async () => {
    const spool = mkdtempSync(join(tmpdir(), 'foyer-crash-spool-'))
    const sale = await crash.killAt('print-started', { spool })
    expect(readdirSync(spool)).toEqual([])
    const printer = new SpoolPrinter({ spoolDir: spool })
    try {
      const { sales } = await crash.restart(printer)
      const journal = sales.context!.checkout.journal
      expect(journal.get(sale.saleId)!.state).toBe('printed')
      expect(readdirSync(spool).sort()).toEqual([`${sale.reference}-receipt.pdf`, `${sale.reference}-ticket-01.pdf`, `${sale.reference}-ticket-02.pdf`])
      expect(await crash.vendorStatus(sale.reference)).toBe('CONFIRMED')
      expect(await terminalLedger(crash.rig)).toHaveLength(1)
      const steps = journal.steps(sale.saleId).map((s) => s.step)
      expect(steps.filter((s) => s === 'print-started')).toHaveLength(2)
      expect(steps.at(-1)).toBe('printed')
    } finally {
      await printer.close()
    }
  })

  it('while the customer was at the terminal: the payment nobody follows is stopped there, nothing taken, the order voided', async () => {
    // The test's own view of the terminal: the same adapter Foyer uses, asking for the payment's status.
    const terminal = sandboxConnection(crash.rig).terminal!
    const sale = await crash.killAt('never', { card: 'no-card', when: async (paying) => (await terminal.status(paying.paymentKey!))?.pending === true })
    const { sales } = await crash.restart()
    const journal = sales.context!.checkout.journal
    expect(journal.get(sale.saleId)!.state).toBe('cancelled')
    expect(journal.steps(sale.saleId).map((s) => s.step)).toContain('payment-abort-asked')
    expect((await terminalLedger(crash.rig)).map((p) => [p.key, p.state])).toEqual([[sale.paymentKey, 'aborted']])
    expect(await crash.seatsFreeAtVendor(sale)).toBe(true)
  })

  it('after payment, when the vendor has meanwhile let the order lapse: the card is refunded and staff are told', async () => {
    const sale = await crash.killAt('payment-approved')
    // The order is voided at the vendor while Foyer is down (as a lapse would).
    await crash.rig.direct.post(`/orders/${sale.reference}/cancel`, {})
    const { sales } = await crash.restart()
    const after = sales.context!.checkout.journal.get(sale.saleId)!
    expect(after.state).toBe('refunded')
    expect(readStaffNote(after.staffNote)).toMatchObject({ kind: 'keyed', sentences: [{ key: 'cardRefunded', params: { reference: sale.reference } }, { key: 'whyNotConfirmed' }] })
    expect((await terminalLedger(crash.rig)).map((p) => p.state)).toEqual(['reversed'])
    expect(sales.context!.recovery!.forStaff.map((s) => s.saleId)).toEqual([sale.saleId])
  })
})
