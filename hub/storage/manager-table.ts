import { randomUUID } from 'node:crypto'
import type { HubDatabase } from './database'
import { ExistsRow } from './rows'

/**
 * The first manager's one-time code. Kept only as a hash (the code is 100 random bits, so a fast
 * hash is enough), so it cannot be shown again: while no manager exists, each start of the hub
 * makes a new code in place of the old one and prints it. Signing up with it is the dashboard's (later).
 */
export async function replaceFirstManagerCode(db: HubDatabase, codeHash: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query('SELECT EXISTS (SELECT 1 FROM managers) AS any')
    if (ExistsRow.parse(rows[0]).any) return false
    await tx.query('DELETE FROM manager_enrolment_codes WHERE used_at IS NULL')
    await tx.query('INSERT INTO manager_enrolment_codes (id, code_hash, created_at) VALUES ($1, $2, $3)', [randomUUID(), codeHash, now])
    return true
  })
}
