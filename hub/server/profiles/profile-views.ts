import { DeviceProfileAnswer, Heartbeat, ProfileSettingName, ProfileSettings, ServiceRule, type DashboardProfile, type DashboardServiceRule, type DeviceSetup, type ServiceTarget } from '../../protocol'
import type { Queryable } from '../../storage/database'
import { deviceSetup, profileById, settingsRevision, type DeviceSetupRow, type ProfileRow } from '../../storage/profile-table'
import { serviceRulesFor, type ServiceRuleRow } from '../../storage/service-rule-table'

/**
 * Profiles and service rules as the protocol says them, from their rows. The rows were written
 * from parsed requests; they are parsed again here, so a row the protocol cannot read fails loudly
 * rather than reaching a device or the page half-read.
 */
export function dashboardProfile(row: ProfileRow): DashboardProfile {
  return {
    id: row.id,
    name: row.name,
    settings: ProfileSettings.parse(row.settings),
    overridable: ProfileSettingName.array().parse(row.overridable),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  }
}

/** What the device's last heartbeat said of its profile and keychain; null for each it has not said. */
export function dashboardDeviceSetup(row: DeviceSetupRow): DeviceSetup {
  const beat = Heartbeat.safeParse(row.last_heartbeat)
  return {
    id: row.id,
    name: row.name,
    place: row.place,
    profileId: row.profile_id,
    group: row.group_name,
    profile: (beat.success && beat.data.profile) || null,
    secrets: (beat.success && beat.data.secrets) || null,
  }
}

function target(row: ServiceRuleRow): ServiceTarget {
  switch (row.scope) {
    case 'venue':
      return { scope: 'venue' }
    case 'profile':
      return { scope: 'profile', profileId: row.target }
    case 'group':
      return { scope: 'group', group: row.target }
    case 'device':
      return { scope: 'device', deviceId: row.target }
  }
}

export function dashboardServiceRule(row: ServiceRuleRow): DashboardServiceRule {
  return { id: row.id, target: target(row), rule: ServiceRule.parse(row.rule), createdBy: row.created_by, createdAt: row.created_at.toISOString() }
}

/** The store's scope and target for a rule's target. */
export function scopeOf(given: ServiceTarget): { scope: ServiceRuleRow['scope']; target: string } {
  switch (given.scope) {
    case 'venue':
      return { scope: 'venue', target: '' }
    case 'profile':
      return { scope: 'profile', target: given.profileId }
    case 'group':
      return { scope: 'group', target: given.group }
    case 'device':
      return { scope: 'device', target: given.deviceId }
  }
}

/** What one device pulls: its profile (if it has one) and every rule for it. The revision is read first, so a change made meanwhile is pulled again. */
export async function deviceProfileAnswer(db: Queryable, deviceId: string): Promise<DeviceProfileAnswer | undefined> {
  const revision = await settingsRevision(db)
  const device = await deviceSetup(db, deviceId)
  if (!device) return undefined
  const profile = device.profile_id === null ? undefined : await profileById(db, device.profile_id)
  const rules = await serviceRulesFor(db, device)
  return DeviceProfileAnswer.parse({
    revision,
    profile: profile ? { id: profile.id, name: profile.name, settings: profile.settings, overridable: profile.overridable } : null,
    service: rules.map((row) => row.rule),
  })
}
