/** One step of the hub's schema (migrations.ts lists them, oldest first). */
export interface Migration {
  version: number
  name: string
  sql: string
}
