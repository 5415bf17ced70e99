import type { Logger } from '../ipc-core/dispatcher'
import { createAppServices, type AppServices } from './app-services'
import type { StartupConfig } from './app-config'
import { startSandboxConnection } from './backend-connection'
import { startRuntime } from './runtime'
import type { SystemFacts } from './system-info'

/**
 * What a host (Electron main, the browser host) starts: the full runtime on the
 * built-in sandbox, or, for a vendor backend not yet configured, the services
 * without a sale (every sale channel answers "no backend connected").
 */
export interface HostRuntime {
  services: AppServices
  close(): Promise<void>
}

export async function startHostRuntime(
  config: StartupConfig,
  facts: Pick<SystemFacts, 'appVersion' | 'host'>,
  dataDir: string | null,
  log: Logger,
): Promise<HostRuntime> {
  if (config.backend !== 'sandbox') {
    log.warn(`the ${config.backend} backend is not configured yet; only the sandbox can sell`)
    return { services: createAppServices({ ...facts, mode: config.mode, backend: config.backend, log }), close: async () => {} }
  }
  const connection = await startSandboxConnection(dataDir, (line) => process.stderr.write(`${line}\n`))
  const runtime = await startRuntime({ facts: { ...facts, mode: config.mode }, dataDir, connection, log })
  return { services: runtime.services, close: () => runtime.close() }
}
