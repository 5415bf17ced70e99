import type { TestCardName } from '../../electron/contract/checkout-channels'
import { call } from '../../electron/ipc-core/dispatcher'
import type { Runtime } from '../../electron/services/runtime'
import type { ApiRig } from './api-fixtures'
import type { CrashedSale } from './checkout-crash'
import { heldOrderRequest } from './checkout-fixtures'
import { firstPin } from './staff-runtime'
import { staffedRuntime } from './staffed-runtime'

/**
 * A split sale crashed at a step, in this process (as ./checkout-freeze.ts
 * does for a card sale): a counter with a supervisor signed in and a shift
 * open sells two seats by card, takes S$50 in cash first, then the rest on
 * the card, and checkout's `afterStep` stops it for good at the `occurrence`th
 * time it reaches `step` (a split sale starts and approves two payments).
 */
export const SPLIT_CASH_PART = 5_000

export interface SplitCrash {
  card?: TestCardName
  occurrence?: number
}

export async function freezeSplitAt(rig: ApiRig, dataDir: string, step: string, options: SplitCrash = {}): Promise<CrashedSale> {
  const { card = 'approve', occurrence = 1 } = options
  let reached: (sale: CrashedSale) => void = () => {}
  const atStep = new Promise<CrashedSale>((resolve) => (reached = resolve))
  let seen = 0
  const runtime: Runtime = await staffedRuntime(rig, {
    mode: 'counter',
    dir: dataDir,
    checkout: {
      afterStep: async (saleId, at) => {
        if (at !== step || ++seen !== occurrence) return
        const sale = runtime.sales.context!.checkout.journal.get(saleId)!
        const item = sale.request.items[0]!
        reached({ saleId, reference: sale.reference ?? '', amountCents: sale.amountCents, inventoryIds: item.inventoryIds ?? [], productId: item.productId, paymentKey: sale.paymentKey })
        // The crash: this sale's checkout never goes on.
        await new Promise(() => {})
      },
    },
  })
  const { dispatcher } = runtime.services
  await call(dispatcher, 'staff.setPin', { ...firstPin('482615'), name: 'Mei Ling' })
  await call(dispatcher, 'counter.signIn', { name: 'Mei Ling', pin: '482615' })
  await call(dispatcher, 'shift.open', { floatCents: 10_000 })
  const sale = async () => {
    const held = await heldOrderRequest(dispatcher, rig.direct)
    const invoice = await call(dispatcher, 'checkout.submit', { order: { ...held, paymentMethodCode: 'VISA' } })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const part = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'cash', tenderedCents: SPLIT_CASH_PART, partCents: SPLIT_CASH_PART })
    if (!part.ok) throw new Error(part.error.code)
    await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: card })
    throw new Error(`the split sale finished without reaching ${step} (${occurrence})`)
  }
  const crashed = await Promise.race([atStep, sale()])
  // Nothing of the crashed runtime runs on: its holds are neither renewed nor given back.
  runtime.sales.context!.holds.stop()
  return crashed
}
