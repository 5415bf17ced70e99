import type { Queryable } from './database'

/** One step of the hub's schema (migrations.ts lists them, oldest first). */
export interface Migration {
  version: number
  name: string
  sql: string
  /**
   * Run after `sql`, in the same transaction: what SQL alone should not do (the typed tables' projection
   * of the records stored already parses each payload with the protocol's schemas, as an upload does).
   */
  project?: (tx: Queryable) => Promise<void>
}
