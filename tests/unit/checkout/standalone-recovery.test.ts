import { TEST_CASHIER } from '../../support/staff-runtime'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { call } from '../../../electron/ipc-core/dispatcher'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest, sandboxConnection, terminalLedger } from '../../support/checkout-fixtures'
import { readStaffNote } from '../../../electron/journal/staff-note'

/**
 * A standalone-terminal sale interrupted part way, then Foyer started again on
 * the same data folder. The step hook throws at the chosen step, so nothing
 * after it runs (the journal is what a crash there leaves; the SIGKILL runs of
 * crash-recovery.test.ts prove the journal survives one). Interrupted while
 * the approval code was being recorded ("paying"): only staff can say, as with
 * cash. Interrupted once recorded ("paid"): confirmed again, as any payment.
 */
let rig: ApiRig
let dataDir: string
let runtime: Runtime | null = null

beforeEach(async () => {
  rig = await apiRig()
  dataDir = mkdtempSync(join(tmpdir(), 'foyer-standalone-recovery-'))
})
afterEach(async () => {
  await runtime?.close()
  runtime = null
  await rig.close()
})

/** A counter on the data folder, signed in; `stopAt` makes checkout stop at that step once. */
async function counterRuntime(stopAt?: string): Promise<Runtime> {
  let stopped = false
  runtime = await startRuntime({
    facts: { appVersion: 't', mode: 'counter', host: 'browser' },
    dataDir,
    connection: sandboxConnection(rig),
    log: { warn: () => {}, error: () => {} },
    checkout: {
      sleep: async () => {},
      afterStep: async (_saleId, step) => {
        if (step !== stopAt || stopped) return
        stopped = true
        throw new Error(`interrupted at ${step}`)
      },
    },
  })
  runtime.services.counter.signIn(TEST_CASHIER)
  return runtime
}

/** Starts a standalone sale that stops at `step`, then starts Foyer again: answers the sale. */
async function interruptedAt(step: string): Promise<{ saleId: string; reference: string }> {
  const first = await counterRuntime(step)
  const dispatcher = first.services.dispatcher
  expect((await call(dispatcher, 'shift.open', { floatCents: 10_000 })).ok).toBe(true)
  const order = { ...(await heldOrderRequest(dispatcher, rig.direct)), paymentMethodCode: 'VISA' }
  const invoice = await call(dispatcher, 'checkout.submit', { order })
  if (!invoice.ok) throw new Error(invoice.error.code)
  const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'standalone', approvalCode: 'K7P2Q9' })
  expect(paid.ok).toBe(false)
  await first.close()
  runtime = null
  await counterRuntime()
  return { saleId: invoice.value.saleId, reference: invoice.value.reference }
}

const vendorOrder = async (reference: string) => (await rig.direct.get(`/orders/${reference}`)).body as { orderStatus: string; paymentReference?: string }

describe('a standalone sale interrupted', () => {
  it('while its approval code was being recorded: staff are asked to check, nothing is confirmed or voided blind', async () => {
    const sale = await interruptedAt('payment-started')
    const { sales } = runtime!
    const after = sales.context!.checkout.journal.get(sale.saleId)!
    expect(after.state).toBe('needs-staff')
    expect(after.tender).toBe('standalone')
    expect(readStaffNote(after.staffNote)).toEqual({
      kind: 'keyed',
      sentences: [{ key: 'standaloneInterrupted', params: { reference: sale.reference, approvalCode: 'K7P2Q9', amountCents: after.amountCents } }],
    })
    expect(sales.context!.checkout.journal.steps(sale.saleId).at(-1)!.step).toBe('recovered-standalone-unknown')
    expect(sales.context!.recovery!.forStaff.map((s) => s.saleId)).toEqual([sale.saleId])
    expect((await vendorOrder(sale.reference)).orderStatus).toBe('PENDING_PAYMENT')
    expect(await terminalLedger(rig)).toEqual([])
    // The shift counts it as waiting for staff, not as sold.
    const x = await call(runtime!.services.dispatcher, 'shift.current', {})
    if (!x.ok || !x.value) throw new Error('no X report')
    expect(x.value).toMatchObject({ unresolved: 1, standalone: { sales: 0, soldCents: 0 } })
  })

  it('after its approval code was recorded: confirmed again with the same payment reference', async () => {
    const sale = await interruptedAt('payment-approved')
    const { sales } = runtime!
    const journal = sales.context!.checkout.journal
    expect(journal.get(sale.saleId)).toMatchObject({ state: 'confirmed', tender: 'standalone', paymentRef: `STANDALONE-${sale.reference}-1-K7P2Q9` })
    expect(await vendorOrder(sale.reference)).toMatchObject({ orderStatus: 'CONFIRMED', paymentReference: `STANDALONE-${sale.reference}-1-K7P2Q9` })
    expect(sales.context!.recovery!.recovered).toEqual([expect.objectContaining({ saleId: sale.saleId, from: 'paid', to: 'confirmed' })])
    expect(journal.steps(sale.saleId).at(-1)!.step).toBe('confirmed')
    expect(await terminalLedger(rig)).toEqual([])
  })
})
