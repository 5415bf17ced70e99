import { join, resolve } from 'node:path'

/**
 * The icon Foyer's window shows on Linux (taskbar, window switcher). Windows
 * and macOS take theirs from the executable and app bundle electron-builder
 * makes from resources/icon.png, so they are given none here.
 *
 * Packaged, the PNG sits in Electron's resources folder (electron-builder
 * `extraResources`), outside app.asar: BrowserWindow loads its icon in native
 * code, which does not go through Electron's asar-aware fs. Unpackaged, it is
 * read from the checkout: both this source file (electron/branding/) and the
 * bundle electron-vite builds (out/main/) sit two folders below the root.
 */
export const WINDOW_ICON_FILE = 'icons/256x256.png'

export interface WindowIconPlace {
  platform: NodeJS.Platform
  /** Electron's `app.isPackaged`. */
  packaged: boolean
  /** Electron's `process.resourcesPath` (the folder that holds app.asar). */
  resourcesPath: string
}

export function windowIconPath(place: WindowIconPlace): string | undefined {
  if (place.platform !== 'linux') return undefined
  return place.packaged
    ? join(place.resourcesPath, WINDOW_ICON_FILE)
    : resolve(import.meta.dirname, '../../resources', WINDOW_ICON_FILE)
}
