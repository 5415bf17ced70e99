import type { Subcommand } from './command'
import { checkCertificate, checkConfiguration, checkDatabase, checkDisk, type CheckResult } from './checks'
import { DATA_HELP, DATA_OPTIONS, hubSettings } from './settings'

/**
 * `foyer-hub check`: what a venue's IT runs after installing, and its monitoring runs after: one line
 * each for the configuration, the database, the certificate and the free disk, `ok` or `FAIL: why`,
 * and exit status 0 only when every line is ok.
 */
export const check: Subcommand = {
  name: 'check',
  summary: 'Check the configuration, database, certificate and free disk: one line each; exit 0 only when all are ok.',
  help: `${DATA_HELP}  --min-free-gib N    free room the data folder needs (1)

Environment: as serve's (FOYER_HUB_DATABASE_URL, FOYER_HUB_TLS_CERT, FOYER_HUB_TLS_KEY, FOYER_HUB_PORT).
PGlite is not opened while a hub serves it: the running hub migrated it at its start.
`,
  options: { ...DATA_OPTIONS, 'min-free-gib': { type: 'string' } },
  async run(values) {
    const settings = hubSettings(values)
    const minFree = values['min-free-gib'] === undefined ? undefined : Number(values['min-free-gib']) * 1024 ** 3
    if (minFree !== undefined && !(minFree >= 0)) throw new Error(`--min-free-gib must be a number, not ${JSON.stringify(values['min-free-gib'])}`)
    const results: [string, CheckResult][] = [
      ['configuration', checkConfiguration(settings)],
      ['database', await checkDatabase(settings)],
      ['certificate', checkCertificate(settings)],
      ['disk', checkDisk(settings, minFree)],
    ]
    for (const [name, result] of results) console.log(`${`${name}:`.padEnd(15)}${result.ok ? 'ok' : 'FAIL:'} ${result.says}`)
    return results.every(([, result]) => result.ok) ? 0 : 1
  },
}
