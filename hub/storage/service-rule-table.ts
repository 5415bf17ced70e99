import { z } from 'zod'
import type { HubDatabase, Queryable } from './database'
import { bumpRevision } from './profile-table'
import { parseRows } from './rows'

/** The manager's rules for when devices sell: who they are for (scope and target) and the rule as the protocol has it. */

export const ServiceRuleRow = z.object({
  id: z.string(),
  scope: z.enum(['venue', 'profile', 'group', 'device']),
  target: z.string(),
  rule: z.unknown(),
  created_by: z.string(),
  created_at: z.coerce.date(),
})
export type ServiceRuleRow = z.infer<typeof ServiceRuleRow>

const COLUMNS = 'id, scope, target, rule, created_by, created_at'

export async function allServiceRules(db: Queryable): Promise<ServiceRuleRow[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM service_rules ORDER BY created_at, id`)
  return parseRows(ServiceRuleRow, rows)
}

/** The rules one device obeys: its own, its profile's, its group's and the venue's. */
export async function serviceRulesFor(db: Queryable, device: { id: string; profile_id: string | null; group_name: string }): Promise<ServiceRuleRow[]> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM service_rules
      WHERE scope = 'venue' OR (scope = 'device' AND target = $1) OR (scope = 'profile' AND target = $2) OR (scope = 'group' AND target = $3 AND $3 <> '')
      ORDER BY created_at, id`,
    [device.id, device.profile_id ?? '', device.group_name],
  )
  return parseRows(ServiceRuleRow, rows)
}

export async function insertServiceRule(
  db: HubDatabase,
  rule: { id: string; scope: ServiceRuleRow['scope']; target: string; rule: unknown; by: string; at: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO service_rules (id, scope, target, rule, created_by, created_at) VALUES ($1, $2, $3, ($4::text)::jsonb, $5, $6)', [
      rule.id,
      rule.scope,
      rule.target,
      JSON.stringify(rule.rule),
      rule.by,
      rule.at,
    ])
    await bumpRevision(tx)
  })
}

/** The rule ends (a closed device opens again); false when there was none. */
export async function deleteServiceRule(db: HubDatabase, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query('DELETE FROM service_rules WHERE id = $1 RETURNING id', [id])
    if (rows.length === 1) await bumpRevision(tx)
    return rows.length === 1
  })
}
