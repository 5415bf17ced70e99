import { readFileSync } from 'node:fs'
import { appModeSchema, backendKindSchema, type AppMode, type BackendKind } from '../contract'

/**
 * Start-up choices that come from the environment until the settings store
 * (issue 4) owns them. Invalid values are refused with a clear message rather
 * than silently replaced, so a mistyped kiosk configuration is noticed.
 */
export interface StartupConfig {
  mode: AppMode
  backend: BackendKind
}

export function readStartupConfig(env: NodeJS.ProcessEnv = process.env): StartupConfig {
  const mode = appModeSchema.safeParse(env.FOYER_MODE ?? 'self-service')
  if (!mode.success) throw new Error(`FOYER_MODE must be one of ${appModeSchema.options.join(', ')}`)
  const backend = backendKindSchema.safeParse(env.FOYER_BACKEND ?? 'sandbox')
  if (!backend.success) throw new Error(`FOYER_BACKEND must be one of ${backendKindSchema.options.join(', ')}`)
  return { mode: mode.data, backend: backend.data }
}

/** The version in package.json, for hosts that are not Electron (which has app.getVersion()). */
export function packageVersion(packageJsonUrl: URL): string {
  const parsed = JSON.parse(readFileSync(packageJsonUrl, 'utf8')) as { version?: unknown }
  return typeof parsed.version === 'string' ? parsed.version : '0.0.0'
}
