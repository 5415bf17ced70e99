import type { Logger } from '../ipc-core/logger'
import { PATRON_KEPT } from '../database/journal-age-migration'
import type { LocalDb } from '../database/local-db'

/**
 * Patron data is kept only as long as staff say (settings.patronDataDays,
 * 30 days unless changed). A sale's journal row keeps the order request it
 * was placed with: the patron's e-mail, names and phone, and the delivery
 * address. Past the window those are blanked (the e-mail becomes '', the rest
 * is removed) and the vendor's patron account number on the order is cleared.
 * Everything the shift reports, reprints and recovery need stays: amounts,
 * references, states, tickets, steps.
 *
 * Printed documents hold no patron data (tickets and receipts carry the show,
 * seats, money and references only), so there is nothing to forget there.
 *
 * A request with its patron forgotten is no longer one the contract would
 * place (its e-mail is empty): the kept row is read back with its own
 * schema, ./kept-request.ts.
 */
const DAY_MS = 24 * 60 * 60 * 1000
const EVERY_MS = 60 * 60 * 1000

/**
 * Forgets the patron data of every sale created before `before` (ms since
 * epoch), whatever its backend or state. Answers how many sales were changed;
 * a sale already forgotten is not counted again.
 */
export function forgetPatrons(db: LocalDb, before: number): number {
  const forget = db.prepare(
    `UPDATE sales SET
       request_json = json_set(
         json_remove(request_json, '$.patron.firstName', '$.patron.lastName', '$.patron.phone', '$.deliveryAddress'),
         '$.patron.email', ''),
       order_json = CASE WHEN order_json IS NULL THEN NULL ELSE json_set(order_json, '$.patronAccountNo', json('null')) END
     WHERE created_at < ? AND ${PATRON_KEPT}
     RETURNING sale_id`,
  )
  // A sale's record written for the hub and not yet uploaded (a device not linked to one, or offline) forgets its patron with it.
  const forgetInRecord = db.prepare(
    `UPDATE hub_outbox SET payload = json_set(payload, '$.patron', json('null'))
      WHERE record_id = 'sale:' || ? AND answered_at IS NULL AND json_valid(payload) AND json_type(payload, '$.patron') = 'object'`,
  )
  return db.transaction(() => {
    // By the index of the sales that still hold patron data (../database/journal-age-migration.ts): the sweep costs what the window holds, not the journal.
    const forgotten = forget.all(before) as { sale_id: string }[]
    for (const { sale_id } of forgotten) forgetInRecord.run(sale_id)
    return forgotten.length
  })()
}

export interface PatronRetentionOptions {
  db: LocalDb
  /** The window in days, read at every run so a change on the staff screen applies without a restart. */
  days: () => number
  log: Logger
  now?: () => number
}

/** Runs forgetPatrons at start and then every hour, on a timer that never keeps Foyer from quitting. */
export class PatronRetention {
  #timer: ReturnType<typeof setInterval> | null = null

  constructor(private readonly options: PatronRetentionOptions) {}

  /** Forgets what is past the window now; answers how many sales were changed (0 when the run failed). */
  runOnce(): number {
    const { db, days, log, now = Date.now } = this.options
    try {
      const forgotten = forgetPatrons(db, now() - days() * DAY_MS)
      if (forgotten > 0) log.warn('forgot the patron data of old sales', { sales: forgotten, days: days() })
      return forgotten
    } catch (error) {
      // A locked or closing database: the next hour tries again.
      log.warn('could not forget old patron data; trying again within the hour', { reason: (error as Error).message })
      return 0
    }
  }

  start(): void {
    this.runOnce()
    this.#timer ??= setInterval(() => this.runOnce(), EVERY_MS)
    this.#timer.unref?.()
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }
}
