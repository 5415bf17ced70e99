import { mkdtempSync, rmSync } from 'node:fs'
import { createConnection, createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { HubDatabase } from '../../hub/storage/database'
import { startHub, type Hub } from '../../hub/server/hub-server'
import { openMigratedDatabase } from './hub-backends'

/**
 * A real hub on PGlite for a whole test file, reached by devices through a TCP relay of its own (TLS
 * passes through untouched, so devices pin the hub's very certificate). The relay lets a test take
 * the hub down and start it again on its database and data folder (the same certificate), as a
 * restarted hub; and `cutAfterNextStore` drops every connection the moment the hub has committed
 * the next upload, before its answer leaves: the hub killed in the middle of a batch.
 */
export interface HubBehindProxy {
  /** The address devices are given: the relay's. */
  url: string
  hub: Hub
  db: HubDatabase
  stop(): Promise<void>
  start(): Promise<void>
  /** Resolves when the cut has happened. */
  cutAfterNextStore(): Promise<void>
}

export function hubBehindProxyForFile(): () => HubBehindProxy {
  let armed: (() => void) | null = null
  const sockets = new Set<Socket>()
  const cutAll = () => sockets.forEach((s) => s.destroy())
  let db: HubDatabase | null = null
  /**
   * The hub's PGlite, cut right after it has stored an upload's records: a batch is one INSERT statement
   * (hub/storage/record-table.ts), committed on its own or inside a transaction, so the cut comes once
   * that statement's transaction, or the statement itself, is done.
   */
  const openCutting = async (): Promise<HubDatabase> => {
    const opened = await openMigratedDatabase('pglite')
    const stores = (sql: string) => sql.includes('INSERT INTO device_records')
    const cut = () => {
      if (!armed) return
      cutAll()
      armed()
      armed = null
    }
    const query = opened.query.bind(opened)
    const transaction = opened.transaction.bind(opened)
    return Object.assign(opened, {
      query: (async (sql: string, params?: unknown[]) => {
        const result = await query(sql, params)
        if (stores(sql)) cut()
        return result
      }) as typeof opened.query,
      transaction: async <T>(work: Parameters<typeof transaction<T>>[0]): Promise<T> => {
        let storing = false
        const result = await transaction((tx) =>
          work({
            ...tx,
            query: (sql, params) => {
              storing ||= stores(sql)
              return tx.query(sql, params)
            },
          }),
        )
        if (storing) cut()
        return result
      },
    })
  }
  const database = () => db!
  let dataDir = ''
  let hubPort = 0
  let current: Hub | null = null
  const relay = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: hubPort })
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.once('close', () => sockets.delete(s))
      s.once('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream).pipe(client)
  })
  let handle: HubBehindProxy | null = null
  beforeAll(async () => {
    // Opening PGlite compiles PostgreSQL's WebAssembly: seconds of CPU on a busy machine.
    db = await openCutting()
    dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-'))
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
    const { port } = relay.address() as { port: number }
    const start = async () => {
      current = await startHub({ dataDir, db: database() })
      hubPort = Number(new URL(current.url).port)
    }
    await start()
    handle = {
      url: `https://127.0.0.1:${port}`,
      get hub() {
        return current!
      },
      get db() {
        return database()
      },
      stop: async () => {
        cutAll()
        await current?.close()
      },
      start,
      cutAfterNextStore: () => new Promise<void>((resolve) => (armed = resolve)),
    }
  }, 120_000)
  afterAll(async () => {
    cutAll()
    await current?.close()
    await new Promise((resolve) => relay.close(resolve))
    await db?.close()
    rmSync(dataDir, { recursive: true, force: true })
  }, 60_000)
  return () => handle!
}
