import { createFoyerApi, type ChannelName, type FoyerApi } from '../../electron/contract'
import type { AppServices } from '../../electron/services/app-services'
import { startRuntime, type Runtime } from '../../electron/services/runtime'
import { provideFoyer } from '../../renderer/src/bridge/foyer'
import type { ApiRig } from './api-fixtures'
import { sandboxConnection } from './checkout-fixtures'

/**
 * `window.foyer` wired straight to real main-process services in the same
 * process, for renderer tests. Payloads are structured-cloned both ways, as
 * Electron's IPC does, so nothing passes by reference that would not in the app.
 * `heard`, when given, is told each channel the renderer calls.
 */
export function createInProcessFoyer(services: AppServices, heard?: (channel: ChannelName) => void): FoyerApi {
  return createFoyerApi({
    invoke: async (channel, request) => {
      heard?.(channel)
      return structuredClone(await services.dispatcher.dispatch(channel, structuredClone(request), { transport: 'test' }))
    },
    subscribe: (push, listener) =>
      services.pushes.attach((name, payload) => {
        if (name === push) listener(structuredClone(payload))
      }),
  })
}

/** A self-service kiosk's main process on the rig's sandbox (nothing on disk), provided to the renderer's stores as `window.foyer`. */
export async function provideSandboxKiosk(rig: ApiRig, heard?: (channel: ChannelName) => void): Promise<Runtime> {
  const runtime = await startRuntime({
    facts: { appVersion: 't', mode: 'self-service', host: 'browser' },
    dataDir: null,
    connection: sandboxConnection(rig),
    log: { warn: () => {}, error: () => {} },
  })
  provideFoyer(createInProcessFoyer(runtime.services, heard))
  return runtime
}
