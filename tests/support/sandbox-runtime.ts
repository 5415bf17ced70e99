import { TEST_CASHIER } from './staff-runtime'
import type { AppMode, HostKind } from '../../electron/contract'
import { startRuntime, type Runtime, type RuntimeOptions } from '../../electron/services/runtime'
import { afterEach, beforeEach } from 'vitest'
import { apiRig, type ApiRig } from './api-fixtures'
import { sandboxConnection } from './checkout-fixtures'

/**
 * Main's runtime selling through the rig's sandbox and paying at its terminal
 * (sandboxConnection), in memory (no data folder), with checkout's waits
 * between retries skipped. `checkout` adds tuning on top; `askablePrinter` is the
 * printer it asks whether it can print (none: the system printer); `cashDrawer` where a drawer hangs (none: no drawer). Close it before the rig.
 */
export async function startSandboxRuntime(
  rig: ApiRig,
  options: { mode: AppMode; host: HostKind; checkout?: RuntimeOptions['checkout']; askablePrinter?: RuntimeOptions['askablePrinter']; cashDrawer?: RuntimeOptions['cashDrawer'] },
): Promise<Runtime> {
  const runtime = await startRuntime({
    facts: { appVersion: 't', mode: options.mode, host: options.host },
    dataDir: null,
    connection: sandboxConnection(rig),
    log: { warn: () => {}, error: () => {} },
    checkout: { sleep: async () => {}, ...options.checkout },
    ...(options.askablePrinter ? { askablePrinter: options.askablePrinter } : {}),
    ...(options.cashDrawer ? { cashDrawer: options.cashDrawer } : {}),
  })
  // A counter sells only with a cashier signed in (main keeps it); these runtimes have no staff PIN,
  // and the tests that use them are about selling, so the cashier is signed in here.
  // tests/unit/checkout/counter-sign-in.test.ts pins the sign-in itself.
  runtime.services.counter.signIn(TEST_CASHIER)
  return runtime
}

/**
 * A fresh sandbox (the rig) for each test of the file and, once the test
 * starts one, main's runtime selling through it; both closed after the test,
 * the runtime first. `start` answers the runtime's dispatcher. `rigOptions`
 * shape the rig (a fault proxy in front of the sandbox, say).
 */
export function sandboxRuntimePerTest(host: HostKind = 'browser', rigOptions: Parameters<typeof apiRig>[0] = {}) {
  let rig: ApiRig | null = null
  let runtime: Runtime | null = null
  beforeEach(async () => {
    rig = await apiRig(rigOptions)
  })
  afterEach(async () => {
    await runtime?.close()
    runtime = null
    await rig?.close()
  })
  return {
    get rig(): ApiRig {
      if (!rig) throw new Error('the rig is made for each test')
      return rig
    },
    get runtime(): Runtime | null {
      return runtime
    },
    async start(mode: AppMode = 'self-service', checkout: RuntimeOptions['checkout'] = {}, more: Pick<RuntimeOptions, 'askablePrinter' | 'cashDrawer'> = {}) {
      runtime = await startSandboxRuntime(this.rig, { mode, host, checkout, ...more })
      return runtime.services.dispatcher
    },
  }
}
