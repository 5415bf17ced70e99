import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { ApiRig } from './api-fixtures'

/**
 * A checkout crashed at a chosen step: a sale runs in another Foyer process
 * (checkout-crash-runner.ts) on `dataDir`, which is killed (SIGKILL, as a
 * crash or power cut) when checkout reaches `step`; or, with `when`, once
 * `when(sale)` is true after the payment was sent. Answers the sale as the
 * runner placed it; the process is gone by then, whatever happened.
 */
export interface CrashedSale {
  saleId: string
  reference: string
  amountCents: number
  inventoryIds: number[]
  productId: number
  paymentKey: string | null
}

export interface CrashOptions {
  card?: string
  spool?: string
  when?: (sale: CrashedSale) => Promise<boolean>
  env?: Record<string, string>
}

export async function crashCheckoutAt(rig: ApiRig, dataDir: string, step: string, options: CrashOptions = {}): Promise<CrashedSale> {
  const { sandbox } = rig
  const { card = 'approve', spool, when, env = {} } = options
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/checkout-crash-runner.ts'], {
    env: {
      ...process.env,
      CRASH_AT: step,
      CRASH_CARD: card,
      ...(spool ? { CRASH_SPOOL: spool } : {}),
      CRASH_DATA_DIR: dataDir,
      ...env,
      CRASH_SANDBOX: JSON.stringify({ endpoints: rig.api.endpoints, secret: sandbox.clientSecret, terminal: sandbox.terminal }),
      CRASH_DIRECT: JSON.stringify({ baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  let sale: CrashedSale | null = null
  try {
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('SALE ')) {
          sale = JSON.parse(line.slice(5)) as CrashedSale
          if (when && sale.paymentKey) void waitUntil(() => when(sale!)).then(resolve, reject)
        }
        if (line === `AT ${step}`) resolve()
        if (line === 'DONE') reject(new Error(`checkout finished without reaching ${step}`))
      })
      child.once('exit', (code) => reject(new Error(`runner exited (${code}) before ${step}`)))
    })
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  }
  if (!sale) throw new Error('the runner never placed its order')
  return sale
}

async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the condition never came true')
}
