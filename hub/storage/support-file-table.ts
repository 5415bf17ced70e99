import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Queryable } from './database'
import { BigId, parseRows, Timestamp } from './rows'

/** Support files asked for from the office and who did what with them (migration-support-files.ts). */

export const SupportFileRow = z.object({
  id: z.string(),
  device_id: z.string(),
  asked_by: z.string(),
  asked_at: Timestamp,
  made_at: Timestamp.nullable(),
  received_at: Timestamp.nullable(),
  bytes: z.coerce.number().int().nullable(),
  downloaded_by: z.string().nullable(),
  downloaded_at: Timestamp.nullable(),
})
export type SupportFileRow = z.infer<typeof SupportFileRow>

export const SupportFileContentRow = z.object({ id: z.string(), device_id: z.string(), device_name: z.string(), made_at: Timestamp, content: z.string() })
export type SupportFileContentRow = z.infer<typeof SupportFileContentRow>

export const SupportAuditRow = z.object({ id: BigId, what: z.enum(['asked', 'made', 'downloaded']), manager_name: z.string(), at: Timestamp })
export type SupportAuditRow = z.infer<typeof SupportAuditRow>

const IdRow = z.object({ id: z.string() })

const VIEW = `
  SELECT DISTINCT ON (s.device_id) s.id, s.device_id, s.asked_by, s.asked_at, s.made_at, s.received_at, s.bytes,
         dl.manager_name AS downloaded_by, dl.at AS downloaded_at
    FROM support_files s
    LEFT JOIN LATERAL (SELECT manager_name, at FROM support_file_audit a WHERE a.support_file_id = s.id AND a.what = 'downloaded' ORDER BY a.id DESC LIMIT 1) dl ON true`

/** Each device's newest support file (or that of the devices named). */
export async function newestSupportFiles(db: Queryable, deviceIds?: readonly string[]): Promise<SupportFileRow[]> {
  const where = deviceIds ? 'WHERE s.device_id = ANY($1::uuid[])' : ''
  const { rows } = await db.query(`${VIEW} ${where} ORDER BY s.device_id, s.asked_at DESC, s.id`, deviceIds ? [deviceIds] : [])
  return parseRows(SupportFileRow, rows)
}

export async function supportFileById(db: Queryable, fileId: string): Promise<SupportFileRow | undefined> {
  const { rows } = await db.query(`${VIEW} WHERE s.id = $1 ORDER BY s.device_id`, [fileId])
  return parseRows(SupportFileRow, rows)[0]
}

/**
 * Asks for a device's support file in the manager's name, and keeps that they asked, in one statement. A
 * device already asked and not yet answering keeps that request (nothing new is kept); a revoked device or
 * none is asked nothing. Answers the open request's id, or undefined.
 */
export async function askSupportFile(db: Queryable, deviceId: string, managerName: string, now: Date): Promise<string | undefined> {
  await db.query(
    `WITH asked AS (
       INSERT INTO support_files (id, device_id, asked_by, asked_at)
       SELECT $1, id, $3, $4 FROM devices WHERE id = $2 AND revoked_at IS NULL
       ON CONFLICT (device_id) WHERE received_at IS NULL DO NOTHING
       RETURNING id, device_id, asked_by, asked_at)
     INSERT INTO support_file_audit (support_file_id, device_id, what, manager_name, at)
     SELECT id, device_id, 'asked', asked_by, asked_at FROM asked`,
    [randomUUID(), deviceId, managerName, now],
  )
  const { rows } = await db.query(
    `SELECT s.id FROM support_files s JOIN devices d ON d.id = s.device_id WHERE s.device_id = $1 AND s.received_at IS NULL AND d.revoked_at IS NULL`,
    [deviceId],
  )
  return parseRows(IdRow, rows)[0]?.id
}

export interface MadeSupportFile {
  deviceId: string
  requestId: string
  /** The file as the hub read it, written again as JSON. */
  content: string
  madeAt: Date
  now: Date
}

/** Keeps a device's file for its open request, and that it was made for the manager who asked, in one statement. */
export async function storeSupportFile(db: Queryable, file: MadeSupportFile): Promise<'stored' | 'already-stored' | 'not-asked'> {
  const { rows } = await db.query(
    `WITH made AS (
       UPDATE support_files SET content = $3, bytes = $4, made_at = $5, received_at = $6
        WHERE id = $1 AND device_id = $2 AND received_at IS NULL
       RETURNING id, device_id, asked_by)
     INSERT INTO support_file_audit (support_file_id, device_id, what, manager_name, at)
     SELECT id, device_id, 'made', asked_by, $6 FROM made RETURNING support_file_id`,
    [file.requestId, file.deviceId, file.content, Buffer.byteLength(file.content), file.madeAt, file.now],
  )
  if (rows.length === 1) return 'stored'
  const known = await db.query('SELECT 1 FROM support_files WHERE id = $1 AND device_id = $2', [file.requestId, file.deviceId])
  return known.rows.length === 1 ? 'already-stored' : 'not-asked'
}

/** A file the hub holds, as kept; undefined for none (or one the device has not sent yet). */
export async function supportFileContent(db: Queryable, fileId: string): Promise<SupportFileContentRow | undefined> {
  const { rows } = await db.query(
    `SELECT s.id, s.device_id, d.name AS device_name, s.made_at, s.content FROM support_files s JOIN devices d ON d.id = s.device_id
      WHERE s.id = $1 AND s.content IS NOT NULL`,
    [fileId],
  )
  return parseRows(SupportFileContentRow, rows)[0]
}

/** Keeps that a manager downloaded the file (once it is on its way to them). */
export async function keepDownload(db: Queryable, file: { id: string; device_id: string }, managerName: string, now: Date): Promise<void> {
  await db.query(`INSERT INTO support_file_audit (support_file_id, device_id, what, manager_name, at) VALUES ($1, $2, 'downloaded', $3, $4)`, [
    file.id,
    file.device_id,
    managerName,
    now,
  ])
}

/** Who did what with a support file, in the order it happened. */
export async function supportFileAudit(db: Queryable, fileId: string): Promise<SupportAuditRow[]> {
  const { rows } = await db.query('SELECT id, what, manager_name, at FROM support_file_audit WHERE support_file_id = $1 ORDER BY id', [fileId])
  return parseRows(SupportAuditRow, rows)
}
