import { call } from '../../electron/ipc-core/dispatcher'
import type { TestCardName } from '../../electron/contract/checkout-channels'
import { startRuntime, type Runtime } from '../../electron/services/runtime'
import type { ApiRig } from './api-fixtures'
import type { CrashedSale, CrashOptions } from './checkout-crash'
import { heldOrderRequest, sandboxConnection } from './checkout-fixtures'

/**
 * A checkout crashed at a chosen step without a second process: a Foyer
 * runtime in this process sells two seats on `dataDir` (offer, keep, order,
 * card payment, confirm) as checkout-crash-runner.ts does, and its checkout's
 * `afterStep` hook stops it at `step` for good; its hold ticker is stopped
 * too, so nothing of it acts again, and nothing of it is closed or given back,
 * as after a SIGKILL. What the crashed runtime wrote is all the next start on
 * `dataDir` finds. A crash at a step is the same whichever way the process
 * stops there; the few crashes that only a real SIGKILL shows (a payment at
 * the terminal, printing) stay with crashCheckoutAt (./checkout-crash.ts).
 */
export async function freezeCheckoutAt(rig: ApiRig, dataDir: string, step: string, options: Pick<CrashOptions, 'card' | 'env'> = {}): Promise<CrashedSale> {
  const { card = 'approve', env = {} } = options
  let reached: (sale: CrashedSale) => void = () => {}
  const atStep = new Promise<CrashedSale>((resolve) => (reached = resolve))
  const runtime: Runtime = await startRuntime({
    facts: { appVersion: 'test', mode: 'self-service', host: 'browser' },
    dataDir,
    connection: sandboxConnection(rig),
    log: { warn: () => {}, error: () => {} },
    checkout: {
      sleep: async () => {},
      // CRASH_RENEW: every invoice counts as short of time, so paying renews it first (the renewal's crash points).
      ...(env.CRASH_RENEW ? { paymentBudgetMs: Number.MAX_SAFE_INTEGER } : {}),
      afterStep: async (saleId, at) => {
        if (at !== step) return
        const sale = runtime.sales.context!.checkout.journal.get(saleId)!
        const item = sale.request.items[0]!
        reached({ saleId, reference: sale.reference ?? '', amountCents: sale.amountCents, inventoryIds: item.inventoryIds ?? [], productId: item.productId, paymentKey: sale.paymentKey })
        // The crash: this sale's checkout never goes on.
        await new Promise(() => {})
      },
    },
  })
  const sale = async () => {
    const order = await heldOrderRequest(runtime.services.dispatcher, rig.direct)
    const invoice = await call(runtime.services.dispatcher, 'checkout.submit', { order })
    if (!invoice.ok) throw new Error(invoice.error.code)
    await call(runtime.services.dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: card as TestCardName })
    throw new Error(`checkout finished without reaching ${step}`)
  }
  const crashed = await Promise.race([atStep, sale()])
  // Nothing of the crashed runtime runs on: its holds are neither renewed nor given back.
  runtime.sales.context!.holds.stop()
  return crashed
}
