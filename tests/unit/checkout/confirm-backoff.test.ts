import { describe, expect, it } from 'vitest'
import { call } from '../../../electron/ipc-core/dispatcher'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { sandboxRuntimePerTest } from '../../support/sandbox-runtime'

/**
 * The confirm's schedule, now that it is api/retry's back-off: the first wait
 * confirmBackoffMs, each next one doubled, no jitter, no wait after the last
 * attempt; and a refusal the vendor will not change its mind on is not asked again.
 */
const run = sandboxRuntimePerTest('browser', { proxy: true })

/** A card sale, invoiced; the waits checkout makes once confirming began are recorded. */
async function invoicedRecordingWaits() {
  const waits: number[] = []
  let confirming = false
  const dispatcher = await run.start('self-service', {
    confirmAttempts: 4,
    confirmBackoffMs: 100,
    sleep: async (ms) => {
      if (confirming) waits.push(ms)
    },
    afterStep: async (_saleId, step) => {
      if (step === 'confirm-started') confirming = true
    },
  })
  const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, run.rig.direct) })
  if (!invoice.ok) throw new Error(invoice.error.code)
  return { dispatcher, invoice: invoice.value, waits, journal: run.runtime!.sales.context!.checkout.journal }
}

describe('confirm with the vendor', () => {
  it('waits 100, 200, 400 ms between four failing attempts, then checks the order before giving the payment back', async () => {
    const { dispatcher, invoice, waits, journal } = await invoicedRecordingWaits()
    run.rig.proxy!.fail(/\/confirm$/, { kind: 'status', status: 503 }, 100, 'POST')
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.saleId, tender: 'card', testCard: 'approve' })
    if (!paid.ok) throw new Error(paid.error.code)
    expect(waits).toEqual([100, 200, 400])
    const steps = journal.steps(invoice.saleId)
    expect(steps.filter((s) => s.step === 'confirm-started').map((s) => s.detail)).toEqual([1, 2, 3, 4].map((attempt) => ({ attempt })))
    expect(steps.map((s) => s.step)).toContain('confirm-checked')
    expect(paid.value.state).toBe('refunded')
  })

  it('asks once only when the vendor refuses the confirm outright', async () => {
    const { dispatcher, invoice, waits, journal } = await invoicedRecordingWaits()
    // Someone voids the order at the vendor between invoice and payment: its confirm is refused for good.
    await run.rig.direct.post(`/orders/${invoice.reference}/cancel`, {})
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.saleId, tender: 'card', testCard: 'approve' })
    if (!paid.ok) throw new Error(paid.error.code)
    expect(waits).toEqual([])
    expect(journal.steps(invoice.saleId).filter((s) => s.step === 'confirm-failed')).toHaveLength(1)
    expect(paid.value.state).toBe('refunded')
  })
})
