/// <reference types="vite/client" />
import type { FoyerApi } from '@contract'

declare global {
  interface Window {
    /** Set by Electron's preload; absent in a plain browser. */
    readonly foyer?: FoyerApi
  }
}
