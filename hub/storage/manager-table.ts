import { randomUUID } from 'node:crypto'
import type { HubDatabase } from './database'
import { ExistsRow, ManagerRow, parseRows } from './rows'

/**
 * The first manager's one-time code. Kept only as a hash (the code is 100 random bits, so a fast
 * hash is enough), so it cannot be shown again: while no manager exists, each start of the hub
 * makes a new code in place of the old one and prints it.
 */
export async function replaceFirstManagerCode(db: HubDatabase, codeHash: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query('SELECT EXISTS (SELECT 1 FROM managers) AS any')
    if (ExistsRow.parse(rows[0]).any) return false
    await tx.query('DELETE FROM manager_enrolment_codes WHERE used_at IS NULL')
    await tx.query('INSERT INTO manager_enrolment_codes (id, code_hash, created_at) VALUES ($1, $2, $3)', [randomUUID(), codeHash, now])
    return true
  })
}

export type FirstManagerOutcome = { made: true; id: string } | { made: false; why: 'wrong-code' | 'code-used' }

/**
 * Uses the code and makes the first manager in one transaction. The conditional UPDATE makes the
 * code one-use: of several tries at once the server lets one change the row, the others find it used.
 */
export async function makeFirstManager(
  db: HubDatabase,
  manager: { codeHash: string; name: string; passwordHash: string; now: Date },
): Promise<FirstManagerOutcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      'UPDATE manager_enrolment_codes SET used_at = $2 WHERE code_hash = $1 AND used_at IS NULL RETURNING id',
      [manager.codeHash, manager.now],
    )
    if (rows.length === 0) {
      const used = await tx.query('SELECT EXISTS (SELECT 1 FROM manager_enrolment_codes WHERE code_hash = $1) AS any', [manager.codeHash])
      return { made: false, why: ExistsRow.parse(used.rows[0]).any ? 'code-used' : 'wrong-code' }
    }
    const id = randomUUID()
    await tx.query('INSERT INTO managers (id, name, password_hash, created_at) VALUES ($1, $2, $3, $4)', [
      id,
      manager.name,
      manager.passwordHash,
      manager.now,
    ])
    return { made: true, id }
  })
}

/** Whether a first manager's code (by its hash) is there to be used, used already, or no code at all. */
export async function firstManagerCodeState(db: HubDatabase, codeHash: string): Promise<'open' | 'used' | 'unknown'> {
  const { rows } = await db.query('SELECT used_at FROM manager_enrolment_codes WHERE code_hash = $1', [codeHash])
  if (rows.length === 0) return 'unknown'
  return (rows as { used_at: unknown }[]).some((row) => row.used_at === null) ? 'open' : 'used'
}

/** A manager by name as typed (names are told apart without regard to case or surrounding spaces). */
export async function managerByName(db: HubDatabase, name: string): Promise<ManagerRow | undefined> {
  const { rows } = await db.query('SELECT id, name, password_hash FROM managers WHERE lower(name) = lower($1)', [name.trim()])
  return parseRows(ManagerRow, rows)[0]
}

/** Whether any manager exists: until one does, the dashboard opens on the first manager's form. */
export async function anyManager(db: HubDatabase): Promise<boolean> {
  const { rows } = await db.query('SELECT EXISTS (SELECT 1 FROM managers) AS any')
  return ExistsRow.parse(rows[0]).any
}
