import type { FoyerApi } from '@contract'
import { createWebBridge, takeHostToken } from './web-bridge'

let api: FoyerApi | null = null

/**
 * The renderer's one door to main. In Electron, preload has put `window.foyer`
 * in place; in a plain browser (the browser host), the HTTP bridge stands in
 * with the same methods.
 */
export function useFoyer(): FoyerApi {
  if (api) return api
  if (window.foyer) {
    api = window.foyer
  } else {
    const token = takeHostToken(window.location, window.sessionStorage, window.history)
    api = createWebBridge({ baseUrl: `${window.location.origin}/`, token })
  }
  return api
}

/** For tests: run the renderer against a given API (e.g. one wired to real services in-process). */
export function provideFoyer(replacement: FoyerApi | null): void {
  api = replacement
}
