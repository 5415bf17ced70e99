import { afterAll, beforeAll } from 'vitest'
import { call, type Dispatcher } from '../../electron/ipc-core/dispatcher'
import type { SaleRecord, SaleStep } from '../../electron/journal/sales-journal'
import type { Runtime } from '../../electron/services/runtime'
import { apiRig, type ApiRig } from './api-fixtures'
import { heldOrderRequest } from './checkout-fixtures'
import { startSandboxRuntime } from './sandbox-runtime'

/**
 * Real sales to print, made through the contract against the sandbox and its
 * terminal, as a counter would: a card sale, a cash sale with change, and a
 * card sale the vendor would not confirm (refunded). Each with its journal
 * steps, where the terminal's card brand and last digits are kept.
 */
export interface SampleSale {
  sale: SaleRecord
  steps: SaleStep[]
}

export interface SaleSamples {
  card: SampleSale
  cash: SampleSale
  refunded: SampleSale
  runtime: Runtime
}

async function sell(dispatcher: Dispatcher, rig: ApiRig, tender: 'card' | 'cash', section: string, change = 0, voidFirst = false): Promise<string> {
  const held = await heldOrderRequest(dispatcher, rig.direct, 'Grand Theatre', section)
  const order = { ...held, paymentMethodCode: tender === 'cash' ? 'CASH' : 'VISA' }
  const invoice = await call(dispatcher, 'checkout.submit', { order })
  if (!invoice.ok) throw new Error(invoice.error.code)
  // Someone voids the order at the vendor before payment: the confirm is refused, the card refunded.
  if (voidFirst) await rig.direct.post(`/orders/${invoice.value.reference}/cancel`, {})
  const pay = tender === 'cash' ? { tender, tenderedCents: invoice.value.amountCents + change } : { tender, testCard: 'approve' as const }
  const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, ...pay })
  if (!paid.ok) throw new Error(paid.error.code)
  if (paid.value.state !== (voidFirst ? 'refunded' : 'confirmed')) throw new Error(`sale ended ${paid.value.state}`)
  return invoice.value.saleId
}

/** Three sales on a counter runtime; close the runtime (then the rig) when done. */
export async function saleSamples(rig: ApiRig): Promise<SaleSamples> {
  const runtime = await startSandboxRuntime(rig, { mode: 'counter', host: 'browser' })
  const dispatcher = runtime.services.dispatcher
  // The counter sells within a shift.
  const shift = await call(dispatcher, 'shift.open', { floatCents: 20_000 })
  if (!shift.ok) throw new Error(shift.error.code)
  const card = await sell(dispatcher, rig, 'card', 'Stalls Centre')
  const cash = await sell(dispatcher, rig, 'cash', 'Stalls Left', 1250)
  const refunded = await sell(dispatcher, rig, 'card', 'Stalls Right', 0, true)
  const journal = runtime.sales.context!.checkout.journal
  const sample = (saleId: string): SampleSale => ({ sale: journal.get(saleId)!, steps: journal.steps(saleId) })
  return { card: sample(card), cash: sample(cash), refunded: sample(refunded), runtime }
}

/** The samples for a whole test file: made once before its tests on a sandbox of their own, closed after. */
export function saleSamplesForFile(): () => SaleSamples {
  let rig: ApiRig | undefined
  let samples: SaleSamples | undefined
  beforeAll(async () => {
    rig = await apiRig()
    samples = await saleSamples(rig)
  }, 60_000)
  afterAll(async () => {
    await samples?.runtime.close()
    await rig?.close()
  })
  return () => samples!
}
