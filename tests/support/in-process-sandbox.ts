import type { RunningSandbox, SandboxLauncher } from '../../electron/sandbox/process/sandbox-launcher'
import { startSandbox } from '../../electron/sandbox/server'

/**
 * A SandboxLauncher for tests whose subject is not the sandbox's process: the
 * training sandbox started in the test's own process, with the same options
 * and the same addresses a forked one reports, in milliseconds instead of the
 * seconds a Node and tsx child takes. The forked launcher itself is tested in
 * tests/unit/sandbox/sandbox-process.test.ts, and the browser host's E2E
 * specs sell through it; tests about a sandbox that must not share the host's
 * CPU (security/search-freeze.test.ts) keep forking.
 */
export const inProcessSandbox: SandboxLauncher = async (options, log): Promise<RunningSandbox> => {
  const sandbox = await startSandbox({ ...options, log })
  const { baseUrl, authUrl, imageBaseUrl, terminal, tenant, clientId, clientSecret } = sandbox
  let closing: Promise<void> | null = null
  return {
    baseUrl,
    authUrl,
    imageBaseUrl,
    terminal,
    tenant,
    clientId,
    clientSecret,
    pid: process.pid,
    close: () => (closing ??= sandbox.close()),
  }
}
