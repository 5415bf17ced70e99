import { z } from 'zod'
import { plainText } from './plain-text'
import { HeartbeatProfile, HeartbeatSecrets, ProfileSettingName, ProfileSettings, ServiceRule } from './device-profile'

/**
 * The dashboard's profiles and service rules (hub/protocol/dashboard.ts's conventions: the server
 * parses every body, the page every answer; a state-changing request carries the page's Origin).
 */
export const PROFILE_PATHS = {
  /** GET: every profile, and each device's profile, group and what its heartbeat says of both (ProfilesAnswer). POST: a new profile (ProfileRequest). */
  profiles: '/api/profiles',
  /** PUT `/api/profiles/:id`: the profile changed whole (ProfileRequest); every device of it pulls it at its next heartbeat. */
  profile: (profileId: string) => `/api/profiles/${encodeURIComponent(profileId)}`,
  /** PUT `/api/devices/:id/setup`: the device's profile and named group (DeviceSetupRequest). */
  deviceSetup: (deviceId: string) => `/api/devices/${encodeURIComponent(deviceId)}/setup`,
  /** GET: the service rules in force (ServiceRulesAnswer). POST: a new one (ServiceRuleRequest): a closure now or later, or opening hours. */
  serviceRules: '/api/service-rules',
  /** DELETE `/api/service-rules/:id`: the rule ends (a closed device opens again). */
  serviceRule: (ruleId: string) => `/api/service-rules/${encodeURIComponent(ruleId)}`,
} as const

const ProfileName = plainText(80, 1)
const GroupName = plainText(80)

export const ProfileRequest = z.object({ name: ProfileName, settings: ProfileSettings, overridable: z.array(ProfileSettingName) })
export type ProfileRequest = z.infer<typeof ProfileRequest>

export const DashboardProfile = ProfileRequest.extend({
  id: z.uuid(),
  updatedAt: z.iso.datetime({ offset: true }),
  updatedBy: z.string(),
})
export type DashboardProfile = z.infer<typeof DashboardProfile>

/** A device as the profiles page shows it: whose profile, which group, and what the device said of them. */
export const DeviceSetup = z.object({
  id: z.uuid(),
  name: z.string(),
  place: z.string(),
  profileId: z.uuid().nullable(),
  group: z.string(),
  /** From its last heartbeat: the revision it holds and whether it applied it; null before it said. */
  profile: HeartbeatProfile.nullable(),
  /** From its last heartbeat: whether its keychain holds the vendor secret and the terminal's passphrase. */
  secrets: HeartbeatSecrets.nullable(),
})
export type DeviceSetup = z.infer<typeof DeviceSetup>

export const ProfilesAnswer = z.object({ revision: z.string(), profiles: z.array(DashboardProfile), devices: z.array(DeviceSetup) })
export type ProfilesAnswer = z.infer<typeof ProfilesAnswer>

export const DeviceSetupRequest = z.object({ profileId: z.uuid().nullable(), group: GroupName })
export type DeviceSetupRequest = z.infer<typeof DeviceSetupRequest>

/** Which devices a rule is for: one, every device of a profile ("all lobby kiosks"), a named group, or the whole venue. */
export const ServiceTarget = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('venue') }),
  z.object({ scope: z.literal('profile'), profileId: z.uuid() }),
  z.object({ scope: z.literal('group'), group: GroupName.min(1) }),
  z.object({ scope: z.literal('device'), deviceId: z.uuid() }),
])
export type ServiceTarget = z.infer<typeof ServiceTarget>

export const ServiceRuleRequest = z.object({ target: ServiceTarget, rule: ServiceRule })
export type ServiceRuleRequest = z.infer<typeof ServiceRuleRequest>

export const DashboardServiceRule = ServiceRuleRequest.extend({
  id: z.uuid(),
  createdBy: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
})
export type DashboardServiceRule = z.infer<typeof DashboardServiceRule>

export const ServiceRulesAnswer = z.object({ rules: z.array(DashboardServiceRule) })
export type ServiceRulesAnswer = z.infer<typeof ServiceRulesAnswer>
