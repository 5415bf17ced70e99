import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AddDeviceRequest, DASHBOARD_PATHS, type AddDeviceAnswer, type AlertsAnswer, type DevicesAnswer } from '../../protocol'
import { acknowledgeAlert, newestAlerts } from '../../storage/alert-table'
import { revokeDevice } from '../../storage/device-table'
import { refuse, refuseInvalid, requireManager, route, type DashboardContext } from '../dashboard-api'
import { dashboardAlert, dashboardAlertById, dashboardDevices } from './device-views'
import { createDeviceEnrolmentCode } from './enrolment-service'

const DeviceId = z.object({ id: z.uuid() })
/** An alert's id is a bigserial: more digits than that is no alert (and would not fit the column). */
const AlertId = z.object({ id: z.string().regex(/^\d{1,18}$/) })

/** The devices grid and the alerts list, for a signed-in manager (hub/protocol/dashboard.ts). */
export function dashboardRoutes(api: FastifyInstance, ctx: DashboardContext): void {
  api.get(DASHBOARD_PATHS.devices, async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    return { devices: await dashboardDevices(ctx.db, ctx.now()) } satisfies DevicesAnswer
  })

  api.post(DASHBOARD_PATHS.devices, async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    const parsed = AddDeviceRequest.safeParse(request.body)
    if (!parsed.success) return refuseInvalid(reply, parsed.error)
    const { code, expiresAt } = await createDeviceEnrolmentCode(ctx.db, parsed.data, new Date(ctx.now()))
    // The address the manager's browser reached the hub at (an origin of its own, checked): the
    // device on the same venue network reaches it there too.
    const hubUrl = request.headers.origin!
    const fingerprint = ctx.fingerprint
    const enrolmentUri = `foyer-hub:?${new URLSearchParams({ url: hubUrl, code, fingerprint }).toString()}`
    return { code, expiresAt: expiresAt.toISOString(), hubUrl, fingerprint, enrolmentUri } satisfies AddDeviceAnswer
  })

  api.post(route(DASHBOARD_PATHS.revokeDevice), async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    const params = DeviceId.safeParse(request.params)
    if (!params.success || !(await revokeDevice(ctx.db, params.data.id, new Date(ctx.now())))) return refuse(reply, 404, 'not-found')
    await ctx.watch.changed(params.data.id)
    const [device] = await dashboardDevices(ctx.db, ctx.now(), [params.data.id])
    return device
  })

  api.get(DASHBOARD_PATHS.alerts, async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    return { alerts: (await newestAlerts(ctx.db)).map(dashboardAlert) } satisfies AlertsAnswer
  })

  api.post(route(DASHBOARD_PATHS.acknowledgeAlert), async (request, reply) => {
    const manager = await requireManager(ctx, request, reply)
    if (!manager) return reply
    const params = AlertId.safeParse(request.params)
    if (!params.success || !(await acknowledgeAlert(ctx.db, params.data.id, manager.name, new Date(ctx.now())))) return refuse(reply, 404, 'not-found')
    await ctx.live.changed({ type: 'alert', id: params.data.id })
    return dashboardAlertById(ctx.db, params.data.id)
  })
}
