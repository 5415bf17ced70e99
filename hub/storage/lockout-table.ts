import type { Queryable } from './database'
import { LockoutRow } from './rows'

/**
 * Wrong enrolment codes, counted in the database so every hub process on it counts together.
 * The schedule is the kiosk's for wrong PINs: five wrong, then a pause that grows.
 */
const FREE_TRIES = 5
const PAUSES_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000]

/** Until when tries are locked after the `failures`-th wrong one: each fifth locks, for longer each round. */
export function pauseAfter(failures: number, now: Date): Date {
  const round = Math.min(failures / FREE_TRIES, PAUSES_MS.length) - 1
  return new Date(now.getTime() + PAUSES_MS[round]!)
}

export const isLockingTry = (failures: number) => failures % FREE_TRIES === 0

export async function enrolmentLockout(db: Queryable): Promise<LockoutRow> {
  const { rows } = await db.query('SELECT failures, locked_until FROM enrolment_lockout WHERE id = 1')
  return LockoutRow.parse(rows[0])
}

/** Counts one wrong code (atomically: concurrent wrong tries each count) and locks after each fifth. */
export async function countWrongCode(db: Queryable, now: Date): Promise<LockoutRow> {
  const { rows } = await db.query('UPDATE enrolment_lockout SET failures = failures + 1 WHERE id = 1 RETURNING failures, locked_until')
  const counted = LockoutRow.parse(rows[0])
  if (!isLockingTry(counted.failures)) return counted
  const lockedUntil = pauseAfter(counted.failures, now)
  await db.query('UPDATE enrolment_lockout SET locked_until = GREATEST(COALESCE(locked_until, $1), $1) WHERE id = 1', [lockedUntil])
  return { failures: counted.failures, locked_until: lockedUntil }
}

/** A right code starts the count again. */
export async function clearWrongCodes(db: Queryable): Promise<void> {
  await db.query('UPDATE enrolment_lockout SET failures = 0, locked_until = NULL WHERE id = 1')
}
