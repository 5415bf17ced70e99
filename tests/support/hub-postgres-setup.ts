import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { PGlite } from '@electric-sql/pglite'
import { seedHubData } from './hub-data-template'
import { startPostgresCluster } from './postgres-cluster'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's admin database: tests make a database of their own on it (hub-backends.ts). */
    hubPostgresAdminUrl: string
    /** A PGlite data folder (dumpDataDir's tarball) with the hub's schema, migrated once for the run (hub-backends.ts). */
    hubPgliteTemplate: string
  }
}

/**
 * The `hub` project's global setup: one throwaway PostgreSQL cluster for the whole run (making one
 * takes seconds), each test file making its own database on it; stopped and removed at the end.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startPostgresCluster()
  project.provide('hubPostgresAdminUrl', cluster.adminUrl)
  const template = await migratedPgliteTemplate()
  project.provide('hubPgliteTemplate', template.file)
  return () => {
    template.remove()
    return cluster.stop()
  }
}

/**
 * A PGlite database migrated as the hub migrates it, saved as a tarball that each test file's PGlite
 * starts from: a new PGlite runs initdb (≈2 CPU-s), loading this takes a third of that. The database is
 * the one the tests that start the hub as a process start from (./hub-data-template.ts: `foyer-hub
 * migrate`'s, kept between runs while the hub's storage is unchanged), read back as a tarball.
 */
async function migratedPgliteTemplate(): Promise<{ file: string; remove(): void }> {
  const folder = seedHubData(mkdtempSync(join(tmpdir(), 'foyer-hub-pglite-')))
  const pglite = await PGlite.create({ dataDir: join(folder, 'db') })
  const tarball = await pglite.dumpDataDir('none')
  await pglite.close()
  const file = join(folder, 'migrated.tar')
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()))
  return { file, remove: () => rmSync(folder, { recursive: true, force: true }) }
}
