import type Database from 'better-sqlite3'

/** Runs `work` in one transaction of the database (a savepoint inside a transaction of the caller's), answering what it answers. */
export type InTransaction = <T>(work: () => T) => T

/**
 * One transaction function for a connection's many writes, made once. better-sqlite3 builds a new wrapper, four of
 * them each given their properties, at every db.transaction() call: a few microseconds each time, at every step of
 * every sale (issue #35). Here the work is handed in at each call instead; the BEGIN, COMMIT and ROLLBACK, and the
 * savepoint inside a transaction already open, are better-sqlite3's own, as before.
 */
export function inTransaction(db: Database.Database): InTransaction {
  const run = db.transaction((work: () => unknown) => work())
  return <T>(work: () => T): T => run(work) as T
}
