import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { call } from '../../../electron/ipc-core/dispatcher'
import type { Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest, terminalLedger } from '../../support/checkout-fixtures'
import { firstPin } from '../../support/staff-runtime'
import { staffedRuntime } from '../../support/staffed-runtime'
import { noteInEnglish } from '../../support/note-in-english'

/**
 * A split sale whose invoice must be renewed before the card part, and the
 * renewal fails (the order cannot be placed again): the cash part was taken
 * for that order, so it goes back with it, recorded as a refund, and the
 * customer is told the seats could not be kept. Before, the order was marked
 * voided with the cash part left approved: money in the drawer for nothing.
 */
let rig: ApiRig | null = null
let runtime: Runtime | null = null
afterEach(async () => {
  await runtime?.close()
  await rig?.close()
})

it('gives the cash part back when the invoice cannot be renewed before the card part', async () => {
  rig = await apiRig({ proxy: true })
  // Every invoice counts as short of time: each payment renews it first.
  runtime = await staffedRuntime(rig, { mode: 'counter', dir: mkdtempSync(join(tmpdir(), 'foyer-split-renew-')), checkout: { paymentBudgetMs: Number.MAX_SAFE_INTEGER } })
  const { dispatcher } = runtime.services
  await call(dispatcher, 'staff.setPin', { ...firstPin('482615'), name: 'Mei Ling' })
  await call(dispatcher, 'counter.signIn', { name: 'Mei Ling', pin: '482615' })
  await call(dispatcher, 'shift.open', { floatCents: 10_000 })
  const held = await heldOrderRequest(dispatcher, rig.direct)
  const invoice = await call(dispatcher, 'checkout.submit', { order: { ...held, paymentMethodCode: 'VISA' } })
  if (!invoice.ok) throw new Error(invoice.error.code)
  const part = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'cash', tenderedCents: 5_000, partCents: 5_000 })
  expect(part).toMatchObject({ ok: true, value: { state: 'part-paid' } })

  rig.proxy!.fail(/\/orders\/$/, { kind: 'status', status: 503 }, 1, 'POST')
  const card = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
  expect(card).toMatchObject({ ok: false, error: { code: 'checkout.hold-expired' } })
  const sale = runtime.sales.context!.checkout.journal.get(invoice.value.saleId)!
  expect(sale).toMatchObject({ state: 'refunded', orderState: 'cancelled', payments: [{ tender: 'cash', state: 'refunded' }, { kind: 'refund', refersTo: 1, state: 'approved' }] })
  expect(noteInEnglish(sale.staffNote)).toContain('Give back S$50.00 in cash')
  expect(await terminalLedger(rig)).toEqual([])
  const x = await call(dispatcher, 'shift.current', {})
  expect(x).toMatchObject({ ok: true, value: { cash: { sales: 0, paidBack: 1, paidBackCents: 5_000 }, expectedCashCents: 10_000 } })
}, 120_000)
