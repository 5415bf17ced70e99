import type { AppMode } from '@contract'
import { watch } from 'vue'
import type { RouteRecordNameGeneric, Router } from 'vue-router'
import { useCounterStore } from '../stores/counter'
import { useSystemStore } from '../stores/system'

/**
 * Which screens a counter may show. Signed out: only the sign-in and the staff
 * settings (where the PIN is set on first run); signed in: the sale, never the
 * attract loop (a counter has no customers to attract) nor the sign-in. In
 * self-service mode nothing changes, except that the counter's sign-in is not
 * a screen a kiosk has.
 */
const staffScreens: ReadonlySet<RouteRecordNameGeneric> = new Set(['staff', 'admin'])

/** Where to send a navigation to `target` instead, or null to let it through. */
export function counterRedirect(target: RouteRecordNameGeneric | null | undefined, mode: AppMode | undefined, signedIn: boolean): string | null {
  // Mode not known yet (first paint) or self-service: the kiosk as it always was. A scanned sale is the counter's only.
  if (mode !== 'counter') return target === 'counter-sign-in' || target === 'sale' ? 'attract' : null
  if (!signedIn) return target === 'counter-sign-in' || (target != null && staffScreens.has(target)) ? null : 'counter-sign-in'
  return target === 'attract' || target === 'counter-sign-in' ? 'events' : null
}

/** Every navigation passes the counter's rule. Stores are looked up per navigation, once Pinia is installed. */
export function guardCounterRoutes(router: Router): void {
  router.beforeEach((to) => {
    const redirect = counterRedirect(to.name, useSystemStore().info?.mode, useCounterStore().signedIn)
    return redirect === null ? true : { name: redirect }
  })
}

/**
 * The mode arrives after the first screen is shown, and staff may change it:
 * whenever the mode or the sign-in changes, the current screen is checked
 * again. Leaving counter mode signs the counter out. Call from App's setup.
 */
export function useCounterGate(router: Router): void {
  const system = useSystemStore()
  const counter = useCounterStore()
  watch(
    () => [system.info?.mode, counter.signedIn] as const,
    ([mode, signedIn]) => {
      if (mode !== 'counter' && signedIn) counter.forget()
      const redirect = counterRedirect(router.currentRoute.value.name, mode, counter.signedIn)
      if (redirect !== null) void router.replace({ name: redirect })
    },
  )
}
