/**
 * The hub's one door to PostgreSQL. Two implementations speak the same SQL: PGlite (PostgreSQL
 * compiled to WebAssembly, in the hub's own process and data folder: the default for one venue) and
 * a PostgreSQL server through `pg` (FOYER_HUB_DATABASE_URL: a venue group, several hub processes).
 * Nothing above this interface knows which one it has.
 */
export interface QueryResult {
  /** Rows as the driver gives them: parse them (rows.ts) before trusting their shape. */
  rows: unknown[]
}

export interface Queryable {
  /** One statement, with $1, $2… parameters. */
  query(sql: string, params?: readonly unknown[]): Promise<QueryResult>
  /** Several statements without parameters (a migration's script). */
  exec(sql: string): Promise<void>
}

export interface HubDatabase extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * Calls `onPayload` with each NOTIFY on `channel` (from this process or any other on the database),
   * from the moment the returned promise resolves; the function it gives stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  /** NOTIFY on `channel`, each payload in turn, to every listener (outside any transaction: at once). */
  notify(channel: string, ...payloads: string[]): Promise<void>
  /**
   * PGlite only: its data folder as a tarball (PGlite's dumpDataDir, gzipped), taken between two
   * transactions of this process, the only one there is on it: a consistent copy while devices upload.
   * A PostgreSQL server is backed up by pg_dump instead (hub/backup/).
   */
  dumpDataDir?(): Promise<Buffer>
  close(): Promise<void>
}

/** NOTIFY through SQL, each payload in turn, in one statement. */
export async function notifyBySql(db: Queryable, channel: string, ...payloads: string[]): Promise<void> {
  if (payloads.length === 1) await db.query('SELECT pg_notify($1, $2)', [channel, payloads[0]])
  else await db.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [channel, payloads])
}

/** A driver's connection (or transaction) as a Queryable: PGlite's and pg's `query(sql, values)` both answer `{ rows }`. */
export function queryable(
  driver: { query(sql: string, values?: unknown[]): Promise<{ rows: unknown[] }> },
  exec: (sql: string) => Promise<unknown>,
): Queryable {
  return {
    async query(sql, params = []) {
      return { rows: (await driver.query(sql, [...params])).rows }
    },
    async exec(sql) {
      await exec(sql)
    },
  }
}
