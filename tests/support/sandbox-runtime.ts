import type { AppMode, HostKind } from '../../electron/contract'
import { startRuntime, type Runtime, type RuntimeOptions } from '../../electron/services/runtime'
import type { ApiRig } from './api-fixtures'
import { sandboxConnection } from './checkout-fixtures'

/**
 * Main's runtime selling through the rig's sandbox and paying at its terminal
 * (sandboxConnection), in memory (no data folder), with checkout's waits
 * between retries skipped. `checkout` adds tuning on top. Close it before the rig.
 */
export function startSandboxRuntime(
  rig: ApiRig,
  options: { mode: AppMode; host: HostKind; checkout?: RuntimeOptions['checkout'] },
): Promise<Runtime> {
  return startRuntime({
    facts: { appVersion: 't', mode: options.mode, host: options.host },
    dataDir: null,
    connection: sandboxConnection(rig),
    log: { warn: () => {}, error: () => {} },
    checkout: { sleep: async () => {}, ...options.checkout },
  })
}
