import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startHub, type Hub, type HubOptions } from '../../hub/server/hub-server'
import { hubDatabaseForFile, type HubBackend } from './hub-backends'

/**
 * A running hub for a whole test file's `describe`: on a migrated database of that kind, in a data
 * folder of its own, on the test's clock (and any other options given); started before the file's
 * own beforeAll, stopped and its folder removed after the file's own afterAll. Its database is `hub().db`.
 */
export function hubForFile(backend: HubBackend, now: () => number, options: Partial<HubOptions> = {}): () => Hub {
  const database = hubDatabaseForFile(backend)
  let dataDir: string | undefined
  let hub: Hub | undefined
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-'))
    hub = await startHub({ ...options, dataDir, db: database(), now })
  })
  afterAll(async () => {
    await hub?.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })
  return () => hub!
}
