/**
 * A Foyer runtime in its own process for the checkout crash tests: it sells
 * two seats through the contract (offer, keep, order, card payment, confirm)
 * and, when checkout reaches the step named in CRASH_AT, prints "AT <step>"
 * and stops there until the test kills it — a crash at that exact point.
 */
import { call } from '../../electron/ipc-core/dispatcher'
import type { BackendEndpoints } from '../../electron/api/endpoints'
import { TrainingTerminal } from '../../electron/payment/training-terminal'
import type { TestCardName } from '../../electron/contract/checkout-channels'
import { SpoolPrinter } from '../../electron/browser-host/spool-printer'
import type { Sandbox, SandboxTerminal } from '../../electron/sandbox/server'
import { startRuntime, type Runtime } from '../../electron/services/runtime'
import { SandboxClient } from './sandbox-client'
import { heldOrderRequest } from './checkout-fixtures'

const env = (name: string) => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}
const sandbox = JSON.parse(env('CRASH_SANDBOX')) as { endpoints: BackendEndpoints; secret: string; terminal: SandboxTerminal }
const crashAt = env('CRASH_AT')
const runtime: Runtime = await startRuntime({
  facts: { appVersion: 'test', mode: 'self-service', host: 'browser' },
  dataDir: env('CRASH_DATA_DIR'),
  connection: {
    endpoints: sandbox.endpoints,
    secret: async () => sandbox.secret,
    holdWindowMs: 900_000,
    terminal: new TrainingTerminal({
      terminal: sandbox.terminal,
      authUrl: sandbox.endpoints.authUrl,
      clientId: sandbox.endpoints.clientId,
      secret: async () => sandbox.secret,
    }),
    close: async () => {},
  },
  log: { warn: () => {}, error: () => {} },
  // Printing is crashed into too: the runner prints to PDFs when given a spool folder.
  printer: process.env.CRASH_SPOOL ? new SpoolPrinter({ spoolDir: process.env.CRASH_SPOOL }) : null,
  checkout: {
    sleep: async () => {},
    // CRASH_RENEW: every invoice counts as short of time, so paying renews it first (the renewal's crash points).
    ...(process.env.CRASH_RENEW ? { paymentBudgetMs: Number.MAX_SAFE_INTEGER } : {}),
    afterStep: async (saleId, step) => {
      if (step !== crashAt && step !== 'payment-started') return
      const sale = runtime.sales.context!.checkout.journal.get(saleId)!
      const item = sale.request.items[0]!
      const info = { saleId, reference: sale.reference, amountCents: sale.amountCents, inventoryIds: item.inventoryIds, productId: item.productId, paymentKey: sale.paymentKey }
      process.stdout.write(`SALE ${JSON.stringify(info)}\n`)
      // Not a crash point: the test may kill the process later, while the payment is at the terminal.
      if (step !== crashAt) return
      process.stdout.write(`AT ${step}\n`)
      await new Promise(() => {})
    },
  },
})
// The runner's own view of the sandbox, to find a show and its sections as the tests do.
const direct = new SandboxClient(JSON.parse(env('CRASH_DIRECT')) as Sandbox)
const order = await heldOrderRequest(runtime.services.dispatcher, direct)
const invoice = await call(runtime.services.dispatcher, 'checkout.submit', { order })
if (!invoice.ok) throw new Error(invoice.error.code)
await call(runtime.services.dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: (process.env.CRASH_CARD ?? 'approve') as TestCardName })
process.stdout.write('DONE\n')
setInterval(() => {}, 60_000)
