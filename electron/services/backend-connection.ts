import { join } from 'node:path'
import type { BackendEndpoints } from '../api/endpoints'
import { startSandbox } from '../sandbox/server'

/**
 * A backend Foyer sells against: its addresses and where its client secret
 * comes from. The built-in sandbox is started in this process (the training
 * backend); vendor backends are configured in settings with the secret in the
 * OS keychain.
 */
export interface BackendConnection {
  endpoints: BackendEndpoints
  secret: () => Promise<string>
  /** The hold window the backend applies when an offer gives no expirationTime. */
  holdWindowMs: number
  close(): Promise<void>
}

export async function startSandboxConnection(dataDir: string | null, log?: (line: string) => void): Promise<BackendConnection> {
  const holdTtlSeconds = 900
  const sandbox = await startSandbox({ port: 0, dataDir: dataDir ? join(dataDir, 'sandbox') : undefined, holdTtlSeconds, log })
  const { baseUrl, authUrl, imageBaseUrl, tenant, clientId, clientSecret } = sandbox
  return {
    endpoints: { kind: 'sandbox', baseUrl, authUrl, imageBaseUrl, tenant, clientId },
    secret: async () => clientSecret,
    holdWindowMs: holdTtlSeconds * 1000,
    close: () => sandbox.close(),
  }
}
