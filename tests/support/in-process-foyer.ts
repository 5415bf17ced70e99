import { createFoyerApi, type FoyerApi } from '../../electron/contract'
import type { AppServices } from '../../electron/services/app-services'

/**
 * `window.foyer` wired straight to real main-process services in the same
 * process, for renderer tests. Payloads are structured-cloned both ways, as
 * Electron's IPC does, so nothing passes by reference that would not in the app.
 */
export function createInProcessFoyer(services: AppServices): FoyerApi {
  return createFoyerApi({
    invoke: async (channel, request) =>
      structuredClone(await services.dispatcher.dispatch(channel, structuredClone(request), { transport: 'test' })),
    subscribe: (push, listener) =>
      services.pushes.attach((name, payload) => {
        if (name === push) listener(structuredClone(payload))
      }),
  })
}
