import { z } from 'zod'
import type { Queryable } from '../../storage/database'
import { migrationsMissing } from '../../storage/migrate'

/** A database that has not answered `SELECT 1` in this long is reported not answering (a check, not a timeout on the hub's work). */
const DATABASE_ANSWER_MS = 2_000

/** GET /healthz's answer: 200 when all three are well, 503 naming what is not. */
export const HubHealth = z.object({
  process: z.literal('ok'),
  database: z.enum(['ok', 'not-answering']),
  /** `unknown` when the database did not answer the question. */
  migrations: z.enum(['current', 'behind', 'unknown']),
})
export type HubHealth = z.infer<typeof HubHealth>

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/**
 * Is the hub well: this process answers (it is answering this), its database answers a statement,
 * and the schema has every migration this hub knows (it migrates at start; a restore of an older
 * backup under a running hub, say, would leave it behind).
 */
export async function hubHealth(db: Queryable): Promise<{ healthy: boolean; health: HubHealth }> {
  const missing = await withinTime(
    db.query('SELECT 1').then(() => migrationsMissing(db)),
    DATABASE_ANSWER_MS,
  ).catch(() => undefined)
  const health: HubHealth = {
    process: 'ok',
    database: missing ? 'ok' : 'not-answering',
    migrations: missing ? (missing.length === 0 ? 'current' : 'behind') : 'unknown',
  }
  return { healthy: health.database === 'ok' && health.migrations === 'current', health }
}
