import { createHash } from 'node:crypto'
import { z } from 'zod'

/**
 * Foyer Hub's backup file: our own small header around the database's own dump, so that a file is
 * known for what it is before anything is restored from it. A line `FOYERHUB-BACKUP`, a line of JSON
 * (the header), then the payload: the parts the header lists, one after another. The payload's
 * SHA-256 is in the header: a file cut short (a full disk, a copy interrupted) or altered is refused
 * in words, before the database or the data folder is touched.
 *
 * Parts: `database` (PGlite's data-folder tarball, or `pg_dump --format=custom`), and the hub's own
 * certificate and key (`tls/…`) when it made them: devices pin that certificate at enrolment, so a hub
 * restored with a new one would cut every enrolled device off.
 */
export const BACKUP_MAGIC = 'FOYERHUB-BACKUP'
/** The layout above; a file of a later layout is refused by this hub. */
export const BACKUP_FORMAT = 1
/** A header is a few hundred bytes: a longer first line is not ours. */
const HEADER_MAX = 64 * 1024

export const BackupPart = z.object({ name: z.string().regex(/^(database|tls\/[a-z0-9-]+\.pem)$/), length: z.number().int().nonnegative() })
export type BackupPart = z.infer<typeof BackupPart>

export const BackupHeader = z.object({
  format: z.number().int().positive(),
  /** The newest migration the database held when it was backed up. */
  schemaVersion: z.number().int().nonnegative(),
  database: z.enum(['pglite', 'postgres']),
  createdAt: z.iso.datetime(),
  payloadLength: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  parts: z.array(BackupPart).min(1).max(8),
})
export type BackupHeader = z.infer<typeof BackupHeader>

/** A backup this hub will not restore, and why, in words for the person restoring (never a stack trace). */
export class BackupRefused extends Error {
  override readonly name = 'BackupRefused'
}

export interface BackupContents {
  header: BackupHeader
  parts: Map<string, Buffer>
}

/** The file's bytes: the two lines, then the parts; and the header they carry. */
export function encodeBackup(
  header: Omit<BackupHeader, 'payloadLength' | 'sha256' | 'parts' | 'format'>,
  parts: ReadonlyMap<string, Buffer>,
): { bytes: Buffer; header: BackupHeader } {
  const payload = Buffer.concat([...parts.values()])
  const full: BackupHeader = {
    format: BACKUP_FORMAT,
    ...header,
    payloadLength: payload.length,
    sha256: createHash('sha256').update(payload).digest('hex'),
    parts: [...parts].map(([name, bytes]) => ({ name, length: bytes.length })),
  }
  return { bytes: Buffer.concat([Buffer.from(`${BACKUP_MAGIC}\n${JSON.stringify(BackupHeader.parse(full))}\n`, 'utf8'), payload]), header: full }
}

function headerOf(file: Buffer): { header: BackupHeader; payloadAt: number } {
  const magic = Buffer.from(`${BACKUP_MAGIC}\n`, 'utf8')
  if (file.length < magic.length || !file.subarray(0, magic.length).equals(magic)) throw new BackupRefused('This is not a Foyer Hub backup: it does not begin with FOYERHUB-BACKUP.')
  const end = file.indexOf(0x0a, magic.length)
  if (end < 0 || end - magic.length > HEADER_MAX) throw new BackupRefused('This Foyer Hub backup is cut short: its header is incomplete.')
  let json: unknown
  try {
    json = JSON.parse(file.subarray(magic.length, end).toString('utf8'))
  } catch {
    throw new BackupRefused('This Foyer Hub backup is damaged: its header does not read.')
  }
  const format = z.object({ format: z.number().int() }).safeParse(json)
  if (format.success && format.data.format > BACKUP_FORMAT) {
    throw new BackupRefused(`This backup was written by a newer Foyer Hub (backup format ${format.data.format}; this hub reads up to ${BACKUP_FORMAT}). Restore it with that hub or a newer one.`)
  }
  const header = BackupHeader.safeParse(json)
  if (!header.success) throw new BackupRefused('This Foyer Hub backup is damaged: its header does not read.')
  return { header: header.data, payloadAt: end + 1 }
}

/**
 * The backup's header and parts, checked: ours, not from a newer hub than `knownSchemaVersion`,
 * whole, and unaltered (its checksum). Anything else is a BackupRefused saying which.
 */
export function decodeBackup(file: Buffer, knownSchemaVersion: number): BackupContents {
  const { header, payloadAt } = headerOf(file)
  if (header.schemaVersion > knownSchemaVersion) {
    throw new BackupRefused(
      `This backup is from a newer Foyer Hub (its database is at schema version ${header.schemaVersion}; this hub knows up to ${knownSchemaVersion}). Restore it with that hub or a newer one.`,
    )
  }
  const payload = file.subarray(payloadAt)
  if (payload.length < header.payloadLength) {
    throw new BackupRefused(`This Foyer Hub backup is cut short: it holds ${payload.length} of its ${header.payloadLength} bytes. Use another copy.`)
  }
  if (payload.length > header.payloadLength || header.parts.reduce((sum, p) => sum + p.length, 0) !== header.payloadLength) {
    throw new BackupRefused('This Foyer Hub backup has been altered: its length does not match its header.')
  }
  if (createHash('sha256').update(payload).digest('hex') !== header.sha256) {
    throw new BackupRefused('This Foyer Hub backup has been altered or damaged: its checksum does not match. Use another copy.')
  }
  const parts = new Map<string, Buffer>()
  let at = 0
  for (const part of header.parts) {
    parts.set(part.name, payload.subarray(at, at + part.length))
    at += part.length
  }
  if (!parts.has('database')) throw new BackupRefused('This Foyer Hub backup holds no database.')
  return { header, parts }
}
