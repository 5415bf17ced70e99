import { lstatSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'

/**
 * A PGlite data folder on disk as the gzipped tarball PGlite's own dumpDataDir makes and its loadDataDir
 * restores (its tarUtils.ts, with tinytar): ustar entries named from the folder's root with a leading
 * slash (`/base/1/1259`), folders before what they hold, every folder there even when empty (PostgreSQL
 * will not start without pg_notify, pg_tblspc, …).
 *
 * Made in two steps so that the database is held for the first only: readDataFolder reads every file's
 * bytes with the kernel's reads (a hundred megabytes in about 0.1 s here, against 0.4–0.5 s for PGlite's
 * own walk through its Emscripten file system), while the caller holds PGlite's locks; gzippedTarball
 * then lays the entries out and compresses them on libuv's threads, the locks let go.
 */
export interface DataFolderEntry {
  /** From the folder's root, with a leading slash, as PGlite names its tarball's entries. */
  name: string
  /** Permission bits. */
  mode: number
  modifiedAt: Date
  /** A file's bytes; none for a folder. */
  bytes?: Buffer
}

/** tinytar reads a name from the header's 100-byte field alone (no ustar prefix): longer would be cut. */
const NAME_MAX = 99
/** 11 octal digits in the size field. PostgreSQL's segments are 1 GiB. */
const SIZE_MAX = 8 ** 11 - 1
const RECORD = 512
/**
 * zlib's stream compresses a write at a time on libuv's threads and comes back to the PGlite thread between
 * two, where it waits behind the statement running: in pieces of this size, and its output in CHUNK, a
 * backup goes there and back a few dozen times, not the thousands a piece per file and zlib's 16 KiB
 * chunks took (46 MB gzipped in 12–33 s under the bench's load, against well under a second of CPU).
 */
const PIECE = 4 * 2 ** 20
const CHUNK = 2 ** 20

/** Every folder and file under `root`, depth first as PGlite walks it, each file's bytes read now. */
export function readDataFolder(root: string): DataFolderEntry[] {
  const entries: DataFolderEntry[] = []
  const walk = (folder: string, name: string) => {
    for (const child of readdirSync(folder)) {
      const path = join(folder, child)
      const stats = lstatSync(path)
      const entry = { name: `${name}/${child}`, mode: stats.mode & 0o777, modifiedAt: stats.mtime }
      if (stats.isFile()) entries.push({ ...entry, bytes: readFileSync(path) })
      else if (stats.isDirectory()) {
        entries.push(entry)
        walk(path, entry.name)
      } else {
        // A link or a socket PostgreSQL did not make: left out, the backup would not be the folder.
        throw new Error(`The database's folder holds ${path}, neither a file nor a folder: it cannot be backed up.`)
      }
    }
  }
  walk(root, '')
  return entries
}

function octal(header: Buffer, at: number, width: number, value: number): void {
  header.write(`${value.toString(8).padStart(width - 1, '0')}\0`, at, 'ascii')
}

/** The entry's 512-byte ustar header, as tinytar writes it (and GNU tar reads it). */
export function tarHeader(entry: DataFolderEntry): Buffer {
  const header = Buffer.alloc(RECORD)
  const size = entry.bytes?.length ?? 0
  if (Buffer.byteLength(entry.name) > NAME_MAX) throw new Error(`The database's file ${entry.name} has too long a name for its backup.`)
  if (size > SIZE_MAX) throw new Error(`The database's file ${entry.name} is too large for its backup.`)
  header.write(entry.name, 0, 'utf8')
  octal(header, 100, 8, entry.mode)
  octal(header, 108, 8, 0)
  octal(header, 116, 8, 0)
  octal(header, 124, 12, size)
  octal(header, 136, 12, Math.floor(entry.modifiedAt.getTime() / 1000))
  header.write(entry.bytes ? '0' : '5', 156, 'ascii')
  header.write('ustar\x0000', 257, 'ascii')
  // The checksum is the header's bytes summed, its own field counted as spaces.
  header.fill(' ', 148, 156)
  let sum = 0
  for (const byte of header) sum += byte
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii')
  return header
}

function* tarRecords(entries: readonly DataFolderEntry[]): Generator<Buffer> {
  for (const entry of entries) {
    yield tarHeader(entry)
    if (!entry.bytes || entry.bytes.length === 0) continue
    yield entry.bytes
    const padding = (RECORD - (entry.bytes.length % RECORD)) % RECORD
    if (padding) yield Buffer.alloc(padding)
  }
  // A tarball ends with two empty records.
  yield Buffer.alloc(2 * RECORD)
}

/** The records in pieces of about PIECE bytes: small ones joined, a large file's bytes passed on as they are. */
function* inPieces(records: Iterable<Buffer>): Generator<Buffer> {
  let held: Buffer[] = []
  let length = 0
  for (const record of records) {
    if (record.length >= PIECE) {
      if (length) yield Buffer.concat(held, length)
      held = []
      length = 0
      yield record
      continue
    }
    held.push(record)
    length += record.length
    if (length >= PIECE) {
      yield Buffer.concat(held, length)
      held = []
      length = 0
    }
  }
  if (length) yield Buffer.concat(held, length)
}

/** The entries as one gzipped tarball (see gzipped). */
export function gzippedTarball(entries: readonly DataFolderEntry[]): Promise<Uint8Array<ArrayBuffer>> {
  return gzipped(inPieces(tarRecords(entries)))
}

/**
 * The pieces' bytes gzipped on libuv's threads, PIECE and CHUNK at a time (see above), in bytes of their own
 * (transferable whole): a data folder read here, or the tarball PGlite's own dump made of one in memory.
 */
export async function gzipped(pieces: Iterable<Buffer>): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = []
  await pipeline(Readable.from(pieces), createGzip({ chunkSize: CHUNK }), async (output: AsyncIterable<Buffer>) => {
    for await (const chunk of output) chunks.push(chunk)
  })
  const tarball = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.length, 0))
  let at = 0
  for (const chunk of chunks) {
    tarball.set(chunk, at)
    at += chunk.length
  }
  return tarball
}
