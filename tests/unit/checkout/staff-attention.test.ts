import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { call } from '../../../electron/ipc-core/dispatcher'
import { type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { firstPin } from '../../support/staff-runtime'
import { refusingVault, staffedRuntime } from '../../support/staffed-runtime'

/**
 * The recovery screen's channels: a sale checkout had to refund is listed for
 * staff with the journal's note, behind the PIN, until staff say it is dealt with.
 */
let rig: ApiRig
let runtime: Runtime
const PIN = '482615'

beforeEach(async () => {
  rig = await apiRig()
  const dir = mkdtempSync(join(tmpdir(), 'foyer-attention-'))
  runtime = await staffedRuntime(rig, { mode: 'self-service', dir, vault: refusingVault })
})
afterEach(async () => {
  await runtime.close()
  await rig.close()
})

describe('sales needing staff', () => {
  it('lists a refunded sale with its note behind the PIN, and drops it once staff dealt with it', async () => {
    const { dispatcher } = runtime.services
    expect((await call(dispatcher, 'staff.setPin', firstPin(PIN))).ok).toBe(true)
    expect(await call(dispatcher, 'staff.salesNeedingAttention', { pin: PIN })).toEqual({ ok: true, value: [] })

    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, rig.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    await rig.direct.post(`/orders/${invoice.value.reference}/cancel`, {})
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    expect(paid.ok && paid.value.state).toBe('refunded')

    expect(await call(dispatcher, 'staff.salesNeedingAttention', { pin: '0000' })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
    const listed = await call(dispatcher, 'staff.salesNeedingAttention', { pin: PIN })
    if (!listed.ok) throw new Error(listed.error.code)
    expect(listed.value).toEqual([expect.objectContaining({ saleId: invoice.value.saleId, reference: invoice.value.reference, state: 'refunded', tender: 'card' })])
    expect(listed.value[0]!.note).toMatchObject({ kind: 'keyed', sentences: [{ key: 'cardRefunded', params: { reference: invoice.value.reference } }, { key: 'whyNotConfirmed' }] })

    const resolved = await call(dispatcher, 'staff.resolveSale', { pin: PIN, saleId: invoice.value.saleId, how: 'Refund seen on the terminal' })
    expect(resolved.ok).toBe(true)
    expect(await call(dispatcher, 'staff.salesNeedingAttention', { pin: PIN })).toEqual({ ok: true, value: [] })
    const again = await call(dispatcher, 'staff.resolveSale', { pin: PIN, saleId: invoice.value.saleId, how: 'twice' })
    expect(!again.ok && again.error.code).toBe('staff.nothing-to-resolve')
    const steps = runtime.sales.context!.checkout.journal.steps(invoice.value.saleId)
    expect(steps.at(-1)).toMatchObject({ step: 'staff-resolved', detail: { how: 'Refund seen on the terminal' } })
  })
})
