import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/**
 * A migrated PGlite database for the tests that start `foyer-hub serve` as a process and are not about
 * its first start (the command line's own tests start from an empty folder, as a venue does): on an
 * empty data folder each start pays PGlite's initdb and every migration, 7.8 CPU-s measured here against
 * 3.3 from a migrated folder. Made once for the run by `foyer-hub migrate` itself into a folder named by
 * the hub's storage sources and PGlite's version (a changed migration makes a new one), and copied into
 * each test's data folder as the hub keeps it (`<data>/db`).
 */
const root = resolve(import.meta.dirname, '../..')

function templateKey(): string {
  const hash = createHash('sha256')
  const storage = resolve(root, 'hub/storage')
  for (const name of readdirSync(storage).sort()) hash.update(name).update(readFileSync(join(storage, name)))
  hash.update(readFileSync(resolve(root, 'node_modules/@electric-sql/pglite/package.json')))
  return hash.digest('hex').slice(0, 16)
}

/** The template's folder, once found or made: the sources are read once a process, not at every hub a test starts. */
let made: string | undefined

function migratedTemplate(): string {
  if (made && existsSync(made)) return made
  const template = join(tmpdir(), `foyer-hub-db-${templateKey()}`)
  if (existsSync(template)) return (made = template)
  const making = mkdtempSync(join(tmpdir(), 'foyer-hub-db-making-'))
  try {
    execFileSync(process.execPath, ['bin/foyer-hub.mjs', 'migrate', '--data', making], { cwd: root, env: { ...process.env, FOYER_HUB_DATABASE_URL: '' }, stdio: 'ignore' })
    // Another test process may have made it meanwhile: its folder stays, this one goes.
    try {
      renameSync(join(making, 'db'), template)
    } catch (error) {
      if (!existsSync(template)) throw error
    }
  } finally {
    rmSync(making, { recursive: true, force: true })
  }
  return (made = template)
}

/** `dataDir` (made if need be) holds the hub's database, migrated to the current schema and empty. */
export function seedHubData(dataDir: string): string {
  cpSync(migratedTemplate(), join(dataDir, 'db'), { recursive: true })
  return dataDir
}
