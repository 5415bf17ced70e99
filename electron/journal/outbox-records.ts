import type { Statement } from 'better-sqlite3'
import { z } from 'zod'
import type { LocalDb } from '../database/local-db'
import { RECORD_ORDER, saleRecordsSql, shiftRecordsSql } from '../database/outbox-migration'
import type { SaleRecord } from './sale-rows'
import type { OrderState } from './sale-states'

/**
 * The journal is the hub's outbox (table `hub_outbox`, ../database/outbox-migration.ts): the step that
 * makes a record (a sale confirmed, a refund approved, a first print, a reprint, a shift closed) writes
 * it, with the id it is known by for ever, in the step's own transaction. A crash can leave neither a
 * step without its record nor a record without its step, and nothing needs to read the whole journal
 * to find what is new: each step looks at its one sale or shift, by its key.
 *
 * What a record says to the hub (its payload) is the hub link's business (electron/hub-link): the
 * journal is given a maker and freezes what it makes. A journal opened without one leaves the payload
 * to be made when the outbox first sends the record, from the journal as it then stands.
 */
export const RECORD_KINDS = ['sale', 'refund', 'printed', 'reprint', 'shift'] as const

/**
 * What a sale's step must be, or leave, to make any record (../database/outbox-migration.ts says the same in SQL):
 * a sale's and a refund's records are of a sale sold (its order confirmed, or refunded since), a print's of a
 * `printed` step. Every step writes its records in its own transaction, so a step that neither leaves a sale sold
 * nor prints finds none to write.
 */
export const SOLD_ORDER_STATES: readonly OrderState[] = ['confirmed', 'refunded']
export const PRINTED_STEP = 'printed'
export type RecordKind = (typeof RECORD_KINDS)[number]

/** A record as the journal finds it: which sale (or shift) and which of its payments or steps. */
export interface FoundRecord {
  kind: RecordKind
  recordId: string
  /** The sale's id; a shift's record carries its shift's id here. */
  saleId: string
  /** The refund's payment, or the reprint's step. */
  seq: number | null
  at: number
  what: 'tickets' | 'receipt' | null
}

/** Read back through a schema: the journal's rows were written by an older Foyer or survived a crash. */
const foundSchema = z.object({
  kind: z.enum(RECORD_KINDS),
  recordId: z.string(),
  saleId: z.string(),
  seq: z.number().int().nullable(),
  at: z.number(),
  what: z.enum(['tickets', 'receipt']).nullable().catch(null),
})

export interface RecordPayloads {
  /**
   * The record's payload as the hub will be sent it (JSON), made now; null when it cannot be sent (a row that does not
   * read, a field the protocol refuses). `sale`: the record's sale as the step that makes it has just read it back
   * (not read again).
   */
  payloadOf(record: FoundRecord, sale?: SaleRecord): string | null
}

export class OutboxRecords {
  readonly #ofSale: Statement<{ id: string }, unknown>
  readonly #ofShift: Statement<{ id: string }, unknown>
  readonly #insert: Statement<[string, string, number, string | null]>
  readonly #refuse: Statement<[string, string, number, number]>
  readonly #unmade: Statement<[number], unknown>
  readonly #made: Statement<{ payload: string | null; now: number; id: string }>
  readonly #whatOf: Statement<[string, number], { what: unknown }>

  constructor(
    private readonly db: LocalDb,
    private readonly payloads: RecordPayloads | null,
    private readonly now: () => number,
  ) {
    const only = (column: string) => `${column} = @id`
    this.#ofSale = db.prepare(`${saleRecordsSql(only)} ${RECORD_ORDER}`)
    this.#ofShift = db.prepare(shiftRecordsSql(only))
    this.#insert = db.prepare('INSERT OR IGNORE INTO hub_outbox (record_id, kind, occurred_at, payload) VALUES (?, ?, ?, ?)')
    this.#refuse = db.prepare("INSERT OR IGNORE INTO hub_outbox (record_id, kind, occurred_at, outcome, answered_at) VALUES (?, ?, ?, 'unsendable', ?)")
    this.#unmade = db.prepare('SELECT record_id AS recordId, kind, occurred_at AS at FROM hub_outbox WHERE answered_at IS NULL AND payload IS NULL ORDER BY seq LIMIT ?')
    this.#made = db.prepare(
      `UPDATE hub_outbox SET payload = @payload, outcome = CASE WHEN @payload IS NULL THEN 'unsendable' END, answered_at = CASE WHEN @payload IS NULL THEN @now END
        WHERE record_id = @id AND answered_at IS NULL AND payload IS NULL`,
    )
    this.#whatOf = db.prepare("SELECT CASE WHEN json_valid(detail) THEN json_extract(detail, '$.what') END AS what FROM sale_steps WHERE sale_id = ? AND seq = ?")
  }

  /** Writes the records a step of this sale made (call inside the step's transaction); `sale`: the sale as the step left it, if read. */
  ofSale(saleId: string, sale?: SaleRecord): void {
    for (const row of this.#ofSale.all({ id: saleId })) this.#write(foundSchema.parse(row), sale)
  }

  /** Writes the record of a shift just closed (call inside the close's transaction). */
  ofShift(shiftId: string): void {
    for (const row of this.#ofShift.all({ id: shiftId })) this.#write(foundSchema.parse(row))
  }

  /**
   * Makes the payloads left to be made (records an older journal held, put in by its migration; records of a
   * journal opened without a maker), the oldest `limit` of them, in one transaction; answers how many.
   */
  makeWaiting(limit: number): number {
    const unmade = this.#unmade.all(limit).map((row) => this.#foundOf(row))
    if (unmade.length === 0) return 0
    this.db.transaction(() => {
      for (const found of unmade) this.#made.run({ payload: this.#payloadOf(found), now: this.now(), id: found.recordId })
    })()
    return unmade.length
  }

  #write(found: FoundRecord, sale?: SaleRecord): void {
    if (!this.payloads) {
      this.#insert.run(found.recordId, found.kind, found.at, null)
      return
    }
    const payload = this.#payloadOf(found, found.kind === 'shift' ? undefined : sale)
    // One the hub would refuse is kept out of the uploads, marked so, rather than stopping every record behind it.
    if (payload === null) this.#refuse.run(found.recordId, found.kind, found.at, this.now())
    else this.#insert.run(found.recordId, found.kind, found.at, payload)
  }

  #payloadOf(found: FoundRecord, sale?: SaleRecord): string | null {
    try {
      return this.payloads?.payloadOf(found, sale) ?? null
    } catch {
      // A payload that cannot be made must not undo the sale's step: the record is kept, marked unsendable.
      return null
    }
  }

  /** A kept record's sale (or shift) and payment or step, read back from its id (`kind:<sale id>[:<seq>]`, as the derivation made it). */
  #foundOf(row: unknown): FoundRecord {
    const { recordId, kind, at } = z.object({ recordId: z.string(), kind: z.enum(RECORD_KINDS), at: z.number() }).parse(row)
    const [, saleId = '', seqText] = recordId.split(':')
    const seq = seqText === undefined ? null : Number(seqText)
    const what = kind === 'reprint' && seq !== null ? foundSchema.shape.what.parse(this.#whatOf.get(saleId, seq)?.what ?? null) : null
    return { kind, recordId, saleId, seq, at, what }
  }
}
