import { PGlite, type Transaction } from '@electric-sql/pglite'
import { resolve } from 'node:path'
import { parentPort } from 'node:worker_threads'
import { gzipped, gzippedTarball, readDataFolder } from './data-folder-tarball'
import { errorToMessage, WorkerRequest, type WorkerReply } from './pglite-messages'

/**
 * The PGlite thread (started by pglite-thread.ts): the hub's embedded PostgreSQL, its WebAssembly run
 * here so that the hub's own thread, which answers TLS and runs the routes, never waits on a query's CPU.
 * It does what it is asked, in the order PGlite's own locks give: one query at a time on a database, a
 * transaction holding every other statement on it off until the hub's thread says commit or rollback.
 * It holds every database its process opens (a hub one; a test worker one a test file): PostgreSQL's
 * WebAssembly is compiled and made fast once for all of them, as it was when PGlite ran on the hub's
 * thread, not again in a thread of each (which cost a test run about 150 CPU-s).
 */
const port = parentPort!
const databases = new Map<number, PGlite>()
/** The folder on disk each database's PGlite keeps its files in (NodeFS); none for one in memory. */
const folders = new Map<number, string>()

/** A transaction the hub's thread has begun and not yet ended: its statements run on `tx`. */
interface OpenTransaction {
  tx: Transaction
  end(commit: boolean): void
  ended: Promise<void>
}
const open = new Map<number, OpenTransaction>()
/** Thrown inside PGlite's transaction to have it roll back: the hub's thread asked for it. */
const ROLL_BACK = Symbol('roll back')

/** PGlite's transaction, held open (its lock with it) until end(); resolves once it has begun. */
function begin(db: PGlite, id: number): Promise<void> {
  let end!: (commit: boolean) => void
  const decided = new Promise<boolean>((resolve) => (end = resolve))
  return new Promise<void>((begun, failed) => {
    const ended = db
      .transaction(async (tx) => {
        open.set(id, { tx, end, ended })
        begun()
        if (!(await decided)) throw ROLL_BACK
      })
      .catch((error: unknown) => {
        if (error !== ROLL_BACK) throw error
      })
      .finally(() => open.delete(id))
    // BEGIN itself failed: nothing was opened. Otherwise `ended` is awaited by the request that ends it.
    ended.catch(failed)
  })
}

function database(id: number): PGlite {
  const found = databases.get(id)
  if (!found) throw new Error(`No database ${id} is open on the PGlite thread.`)
  return found
}

function transaction(id: number): OpenTransaction {
  const found = open.get(id)
  if (!found) throw new Error(`No transaction ${id} is open on the PGlite thread.`)
  return found
}

/**
 * The data folder as a gzipped tarball, as dumpDataDir('gzip') makes it, read between two of PGlite's
 * transactions and statements (both its locks held, as its close() takes them): never mid-transaction,
 * and nothing writes the files meanwhile. Compressed after the locks are let go, on libuv's threads:
 * the statements waiting meanwhile wait for the read only.
 *
 * On disk (the hub's), the files are read natively (data-folder-tarball.ts): PGlite's NodeFS writes
 * straight through to them, so they are the bytes its own dump would read through Emscripten's file
 * system, in a fifth of the time (issue #36 §7: a backup held heartbeats for the whole tar). In memory
 * (tests), PGlite's own dump.
 */
async function dump(db: PGlite, folder: string | undefined): Promise<Uint8Array<ArrayBuffer>> {
  if (folder !== undefined) {
    const entries = await db._runExclusiveTransaction(() =>
      db._runExclusiveQuery(async () => {
        await db._checkReady() // a close() asked before may have run first
        return readDataFolder(folder)
      }),
    )
    return gzippedTarball(entries)
  }
  const tarball = await db._runExclusiveTransaction(async () => Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()))
  return gzipped([tarball])
}

/** Where PGlite keeps a database's files, as it reads `dataDir` (its parseDataDir): a path or file:// on disk. */
function folderOnDisk(dataDir: string | undefined): string | undefined {
  if (dataDir === undefined || (/^[a-z0-9-]+:\/\//.test(dataDir) && !dataDir.startsWith('file://'))) return undefined
  return resolve(dataDir.replace(/^file:\/\//, ''))
}

async function answer(request: WorkerRequest): Promise<Omit<WorkerReply & { ok: true }, 'id' | 'ok'>> {
  switch (request.op) {
    case 'open': {
      const db = await PGlite.create({
        ...(request.dataDir === undefined ? {} : { dataDir: request.dataDir }),
        ...(request.from ? { loadDataDir: new Blob([request.from]) } : {}),
      })
      databases.set(request.db, db)
      const folder = folderOnDisk(request.dataDir)
      if (folder !== undefined) folders.set(request.db, folder)
      return {}
    }
    case 'query': {
      const on = request.tx === undefined ? database(request.db) : transaction(request.tx).tx
      return { rows: (await on.query(request.sql, request.params)).rows }
    }
    case 'exec':
      await (request.tx === undefined ? database(request.db) : transaction(request.tx).tx).exec(request.sql)
      return {}
    case 'begin':
      await begin(database(request.db), request.id)
      return {}
    case 'end': {
      const ending = transaction(request.tx)
      ending.end(request.commit)
      await ending.ended
      return {}
    }
    case 'dump':
      return { dump: await dump(database(request.db), folders.get(request.db)) }
    case 'close':
      await database(request.db).close()
      databases.delete(request.db)
      folders.delete(request.db)
      return {}
  }
}

function reply(message: WorkerReply): void {
  // A dump is handed over, not copied: it is tens of megabytes on a venue's hub.
  port.postMessage(message, message.ok && message.dump ? [message.dump.buffer as ArrayBuffer] : [])
}

port.on('message', (message: unknown) => {
  const request = WorkerRequest.parse(message)
  answer(request).then(
    (answered) => reply({ id: request.id, ok: true, ...answered }),
    (error: unknown) => reply({ id: request.id, ok: false, error: errorToMessage(error) }),
  )
})
port.postMessage({ started: true })
