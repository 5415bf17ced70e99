import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { outcomeOfState } from '../../../electron/checkout/sale-outcome'
import type { SaleOutcomeView } from '../../../electron/contract'
import { call } from '../../../electron/ipc-core/dispatcher'
import type { SaleState } from '../../../electron/journal/sales-journal'
import { SpoolPrinter } from '../../../electron/browser-host/spool-printer'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { crashCheckoutAt } from '../../support/checkout-crash'
import { freezeCheckoutAt } from '../../support/checkout-freeze'
import { sandboxConnection, terminalLedger } from '../../support/checkout-fixtures'

/**
 * What a customer whose sale a crash interrupted is told (issue #14, kiosk
 * item 5): their screen asks main for that sale's outcome (`checkout.outcome`)
 * and says in words where the money stands. Each journal state maps to one
 * truthful outcome; after a real crash (a Foyer process killed mid-sale),
 * Foyer started again answers "checking" while recovery works, announces the
 * sale when it is settled, and then says what the journal says.
 */
describe('the outcome a customer is told, from the journal state', () => {
  const settled: [SaleState, string][] = [
    ['printed', 'printed'],
    ['confirmed', 'confirmed'],
    ['refunded', 'refunded'],
    ['cancelled', 'not-charged'],
    ['failed', 'not-charged'],
    ['invoiced', 'unpaid'],
    ['declined', 'unpaid'],
    ['needs-staff', 'staff'],
    // A call in flight: only its answer (or recovery) can say where the money is.
    ['submitting', 'checking'],
    ['paying', 'checking'],
    ['paid', 'checking'],
  ]
  it.each(settled)('%s, nothing at work on it: %s', (state, outcome) => {
    expect(outcomeOfState(state, false)).toBe(outcome)
  })

  it('while recovery (or its payment) is still at work, an open or printing sale is "checking"; a settled one is said as it is', () => {
    for (const state of ['confirmed', 'invoiced', 'declined', 'submitting', 'paying', 'paid'] as const) expect(outcomeOfState(state, true)).toBe('checking')
    expect(outcomeOfState('printed', true)).toBe('printed')
    expect(outcomeOfState('refunded', true)).toBe('refunded')
    expect(outcomeOfState('cancelled', true)).toBe('not-charged')
    expect(outcomeOfState('needs-staff', true)).toBe('staff')
  })
})

// Each test crashes a sale and starts Foyer again on its journal: the crash once paid in this process
// (checkout-freeze.ts), the one at the terminal a real SIGKILL of a Foyer process; seconds on a loaded machine.
describe('checkout.outcome after a crash', { timeout: 120_000 }, () => {
  let rig: ApiRig
  let dataDir: string
  let runtime: Runtime | null = null

  beforeEach(async () => {
    rig = await apiRig()
    dataDir = mkdtempSync(join(tmpdir(), 'foyer-outcome-'))
  })
  afterEach(async () => {
    await runtime?.close()
    runtime = null
    await rig.close()
  })

  /** Foyer starting again on the same data folder as a host does: serving while recovery runs. */
  async function restartServing(): Promise<{ runtime: Runtime; known: string[] }> {
    runtime = await startRuntime({
      printer: new SpoolPrinter({ spoolDir: mkdtempSync(join(tmpdir(), 'foyer-outcome-print-')) }),
      facts: { appVersion: 't', mode: 'self-service', host: 'browser' },
      dataDir,
      connection: sandboxConnection(rig),
      log: { warn: () => {}, error: () => {} },
      checkout: { sleep: async () => {} },
      serveDuringRecovery: true,
    })
    const known: string[] = []
    runtime.services.pushes.attach((name, payload) => {
      if (name === 'checkout.outcomeKnown') known.push((payload as { saleId: string }).saleId)
    })
    return { runtime, known }
  }

  async function outcomeOf(saleId: string): Promise<SaleOutcomeView> {
    const answer = await call(runtime!.services.dispatcher, 'checkout.outcome', { saleId })
    if (!answer.ok) throw new Error(answer.error.code)
    return answer.value
  }

  async function until(condition: () => boolean): Promise<void> {
    for (let i = 0; i < 600 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(condition()).toBe(true)
  }

  it('paid, then killed before the confirm: "checking" while recovery confirms, then "printed" with the tickets, as the journal has it', async () => {
    const sale = await freezeCheckoutAt(rig, dataDir, 'payment-approved')
    const { known } = await restartServing()
    // Recovery is confirming at the vendor (HTTP) as the screens are served again.
    const first = await outcomeOf(sale.saleId)
    expect(first).toMatchObject({ saleId: sale.saleId, outcome: 'checking', reference: sale.reference, order: null })
    // Checking is no door to paying twice: a payment asked for meanwhile waits for recovery, then answers the sale as settled.
    const payAgain = await call(runtime!.services.dispatcher, 'checkout.pay', { saleId: sale.saleId, tender: 'card', testCard: 'approve' })
    expect(payAgain).toMatchObject({ ok: true, value: { state: 'confirmed' } })
    await until(() => known.includes(sale.saleId))
    const settled = await outcomeOf(sale.saleId)
    expect(settled).toMatchObject({ outcome: 'printed', printed: true, amountCents: sale.amountCents })
    expect(settled.order?.reference).toBe(sale.reference)
    expect(runtime!.sales.context!.checkout.journal.get(sale.saleId)!.state).toBe('printed')
    // Charged once, by the payment before the crash.
    expect((await terminalLedger(rig)).map((p) => [p.key, p.state])).toEqual([[sale.paymentKey, 'approved']])
  })

  it('at the terminal before the card: "not charged" once recovery stopped the payment and voided the order', async () => {
    const terminal = sandboxConnection(rig).terminal!
    const sale = await crashCheckoutAt(rig, dataDir, 'never', { card: 'no-card', when: async (paying) => (await terminal.status(paying.paymentKey!))?.pending === true })
    const { known } = await restartServing()
    expect((await outcomeOf(sale.saleId)).outcome).toBe('checking')
    await until(() => known.includes(sale.saleId))
    const settled = await outcomeOf(sale.saleId)
    expect(settled).toMatchObject({ outcome: 'not-charged', order: null, printed: false })
    expect(runtime!.sales.context!.checkout.journal.get(sale.saleId)!.state).toBe('cancelled')
    expect((await terminalLedger(rig)).map((p) => p.state)).toEqual(['aborted'])
  })

  it("answers only for a sale of this kiosk's journal: any other id is refused, with nothing about any sale", async () => {
    await restartServing()
    const answer = await call(runtime!.services.dispatcher, 'checkout.outcome', { saleId: randomUUID() })
    expect(answer).toMatchObject({ ok: false, error: { code: 'checkout.unknown-sale', retryable: false } })
    expect(JSON.stringify(answer)).not.toMatch(/FY\d/)
  })
})
