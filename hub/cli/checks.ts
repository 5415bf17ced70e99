import { createPrivateKey, X509Certificate } from 'node:crypto'
import { existsSync, readFileSync, statfsSync } from 'node:fs'
import { join } from 'node:path'
import { CURRENT_SCHEMA_VERSION, schemaVersion } from '../storage/schema-version'
import { openDatabaseAsIs } from './migrate'
import { runningHub } from './pglite-guard'
import { describeDatabase, type HubSettings } from './settings'

/** One line of `foyer-hub check`: ok with what was seen, or why not. */
export interface CheckResult {
  ok: boolean
  says: string
}

const ok = (says: string): CheckResult => ({ ok: true, says })
const fail = (says: string): CheckResult => ({ ok: false, says })

/** A certificate this close to its end fails the check, so the venue's monitoring hears of it before devices do. */
export const CERTIFICATE_WARNING_DAYS = 14
/** Less free room than this in the data folder fails: PGlite, logs and backups grow there. */
export const MIN_FREE_BYTES = 1024 ** 3
const DB_TIMEOUT_MS = 10_000
const DAY_MS = 86_400_000

/** The settings make sense together: a database URL that is one, both TLS paths or neither, a port. */
export function checkConfiguration(settings: HubSettings): CheckResult {
  const problems: string[] = []
  if (settings.databaseUrl && !/^postgres(ql)?:\/\//.test(settings.databaseUrl)) problems.push('FOYER_HUB_DATABASE_URL is not a postgres:// URL')
  if (!settings.tls.certPath !== !settings.tls.keyPath) problems.push('give both FOYER_HUB_TLS_CERT and FOYER_HUB_TLS_KEY, or neither')
  const port = process.env['FOYER_HUB_PORT']
  if (port && !(Number.isInteger(Number(port)) && Number(port) > 0 && Number(port) < 65_536)) problems.push(`FOYER_HUB_PORT is not a port (${port})`)
  if (!existsSync(settings.dataDir)) problems.push(`no data folder ${settings.dataDir}`)
  if (problems.length > 0) return fail(problems.join('; '))
  return ok(`data folder ${settings.dataDir}, ${describeDatabase(settings)}, ${settings.tls.certPath ? 'the venue’s certificate' : 'the hub’s own certificate'}`)
}

/** Reachable, and at the schema this hub's code expects; PGlite is not opened while a live hub holds it. */
export async function checkDatabase(settings: HubSettings): Promise<CheckResult> {
  const where = describeDatabase(settings)
  if (!settings.databaseUrl) {
    const running = runningHub(settings.dataDir)
    if (running !== null) return ok(`${where} is open in the running hub (process ${running}), which migrated it at its start`)
    if (!existsSync(join(settings.dataDir, 'db', 'PG_VERSION'))) return fail(`no database in ${join(settings.dataDir, 'db')} (foyer-hub migrate makes one)`)
  }
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${DB_TIMEOUT_MS / 1000} s`)), DB_TIMEOUT_MS)))
  try {
    const db = await Promise.race([openDatabaseAsIs(settings), timeout])
    try {
      const version = await Promise.race([schemaVersion(db), timeout])
      if (version === CURRENT_SCHEMA_VERSION) return ok(`${where} answers, at schema version ${version}, the current one`)
      if (version > CURRENT_SCHEMA_VERSION) return fail(`${where} is at schema version ${version}, newer than this hub (${CURRENT_SCHEMA_VERSION}): run the newer hub`)
      return fail(`${where} is at schema version ${version}, not ${CURRENT_SCHEMA_VERSION}: run foyer-hub migrate`)
    } finally {
      await db.close()
    }
  } catch (error) {
    return fail(`${where}: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    clearTimeout(timer)
  }
}

/** The certificate devices pin: readable, its key matching it, valid now and not about to end. */
export function checkCertificate(settings: HubSettings, now = Date.now()): CheckResult {
  const own = !settings.tls.certPath
  const certPath = settings.tls.certPath ?? join(settings.dataDir, 'tls', 'hub-cert.pem')
  const keyPath = settings.tls.keyPath ?? join(settings.dataDir, 'tls', 'hub-key.pem')
  if (own && !existsSync(certPath)) return ok(`none yet in ${join(settings.dataDir, 'tls')}: the hub makes its own at its first start`)
  try {
    const cert = new X509Certificate(readFileSync(certPath))
    if (!cert.checkPrivateKey(createPrivateKey(readFileSync(keyPath)))) return fail(`the key ${keyPath} is not the certificate's (${certPath})`)
    const ends = Date.parse(cert.validTo)
    const days = Math.floor((ends - now) / DAY_MS)
    const until = `${new Date(ends).toISOString().slice(0, 10)}`
    if (Date.parse(cert.validFrom) > now) return fail(`${certPath} is not valid before ${cert.validFrom}`)
    if (ends <= now) return fail(`${certPath} expired on ${until}`)
    if (days < CERTIFICATE_WARNING_DAYS) return fail(`${certPath} expires on ${until}, in ${days} days: renew it`)
    return ok(`${certPath} (${cert.subject.replace(/\n/g, ', ')}) valid until ${until}, ${days} days from now`)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return fail(`cannot read ${code === 'ENOENT' || code === 'EACCES' ? `${(error as NodeJS.ErrnoException).path} (${code})` : `${certPath}: ${(error as Error).message}`}`)
  }
}

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`

/** Room left where the hub writes (its PGlite, its logs, its backups). */
export function checkDisk(settings: HubSettings, minFree = MIN_FREE_BYTES): CheckResult {
  if (!existsSync(settings.dataDir)) return fail(`no data folder ${settings.dataDir}`)
  const fs = statfsSync(settings.dataDir)
  const free = fs.bavail * fs.bsize
  const says = `${gib(free)} free of ${gib(fs.blocks * fs.bsize)} in ${settings.dataDir}`
  return free >= minFree ? ok(says) : fail(`${says}, less than ${gib(minFree)}`)
}
