import { createFoyerApi, type ChannelName, type FoyerApi } from '../../electron/contract'
import type { AppServices } from '../../electron/services/app-services'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach } from 'vitest'
import { provideFoyer } from '../../renderer/src/bridge/foyer'
import { sandboxRuntimePerTest } from './sandbox-runtime'

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

/**
 * A self-service kiosk's main process on a fresh sandbox for each test
 * (sandboxRuntimePerTest), provided to a fresh Pinia's stores as `window.foyer`.
 */
export function kioskStoresPerTest(heard?: (channel: ChannelName) => void) {
  const run = sandboxRuntimePerTest()
  beforeEach(async () => {
    setActivePinia(createPinia())
    await run.start('self-service')
    provideFoyer(createInProcessFoyer(run.runtime!.services, heard))
  })
  afterEach(() => provideFoyer(null))
  return run
}
