import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { DeviceSetupRequest, PROFILE_PATHS, ProfileRequest, ServiceRuleRequest, type ProfilesAnswer, type ServiceRulesAnswer } from '../../protocol'
import { allProfiles, deviceSetups, insertProfile, profileById, setDeviceSetup, settingsRevision, updateProfile } from '../../storage/profile-table'
import { allServiceRules, deleteServiceRule, insertServiceRule } from '../../storage/service-rule-table'
import { refuse, refuseInvalid, requireManager, route, type DashboardContext } from '../dashboard-api'
import { dashboardDeviceSetup, dashboardProfile, dashboardServiceRule, scopeOf } from './profile-views'

const Id = z.object({ id: z.uuid() })

/**
 * Profiles, each device's profile and group, and the service rules, for a signed-in manager. Every
 * change counts the revision up in its own transaction: each device pulls what is now its own at
 * its next heartbeat (hub/protocol/device-profile.ts).
 */
export function profileRoutes(api: FastifyInstance, ctx: DashboardContext): void {
  const answer = async (): Promise<ProfilesAnswer> => ({
    revision: await settingsRevision(ctx.db),
    profiles: (await allProfiles(ctx.db)).map(dashboardProfile),
    devices: (await deviceSetups(ctx.db)).map(dashboardDeviceSetup),
  })

  api.get(PROFILE_PATHS.profiles, async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    return answer()
  })

  api.post(PROFILE_PATHS.profiles, async (request, reply) => {
    const manager = await requireManager(ctx, request, reply)
    if (!manager) return reply
    const parsed = ProfileRequest.safeParse(request.body)
    if (!parsed.success) return refuseInvalid(reply, parsed.error)
    const id = randomUUID()
    if (!(await insertProfile(ctx.db, id, { ...parsed.data, by: manager.name, at: new Date(ctx.now()) }))) return refuse(reply, 409, 'name-taken')
    return dashboardProfile((await profileById(ctx.db, id))!)
  })

  api.put(route(PROFILE_PATHS.profile), async (request, reply) => {
    const manager = await requireManager(ctx, request, reply)
    if (!manager) return reply
    const params = Id.safeParse(request.params)
    const parsed = ProfileRequest.safeParse(request.body)
    if (!params.success) return refuse(reply, 404, 'not-found')
    if (!parsed.success) return refuseInvalid(reply, parsed.error)
    const outcome = await updateProfile(ctx.db, params.data.id, { ...parsed.data, by: manager.name, at: new Date(ctx.now()) })
    if (outcome === 'not-found') return refuse(reply, 404, 'not-found')
    if (outcome === 'name-taken') return refuse(reply, 409, 'name-taken')
    return dashboardProfile((await profileById(ctx.db, params.data.id))!)
  })

  api.put(route(PROFILE_PATHS.deviceSetup), async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    const params = Id.safeParse(request.params)
    const parsed = DeviceSetupRequest.safeParse(request.body)
    if (!parsed.success) return refuseInvalid(reply, parsed.error)
    if (!params.success || !(await setDeviceSetup(ctx.db, params.data.id, parsed.data))) return refuse(reply, 404, 'not-found')
    return answer()
  })

  serviceRuleRoutes(api, ctx)
}

function serviceRuleRoutes(api: FastifyInstance, ctx: DashboardContext): void {
  const answer = async (): Promise<ServiceRulesAnswer> => ({ rules: (await allServiceRules(ctx.db)).map(dashboardServiceRule) })

  api.get(PROFILE_PATHS.serviceRules, async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    return answer()
  })

  api.post(PROFILE_PATHS.serviceRules, async (request, reply) => {
    const manager = await requireManager(ctx, request, reply)
    if (!manager) return reply
    const parsed = ServiceRuleRequest.safeParse(request.body)
    if (!parsed.success) return refuseInvalid(reply, parsed.error)
    await insertServiceRule(ctx.db, { id: randomUUID(), ...scopeOf(parsed.data.target), rule: parsed.data.rule, by: manager.name, at: new Date(ctx.now()) })
    return answer()
  })

  api.delete(route(PROFILE_PATHS.serviceRule), async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    const params = Id.safeParse(request.params)
    if (!params.success || !(await deleteServiceRule(ctx.db, params.data.id))) return refuse(reply, 404, 'not-found')
    return answer()
  })
}
