import { flushPromises } from '@vue/test-utils'
import type { App } from 'vue'
import type { BackendKind, FoyerApi } from '../../electron/contract'
import { createAppServices, type AppServices } from '../../electron/services/app-services'
import { provideFoyer } from '../../renderer/src/bridge/foyer'
import { createFoyerApp } from '../../renderer/src/create-app'
import { createInProcessFoyer } from './in-process-foyer'

/**
 * The real renderer app mounted in happy-dom against real main-process
 * services in the same process, on the attract screen. One at a time:
 * `unmountApp()` (in afterEach) takes it down and forgets the bridge.
 */
let mounted: App | null = null

export interface MountedApp {
  root: HTMLElement
  router: ReturnType<typeof createFoyerApp>['router']
  services: AppServices
  find: (testId: string) => HTMLElement | null
  text: (testId: string) => string | undefined
  click: (testId: string) => Promise<void>
}

/** Services without a backend (the sale channels answer "unavailable"), unless given. */
export function kioskServices(backend: BackendKind = 'sandbox', appVersion = '1.0.0'): AppServices {
  return createAppServices({ appVersion, mode: 'self-service', backend, host: 'browser' })
}

/** `bridge` may stand between the renderer and main (an answer held back, as a slow start has it). */
export async function mountApp(services: AppServices = kioskServices(), bridge: (foyer: FoyerApi) => FoyerApi = (foyer) => foyer): Promise<MountedApp> {
  provideFoyer(bridge(createInProcessFoyer(services)))
  const { app, router } = createFoyerApp()
  await router.push('/')
  const root = document.createElement('div')
  document.body.append(root)
  app.mount(root)
  mounted = app
  await flushPromises()
  const find = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`)
  return {
    root,
    router,
    services,
    find,
    text: (testId) => find(testId)?.textContent?.trim(),
    click: async (testId) => {
      find(testId)!.click()
      await flushPromises()
    },
  }
}

export function unmountApp(): void {
  mounted?.unmount()
  mounted = null
  provideFoyer(null)
  document.body.innerHTML = ''
}
