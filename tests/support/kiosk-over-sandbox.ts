import { afterAll, afterEach, beforeAll } from 'vitest'
import type { Runtime } from '../../electron/services/runtime'
import { apiRig, type ApiRig } from './api-fixtures'
import { unmountApp } from './mount-app'
import { nodeFetchForFile } from './node-fetch'
import { startSandboxRuntime } from './sandbox-runtime'

/**
 * For a renderer test file that mounts the real app over a real self-service main and the sandbox: the
 * sandbox and the runtime, started once for the file (after main is given Node's fetch) and closed after
 * it, and the mounted app taken down after each test. Read `rig` and `runtime` inside the tests.
 */
export function kioskOverSandbox(): { readonly rig: ApiRig; readonly runtime: Runtime } {
  const started = {} as { rig: ApiRig; runtime: Runtime }
  nodeFetchForFile()
  beforeAll(async () => {
    started.rig = await apiRig()
    started.runtime = await startSandboxRuntime(started.rig, { mode: 'self-service', host: 'browser' })
  })
  afterAll(async () => {
    await started.runtime?.close()
    await started.rig?.close()
  })
  afterEach(() => unmountApp())
  return started
}
