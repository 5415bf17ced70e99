import { z } from 'zod'
import type { Queryable } from './database'

/**
 * The hub's rows as its code may trust them: every read from the database is parsed here first.
 * The drivers differ in small ways (pg gives int8 as a string, PGlite as a number) and a schema
 * change missed by a migration shows here, at the read, rather than as `undefined` further on.
 */
export const Timestamp = z.coerce.date()
/** A bigint or bigserial column: pg gives it as a string, PGlite as a number. */
export const BigId = z.union([z.string(), z.number(), z.bigint()]).transform((value) => String(value))

export const DeviceRow = z.object({
  id: z.string(),
  name: z.string(),
  place: z.string(),
  enrolled_at: Timestamp,
  revoked_at: Timestamp.nullable(),
  last_heartbeat_at: Timestamp.nullable(),
  /** Written only after parsing with the protocol's Heartbeat; parsed again where it is used. */
  last_heartbeat: z.unknown(),
})
export type DeviceRow = z.infer<typeof DeviceRow>

/** What a device's request needs of it: who and where it is and whether it is locked out (not its last heartbeat). */
export const TokenDeviceRow = DeviceRow.pick({ id: true, place: true, revoked_at: true })
export type TokenDeviceRow = z.infer<typeof TokenDeviceRow>

export const EnrolmentCodeRow = z.object({
  id: z.string(),
  code_key: z.string().regex(/^[0-9a-f]{64}$/),
  device_name: z.string(),
  place: z.string(),
  used_at: Timestamp.nullable(),
})
export type EnrolmentCodeRow = z.infer<typeof EnrolmentCodeRow>

/** A code just used: the device it makes is named as the manager named it. */
export const ClaimedCodeRow = z.object({ device_name: z.string(), place: z.string() })

export const ExistsRow = z.object({ any: z.boolean() })

export const LockoutRow = z.object({
  failures: z.coerce.number().int(),
  locked_until: Timestamp.nullable(),
})
export type LockoutRow = z.infer<typeof LockoutRow>

export const StoredRecordRow = z.object({
  hub_record_id: BigId,
  device_record_id: z.string(),
  kind: z.string(),
  occurred_at: Timestamp,
  payload: z.unknown(),
  received_at: Timestamp,
  same: z.boolean().optional(),
})
export type StoredRecordRow = z.infer<typeof StoredRecordRow>

export const ManagerRow = z.object({ id: z.string(), name: z.string(), password_hash: z.string() })
export type ManagerRow = z.infer<typeof ManagerRow>

export const SessionManagerRow = z.object({ id: z.string(), name: z.string() })
export type SessionManagerRow = z.infer<typeof SessionManagerRow>

/** What the hub last told the manager of a device: its state and since when. */
export const StoredStateRow = z.object({ state: z.string(), state_since: Timestamp.nullable() })

/** A device's row with the state the hub last told: what its state is reckoned again from. */
export const DeviceStateRow = DeviceRow.extend(StoredStateRow.shape)
export type DeviceStateRow = z.infer<typeof DeviceStateRow>

/** A device's tile as stored: its row, its stored state, and its sale records of the hub's today. */
export const DashboardDeviceRow = DeviceRow.extend({
  state: z.string(),
  state_since: Timestamp.nullable(),
  sales_today: z.coerce.number().int(),
  last_sale_record_at: Timestamp.nullable(),
})
export type DashboardDeviceRow = z.infer<typeof DashboardDeviceRow>

/** A device's alert names its device; a backup's (migration 13) names none. */
export const AlertRow = z.object({
  id: BigId,
  subject: z.enum(['device', 'backup']),
  device_id: z.string().nullable(),
  device_name: z.string().nullable(),
  from_state: z.string(),
  to_state: z.string(),
  /** Written from the protocol's AttentionReason; parsed again where it is used. */
  reasons: z.unknown(),
  raised_at: Timestamp,
  acknowledged_by: z.string().nullable(),
  acknowledged_at: Timestamp.nullable(),
  /** A backup alert's end: the next good backup clears it. Never set on a device's. */
  cleared_at: Timestamp.nullable(),
})
export type AlertRow = z.infer<typeof AlertRow>

/** Parses every row, or throws naming the table's schema. */
export function parseRows<T>(schema: z.ZodType<T>, rows: unknown[]): T[] {
  return rows.map((row) => schema.parse(row))
}

/** A query's rows, each parsed by `schema`: the one way the hub's storage reads what it asked for. */
export async function queryRows<T>(db: Queryable, schema: z.ZodType<T>, sql: string, params: unknown[] = []): Promise<T[]> {
  return parseRows(schema, (await db.query(sql, params)).rows)
}
