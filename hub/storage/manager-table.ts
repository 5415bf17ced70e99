import { randomUUID } from 'node:crypto'
import type { HubDatabase, Queryable } from './database'
import { ExistsRow, ManagerRow, parseRows } from './rows'

/**
 * The first manager's one-time code. Kept here only as a hash (the code is 100 random bits, so a fast
 * hash is enough); the code itself is kept in the hub's data folder until used
 * (hub/server/managers/first-manager-code.ts), which calls this only when it has no open code to read back.
 */
export async function replaceFirstManagerCode(db: HubDatabase, codeHash: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (await anyManager(tx)) return false
    await tx.query('DELETE FROM manager_enrolment_codes WHERE used_at IS NULL')
    await tx.query('INSERT INTO manager_enrolment_codes (id, code_hash, created_at) VALUES ($1, $2, $3)', [randomUUID(), codeHash, now])
    return true
  })
}

export type FirstManagerOutcome = { made: true; id: string } | { made: false; why: 'wrong-code' | 'code-used' | 'name-taken' }

/**
 * Uses the code and makes the first manager in one transaction: a staff account with the manager role
 * and a dashboard password, without a PIN until a manager sets one on the Staff page (one name per
 * person: hub/storage/migration-dashboard-managers.ts). The conditional UPDATE makes the
 * code one-use: of several tries at once the server lets one change the row, the others find it used.
 */
export async function makeFirstManager(
  db: HubDatabase,
  manager: { codeHash: string; name: string; passwordHash: string; now: Date },
): Promise<FirstManagerOutcome> {
  return db.transaction(async (tx) => {
    // Only when every manager was disabled can active staff be there, one of them perhaps of this name.
    if (await activeNameTaken(tx, manager.name)) return { made: false, why: 'name-taken' }
    const { rows } = await tx.query(
      'UPDATE manager_enrolment_codes SET used_at = $2 WHERE code_hash = $1 AND used_at IS NULL RETURNING id',
      [manager.codeHash, manager.now],
    )
    if (rows.length === 0) {
      const used = await tx.query('SELECT EXISTS (SELECT 1 FROM manager_enrolment_codes WHERE code_hash = $1) AS any', [manager.codeHash])
      return { made: false, why: ExistsRow.parse(used.rows[0]).any ? 'code-used' : 'wrong-code' }
    }
    const id = randomUUID()
    await tx.query(
      "INSERT INTO staff_accounts (id, name, role, pin_hash, password_hash, created_at, changed_at) VALUES ($1, $2, 'manager', NULL, $3, $4, $4)",
      [id, manager.name, manager.passwordHash, manager.now],
    )
    return { made: true, id }
  })
}

/** Whether a first manager's code (by its hash) is there to be used, used already, or no code at all. */
export async function firstManagerCodeState(db: HubDatabase, codeHash: string): Promise<'open' | 'used' | 'unknown'> {
  const { rows } = await db.query('SELECT used_at FROM manager_enrolment_codes WHERE code_hash = $1', [codeHash])
  if (rows.length === 0) return 'unknown'
  return (rows as { used_at: unknown }[]).some((row) => row.used_at === null) ? 'open' : 'used'
}

async function activeNameTaken(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query('SELECT EXISTS (SELECT 1 FROM staff_accounts WHERE lower(name) = lower($1) AND disabled_at IS NULL) AS any', [name.trim()])
  return ExistsRow.parse(rows[0]).any
}

/** Who may sign in to the dashboard: an active staff account with the manager role and a password. */
const DASHBOARD_MANAGER = "role = 'manager' AND disabled_at IS NULL AND password_hash IS NOT NULL"

/** A manager who may sign in, by name as typed (names are told apart without regard to case or surrounding spaces). */
export async function managerByName(db: HubDatabase, name: string): Promise<ManagerRow | undefined> {
  const { rows } = await db.query(`SELECT id, name, password_hash FROM staff_accounts WHERE lower(name) = lower($1) AND ${DASHBOARD_MANAGER}`, [name.trim()])
  return parseRows(ManagerRow, rows)[0]
}

/**
 * Whether anyone may sign in to the dashboard: until someone may, the dashboard opens on the first
 * manager's form and each start of the hub prints a code for it (also the way back in after every
 * manager was disabled or lost the role: whoever runs the hub holds its database anyway).
 */
export async function anyManager(db: Queryable): Promise<boolean> {
  const { rows } = await db.query(`SELECT EXISTS (SELECT 1 FROM staff_accounts WHERE ${DASHBOARD_MANAGER}) AS any`)
  return ExistsRow.parse(rows[0]).any
}
