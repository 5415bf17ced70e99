import { SalesApi } from '../api/sales-api'
import { HoldManager } from '../holds/hold-manager'
import type { Logger } from '../ipc-core/dispatcher'
import { PushBus } from '../ipc-core/push-bus'
import { openLocalDb } from '../store/local-db'
import { createAppServices, stderrLogger, type AppServices } from './app-services'
import type { BackendConnection } from './backend-connection'
import { salesHandlers } from './sales-service'
import type { SystemFacts } from './system-info'

/**
 * Everything main runs, started and stopped in order: the local store, the
 * API client for the connected backend, the hold manager (which first releases
 * what a crashed run left held), and the services behind the contract.
 */
export interface RuntimeOptions {
  facts: Omit<SystemFacts, 'backend'>
  /** The user data folder; null keeps everything in memory (tests, throwaway runs). */
  dataDir: string | null
  connection: BackendConnection
  log?: Logger
}

export interface Runtime {
  services: AppServices
  api: SalesApi
  holds: HoldManager
  /** Gives every hold back and stops, as on quit. */
  close(): Promise<void>
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const log = options.log ?? stderrLogger
  const { connection } = options
  const db = openLocalDb(options.dataDir)
  const api = new SalesApi({ endpoints: connection.endpoints, secret: connection.secret, log })
  const pushes = new PushBus()
  const holds = new HoldManager({
    db,
    backend: `${connection.endpoints.kind}/${connection.endpoints.tenant}`,
    api,
    holdWindowMs: connection.holdWindowMs,
    onChange: (status) => pushes.publish('holds.changed', status),
    log,
  })
  try {
    const released = await holds.releaseLeftovers()
    if (released > 0) log.warn('released seats a previous run left held', { seats: released })
  } catch {
    // The backend is unreachable now; the leftovers stay recorded and lapse at the vendor anyway.
  }
  const services = createAppServices({
    ...options.facts,
    backend: connection.endpoints.kind,
    log,
    pushes,
    sales: salesHandlers({ api, holds }),
  })
  return {
    services,
    api,
    holds,
    async close() {
      try {
        await holds.releaseAll()
      } catch {
        // Unreachable: recorded holds are released on the next start.
      }
      holds.stop()
      await connection.close()
      db.close()
    },
  }
}
