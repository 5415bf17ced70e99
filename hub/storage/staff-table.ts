import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { HubDatabase, Queryable } from './database'
import { parseRows, Timestamp } from './rows'
import { deleteSessionsOf } from './session-table'

/** The venue's staff accounts as stored (staff-migration.ts). The rules about them are in hub/server. */

const StaffRow = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['cashier', 'supervisor', 'manager']),
  // None for a manager made on the dashboard who has no PIN yet: no counter lists them.
  pin_hash: z.string().nullable(),
  /** Whether they sign in to the dashboard (a manager with a password); the password's hash is never read out. */
  dashboard_password: z.boolean(),
  devices: z.array(z.string()),
  places: z.array(z.string()),
  created_at: Timestamp,
  changed_at: Timestamp,
  disabled_at: Timestamp.nullable(),
})
export type StaffRow = z.infer<typeof StaffRow>

export interface StaffFields {
  name: string
  role: StaffRow['role']
  devices: readonly string[]
  places: readonly string[]
}

const COLUMNS = 'id, name, role, pin_hash, password_hash IS NOT NULL AS dashboard_password, devices, places, created_at, changed_at, disabled_at'

/** A change every device must learn of: the version its next heartbeat's answer carries. */
async function bumpVersion(db: Queryable): Promise<void> {
  await db.query('UPDATE staff_version SET version = version + 1 WHERE id = 1')
}

export async function staffVersion(db: Queryable): Promise<number> {
  const { rows } = await db.query('SELECT version FROM staff_version WHERE id = 1')
  return z.object({ version: z.coerce.number().int() }).parse(rows[0]).version
}

/** Every account, active first, then by name. */
export async function allStaff(db: Queryable): Promise<StaffRow[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM staff_accounts ORDER BY disabled_at IS NOT NULL, lower(name)`)
  return parseRows(StaffRow, rows)
}

export async function staffById(db: Queryable, id: string): Promise<StaffRow | undefined> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM staff_accounts WHERE id = $1`, [id])
  return parseRows(StaffRow, rows)[0]
}

/** Whether an active account other than `except` is called `name`. */
async function nameTaken(db: Queryable, name: string, except: string | null): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM staff_accounts WHERE lower(name) = lower($1) AND disabled_at IS NULL AND id IS DISTINCT FROM $2', [name, except])
  return rows.length > 0
}

export type StaffChange = { done: true; account: StaffRow } | { done: false; why: 'name-taken' | 'not-found' | 'password-needed' }

/** A new account. Concurrent makers of one name: the unique index lets one through, the other is told the name is taken. */
export async function insertStaff(db: HubDatabase, fields: StaffFields & { pinHash: string; passwordHash?: string }, now: Date): Promise<StaffChange> {
  if (fields.role === 'manager' && fields.passwordHash === undefined) return { done: false, why: 'password-needed' }
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, fields.name, null)) return { done: false, why: 'name-taken' }
    const id = randomUUID()
    await tx.query(
      'INSERT INTO staff_accounts (id, name, role, pin_hash, password_hash, devices, places, created_at, changed_at) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $8)',
      [id, fields.name, fields.role, fields.pinHash, fields.role === 'manager' ? fields.passwordHash : null, JSON.stringify(fields.devices), JSON.stringify(fields.places), now],
    )
    await bumpVersion(tx)
    return { done: true, account: (await staffById(tx, id))! }
  })
}

/**
 * Name, role and where they may work; a new PIN's hash, or a new dashboard password's, when given.
 * A manager keeps their password unless a new one is given; one made manager needs one. Taking the
 * manager role away forgets the password and ends their dashboard sessions in the same transaction.
 */
export async function updateStaff(db: HubDatabase, id: string, fields: StaffFields & { pinHash?: string; passwordHash?: string }, now: Date): Promise<StaffChange> {
  return db.transaction(async (tx) => {
    const account = await staffById(tx, id)
    if (!account) return { done: false, why: 'not-found' }
    if (account.disabled_at === null && (await nameTaken(tx, fields.name, id))) return { done: false, why: 'name-taken' }
    const manager = fields.role === 'manager'
    if (manager && fields.passwordHash === undefined && !account.dashboard_password) return { done: false, why: 'password-needed' }
    await tx.query(
      `UPDATE staff_accounts SET name = $2, role = $3, devices = $4::jsonb, places = $5::jsonb, pin_hash = COALESCE($6, pin_hash), changed_at = $7,
              password_hash = CASE WHEN $8::boolean THEN COALESCE($9, password_hash) END WHERE id = $1`,
      [id, fields.name, fields.role, JSON.stringify(fields.devices), JSON.stringify(fields.places), fields.pinHash ?? null, now, manager, fields.passwordHash ?? null],
    )
    if (!manager) await deleteSessionsOf(tx, id)
    await bumpVersion(tx)
    return { done: true, account: (await staffById(tx, id))! }
  })
}

/** Disables (`disabled` true) or enables again; enabling an account whose name another active one took is refused. */
export async function setStaffDisabled(db: HubDatabase, id: string, disabled: boolean, now: Date): Promise<StaffChange> {
  return db.transaction(async (tx) => {
    const account = await staffById(tx, id)
    if (!account) return { done: false, why: 'not-found' }
    if (!disabled && account.disabled_at !== null && (await nameTaken(tx, account.name, id))) return { done: false, why: 'name-taken' }
    await tx.query('UPDATE staff_accounts SET disabled_at = $2, changed_at = $3 WHERE id = $1', [id, disabled ? (account.disabled_at ?? now) : null, now])
    // Signed out of the dashboard at once, as every device signs them out at its next heartbeat.
    if (disabled) await deleteSessionsOf(tx, id)
    await bumpVersion(tx)
    return { done: true, account: (await staffById(tx, id))! }
  })
}

/** A staff account a device may sign in: one with a PIN. */
export type CounterStaffRow = StaffRow & { pin_hash: string }

/** The active accounts with a PIN that may work on a device at `place`: named for it, for its place, or for anywhere. */
export async function staffForDevice(db: Queryable, device: { id: string; place: string }): Promise<CounterStaffRow[]> {
  const active = (await allStaff(db)).filter((account): account is CounterStaffRow => account.disabled_at === null && account.pin_hash !== null)
  return active.filter(
    (account) =>
      (account.devices.length === 0 && account.places.length === 0) || account.devices.includes(device.id) || account.places.includes(device.place),
  )
}
