import { resolve } from 'node:path'
import type { ParseArgsOptionsConfig } from 'node:util'

/**
 * Where the hub's commands find what to work on: its data folder (`--data`, FOYER_HUB_DATA_DIR), its
 * database (FOYER_HUB_DATABASE_URL's PostgreSQL, else PGlite in the data folder) and its TLS files.
 * `--env-file` reads the same file the systemd unit does (deploy/systemd/foyer-hub.env), so
 * `foyer-hub check` run by hand looks at what the service uses.
 */
export const DATA_OPTIONS: ParseArgsOptionsConfig = {
  data: { type: 'string' },
  'env-file': { type: 'string' },
}

export const DATA_HELP = `  --data DIR          the hub's data folder (FOYER_HUB_DATA_DIR; .foyer-data/hub)
  --env-file FILE     read FOYER_HUB_* settings from FILE first (the unit's EnvironmentFile)
`

export interface HubSettings {
  dataDir: string
  databaseUrl: string | undefined
  tls: { certPath: string | undefined; keyPath: string | undefined }
}

/** The settings from the options and the environment; the env file fills in what the environment does not set (as `node --env-file`). */
export function hubSettings(values: Record<string, string | boolean | undefined>): HubSettings {
  const envFile = values['env-file']
  if (typeof envFile === 'string') {
    try {
      process.loadEnvFile(envFile)
    } catch (error) {
      throw new Error(`cannot read the environment file ${envFile} (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error })
    }
  }
  const env = (name: string) => process.env[name] || undefined
  const data = typeof values['data'] === 'string' ? values['data'] : (env('FOYER_HUB_DATA_DIR') ?? '.foyer-data/hub')
  return {
    dataDir: resolve(data),
    databaseUrl: env('FOYER_HUB_DATABASE_URL'),
    tls: { certPath: env('FOYER_HUB_TLS_CERT'), keyPath: env('FOYER_HUB_TLS_KEY') },
  }
}

/** The database as a person would name it: never its password. */
export function describeDatabase(settings: HubSettings): string {
  if (!settings.databaseUrl) return `PGlite in ${resolve(settings.dataDir, 'db')}`
  try {
    const url = new URL(settings.databaseUrl)
    return `PostgreSQL ${url.host}${url.pathname}`
  } catch {
    return 'PostgreSQL (FOYER_HUB_DATABASE_URL is not a URL)'
  }
}
