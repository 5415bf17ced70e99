import { SalesApi, type SalesApiOptions } from '../../electron/api/sales-api'
import type { Sandbox, SandboxOptions } from '../../electron/sandbox/server'
import { FaultProxy } from './fault-proxy'
import { sandboxWithClient, type SandboxClient } from './sandbox-client'

/**
 * Foyer's real API client against a real sandbox, optionally through a fault
 * proxy. The SandboxClient is the test's own independent view of the sandbox
 * (to check what the client did), never the code under test.
 */
export interface ApiRig {
  sandbox: Sandbox
  /** Independent checks against the sandbox. */
  direct: SandboxClient
  api: SalesApi
  proxy: FaultProxy | null
  close(): Promise<void>
}

const noWait = { sleep: async () => {}, random: () => 0.5 }

export async function apiRig(
  options: { sandbox?: SandboxOptions; proxy?: boolean; api?: Partial<SalesApiOptions>; waitBetweenRetries?: boolean } = {},
): Promise<ApiRig> {
  const { sandbox, client } = await sandboxWithClient(options.sandbox)
  const proxy = options.proxy ? await FaultProxy.start(new URL(sandbox.baseUrl).origin) : null
  const via = (url: string) => (proxy ? proxy.via(url) : url)
  const api = new SalesApi({
    endpoints: {
      kind: 'sandbox',
      baseUrl: via(sandbox.baseUrl),
      authUrl: via(sandbox.authUrl),
      imageBaseUrl: proxy ? proxy.origin : sandbox.imageBaseUrl,
      tenant: sandbox.tenant,
      clientId: sandbox.clientId,
    },
    secret: async () => sandbox.clientSecret,
    // Retries back off for real in the app; tests keep the count and skip the wait unless asked.
    sleeper: options.waitBetweenRetries ? undefined : noWait,
    ...options.api,
  })
  return {
    sandbox,
    direct: client,
    api,
    proxy,
    async close() {
      await proxy?.close()
      await sandbox.close()
    },
  }
}
