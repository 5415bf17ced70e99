import type { Queryable } from './database'
import { parseRows, SessionManagerRow } from './rows'

/** Managers' sessions, as stored: by the SHA-256 of the cookie's id, never the id itself. */

export async function insertSession(db: Queryable, session: { idHash: string; managerId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
  await db.query('INSERT INTO manager_sessions (id_hash, manager_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    session.idHash,
    session.managerId,
    session.createdAt,
    session.expiresAt,
  ])
}

/**
 * The manager a live session belongs to, or undefined for an unknown or expired one, or one whose
 * account is disabled or no longer a manager's (those sessions are deleted as that happens, too).
 */
export async function managerOfSession(db: Queryable, idHash: string, now: Date): Promise<SessionManagerRow | undefined> {
  const { rows } = await db.query(
    `SELECT m.id, m.name FROM manager_sessions s JOIN staff_accounts m ON m.id = s.manager_id
      WHERE s.id_hash = $1 AND s.expires_at > $2 AND m.role = 'manager' AND m.disabled_at IS NULL AND m.password_hash IS NOT NULL`,
    [idHash, now],
  )
  return parseRows(SessionManagerRow, rows)[0]
}

/** Signs a session out (and drops every expired one, which nobody can use again). */
export async function deleteSession(db: Queryable, idHash: string, now: Date): Promise<void> {
  await db.query('DELETE FROM manager_sessions WHERE id_hash = $1 OR expires_at <= $2', [idHash, now])
}

/** Ends every session of one person at once: their account was disabled or lost the manager role. */
export async function deleteSessionsOf(db: Queryable, staffId: string): Promise<void> {
  await db.query('DELETE FROM manager_sessions WHERE manager_id = $1', [staffId])
}
