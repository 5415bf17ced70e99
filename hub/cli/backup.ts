import { backupCommand, restoreCommand } from '../backup/backup-command'
import type { Subcommand } from './command'
import { backupThroughRunningHub } from './online-backup'
import { refuseWhileServed, runningHub } from './pglite-guard'
import { DATA_HELP, DATA_OPTIONS, hubSettings, type HubSettings } from './settings'

/** PGlite is the hub process's own database: another process may read it only while no hub serves it. */
function refuseServedPglite(settings: HubSettings): void {
  if (!settings.databaseUrl) refuseWhileServed(settings.dataDir)
}

/** `foyer-hub backup --to FILE`: the database (PGlite's data folder, or pg_dump's custom format) and the hub's certificate, in one checked file. */
export const backup: Subcommand = {
  name: 'backup',
  summary: 'Back the hub up to one file: its database and its certificate, with a checksum.',
  help: `${DATA_HELP}  --to FILE           the backup file, written atomically (replaced if there)

Environment: FOYER_HUB_DATABASE_URL (PostgreSQL, dumped online with pg_dump; PGlite in the data folder
without it: while a hub serves it, that hub makes the backup, asked through its socket in the data
folder, so run this as the hub's user). The file holds the hub's private key: keep it as the hub's.
`,
  options: { ...DATA_OPTIONS, to: { type: 'string' } },
  async run(values) {
    const to = values['to']
    if (typeof to !== 'string' || to === '') throw new Error('--to FILE says where the backup goes')
    const settings = hubSettings(values)
    const serving = settings.databaseUrl ? null : runningHub(settings.dataDir)
    if (serving !== null) {
      // Only the serving process may open its PGlite: it makes the backup, online, while devices upload.
      console.log(await backupThroughRunningHub(settings.dataDir, to, serving))
      return 0
    }
    return backupCommand({ dataDir: settings.dataDir, databaseUrl: settings.databaseUrl, to })
  },
}

/** `foyer-hub restore FILE`: into an empty data folder, or onto an empty PostgreSQL database. */
export const restore: Subcommand = {
  name: 'restore',
  summary: 'Restore a backup into an empty data folder (or onto an empty PostgreSQL database).',
  help: `${DATA_HELP}
Environment: FOYER_HUB_DATABASE_URL (restored onto that database, which must be empty; PGlite into the
data folder without it, which must be empty). A backup from a newer hub, cut short or altered is refused.
`,
  positionals: { usage: 'FILE', min: 1, max: 1 },
  options: { ...DATA_OPTIONS },
  async run(values, positionals) {
    const settings = hubSettings(values)
    refuseServedPglite(settings)
    return restoreCommand({ file: positionals[0]!, dataDir: settings.dataDir, databaseUrl: settings.databaseUrl })
  },
}
