import type { Queryable } from './database'
import { isLockingTry, pauseAfter } from './lockout-table'
import { LockoutRow } from './rows'

/**
 * Wrong tries counted per thing tried, in the database so every hub process counts together:
 * `first-manager` (the one-time code) and `sign-in:<name>` (a manager's password). The schedule is
 * enrolment's: five wrong, then a pause that grows.
 */
export const signInKey = (name: string) => `sign-in:${name.trim().toLowerCase()}`
export const FIRST_MANAGER_KEY = 'first-manager'

/** Seconds left of the pause on `key`, or 0 when it may be tried now. */
export async function secondsLocked(db: Queryable, key: string, now: Date): Promise<number> {
  const { rows } = await db.query('SELECT failures, locked_until FROM lockouts WHERE key = $1', [key])
  const row = rows[0] === undefined ? undefined : LockoutRow.parse(rows[0])
  const left = (row?.locked_until?.getTime() ?? 0) - now.getTime()
  return left > 0 ? Math.ceil(left / 1000) : 0
}

/** Counts one wrong try (atomically: concurrent wrong tries each count) and locks after each fifth. */
export async function countWrongTry(db: Queryable, key: string, now: Date): Promise<void> {
  const { rows } = await db.query(
    `INSERT INTO lockouts (key, failures) VALUES ($1, 1)
     ON CONFLICT (key) DO UPDATE SET failures = lockouts.failures + 1 RETURNING failures, locked_until`,
    [key],
  )
  const { failures } = LockoutRow.parse(rows[0])
  if (!isLockingTry(failures)) return
  await db.query('UPDATE lockouts SET locked_until = GREATEST(COALESCE(locked_until, $2), $2) WHERE key = $1', [key, pauseAfter(failures, now)])
}

/** A right try starts the count again. */
export async function clearWrongTries(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM lockouts WHERE key = $1', [key])
}
