import { afterEach, describe, expect, it } from 'vitest'
import { recentSteps } from '../../../electron/journal/recent-steps'
import { openLocalDb, type LocalDb } from '../../../electron/database/local-db'

/**
 * The journal's last steps for a support file, read through a schema: a row
 * that is not what the journal writes (a hand edit, a disk that lost part of
 * a page) is shown as it is, and never fails the whole file.
 */
let db: LocalDb | null = null
afterEach(() => {
  db?.close()
  db = null
})

function journalWith(steps: [seq: number, at: unknown, step: string, detail: string | null][]): LocalDb {
  db = openLocalDb(null)
  db.prepare(
    `INSERT INTO sales (sale_id, backend, state, tender, payment_method, amount_cents, reference, request_json, created_at, updated_at)
     VALUES ('s1', 'sandbox/foyer-training', 'paid', 'card', 'VISA', 26400, 'FOY-1', '{}', 1, 2)`,
  ).run()
  const insert = db.prepare('INSERT INTO sale_steps (sale_id, seq, at, step, detail) VALUES (?, ?, ?, ?, ?)')
  for (const [seq, at, step, detail] of steps) insert.run('s1', seq, at, step, detail)
  return db
}

describe("the journal's recent steps for support", () => {
  it('reads the steps the journal wrote', () => {
    const steps = recentSteps(journalWith([[1, 1_000, 'order-placed', '{"attempt":1}']]), 10)
    expect(steps).toEqual([
      { saleId: 's1', backend: 'sandbox/foyer-training', seq: 1, at: '1970-01-01T00:00:01.000Z', step: 'order-placed', state: 'paid', tender: 'card', amountCents: 26_400, reference: 'FOY-1', detail: { attempt: 1 } },
    ])
  })

  it('gives the last steps written, oldest first, even after the clock was set back', () => {
    // 30 steps; the last five written after the kiosk's clock went back an hour.
    const steps = Array.from({ length: 30 }, (_, i): [number, number, string, null] => [i + 1, (i < 25 ? 3_600_000 : 0) + i * 1_000, `step-${i + 1}`, null])
    expect(recentSteps(journalWith(steps), 10).map((s) => s.step)).toEqual(Array.from({ length: 10 }, (_, i) => `step-${i + 21}`))
  })

  it('keeps a step whose time is not a time, and a detail that is not JSON, as the text they hold', () => {
    // SQLite keeps text in an INTEGER column; a time like this made the whole support file fail (Invalid time value).
    const steps = recentSteps(journalWith([[1, 'yesterday', 'payment-started', '{"key":"K-1"'], [2, 2_000, 'payment-approved', null]]), 10)
    // In the order they were written, whatever their times say.
    expect(steps.map((s) => [s.at, s.detail])).toEqual([
      ['yesterday', { notJson: '{"key":"K-1"' }],
      ['1970-01-01T00:00:02.000Z', null],
    ])
  })
})
