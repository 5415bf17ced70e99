import { z } from 'zod'

/**
 * What the hub's thread and its PGlite thread (pglite-worker.ts) say to each other. Each side parses
 * what it is sent: a message crosses from one V8 isolate to another by structured clone, and a mistake
 * on either side shows here, at the crossing, rather than as a missing field in a route.
 *
 * Structured clone keeps what PGlite's rows hold: Date, number, string, bigint, boolean, null, plain
 * objects and arrays (json and jsonb), Uint8Array (bytea, as PGlite gives it on its own thread too).
 */

/** A transaction's statements name it by the id of the request that began it. */
const TxId = z.number().int().nonnegative()
/** Each request names the database it is for: one thread holds every PGlite database of its process. */
const Asked = { id: z.number().int(), db: z.number().int().nonnegative() }

/** Where a database's PGlite keeps its files (in memory without), and a dumped data folder to start from. */
export const OpenOptions = z.object({ dataDir: z.string().optional(), from: z.instanceof(Uint8Array).optional() })

export const WorkerRequest = z.discriminatedUnion('op', [
  /** Opens the database `db` names; answered once its PGlite is open, or with why it could not be. */
  z.object({ ...Asked, op: z.literal('open'), ...OpenOptions.shape }),
  z.object({ ...Asked, op: z.literal('query'), sql: z.string(), params: z.array(z.unknown()), tx: TxId.optional() }),
  z.object({ ...Asked, op: z.literal('exec'), sql: z.string(), tx: TxId.optional() }),
  /** Opens a transaction, known afterwards by this request's id; answered once PGlite has begun it. */
  z.object({ ...Asked, op: z.literal('begin') }),
  /** Commits or rolls back `tx`; answered once PGlite has. */
  z.object({ ...Asked, op: z.literal('end'), tx: TxId, commit: z.boolean() }),
  z.object({ ...Asked, op: z.literal('dump') }),
  z.object({ ...Asked, op: z.literal('close') }),
])
export type WorkerRequest = z.infer<typeof WorkerRequest>
/** A request as the hub's thread writes it, before the thread numbers it. */
export type WorkerAsk = WithoutId<WorkerRequest>
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never

/** PostgreSQL's fields of an error (pg-protocol's, which PGlite and pg both throw), as far as they were set. */
const PG_ERROR_FIELDS = ['code', 'severity', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const
export const WorkerError = z.object({
  name: z.string(),
  message: z.string(),
  stack: z.string().optional(),
  fields: z.partialRecord(z.enum(PG_ERROR_FIELDS), z.string()),
})
export type WorkerError = z.infer<typeof WorkerError>

export const WorkerReply = z.discriminatedUnion('ok', [
  z.object({ id: z.number().int(), ok: z.literal(true), rows: z.array(z.unknown()).optional(), dump: z.instanceof(Uint8Array).optional() }),
  z.object({ id: z.number().int(), ok: z.literal(false), error: WorkerError }),
])
export type WorkerReply = z.infer<typeof WorkerReply>

/** The worker's first word: it is listening. */
export const WorkerStarted = z.object({ started: z.literal(true) })

/** An error thrown on the PGlite thread, as it can cross: its PostgreSQL code and detail kept for callers that check them. */
export function errorToMessage(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} }
  const fields: WorkerError['fields'] = {}
  for (const field of PG_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field]
    if (typeof value === 'string') fields[field] = value
  }
  return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}), fields }
}

/** The PGlite thread's error on the hub's thread: `code`, `detail`… where the caller reads them, as PGlite's own has them. */
export class PgliteThreadError extends Error {
  declare code?: string
  declare detail?: string
  declare constraint?: string

  constructor(error: WorkerError) {
    super(error.message)
    this.name = error.name
    Object.assign(this, error.fields)
    // The worker's stack: where in PGlite it failed. The hub's caller is on the line of the reply, which says nothing.
    if (error.stack) this.stack = error.stack
  }
}
