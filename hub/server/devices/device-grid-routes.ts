import { z } from 'zod'
import { AddDeviceAnswer, AddDeviceRequest, Alert, AlertsAnswer, DASHBOARD_PATHS, DashboardDevice, DevicesAnswer } from '../../protocol'
import { acknowledgeAlert, newestAlerts } from '../../storage/alert-table'
import { revokeDevice } from '../../storage/device-table'
import { refuse, REFUSALS, route } from '../plugins/dashboard-rules'
import type { HubRoutes } from '../plugins/zod-schemas'
import { dashboardAlert, dashboardAlertById, dashboardDevices } from './device-views'
import { createDeviceEnrolmentCode } from './enrolment-service'

const DeviceId = z.object({ id: z.uuid() })
/** An alert's id is a bigserial: more digits than that is no alert (and would not fit the column). */
const AlertId = z.object({ id: z.string().regex(/^\d{1,18}$/) })

/** The devices grid, for the signed-in group (hub/protocol/dashboard.ts): see, add and revoke devices. */
export const deviceGridRoutes: HubRoutes = async (api) => {
  api.get(DASHBOARD_PATHS.devices, { schema: { response: { 200: DevicesAnswer, ...REFUSALS } } }, async () => ({
    devices: await dashboardDevices(api.db, api.clock()),
  }))

  api.post(DASHBOARD_PATHS.devices, { schema: { body: AddDeviceRequest, response: { 200: AddDeviceAnswer, ...REFUSALS } } }, async (request) => {
    const { code, expiresAt } = await createDeviceEnrolmentCode(api.db, request.body, new Date(api.clock()))
    // The address the manager's browser reached the hub at (an origin of its own, checked): the
    // device on the same venue network reaches it there too.
    const hubUrl = request.headers.origin!
    const fingerprint = api.hub.fingerprint
    const enrolmentUri = `foyer-hub:?${new URLSearchParams({ url: hubUrl, code, fingerprint }).toString()}`
    return { code, expiresAt: expiresAt.toISOString(), hubUrl, fingerprint, enrolmentUri }
  })

  const revoke = { params: DeviceId, response: { 200: DashboardDevice, ...REFUSALS } }
  api.post(route(DASHBOARD_PATHS.revokeDevice), { schema: revoke }, async (request, reply) => {
    const { id } = request.params
    if (!(await revokeDevice(api.db, id, new Date(api.clock())))) return refuse(reply, 404, 'not-found')
    await api.watch.changed(id)
    const [device] = await dashboardDevices(api.db, api.clock(), [id])
    return device ?? refuse(reply, 404, 'not-found')
  })
}

/** The alerts list, for the signed-in group: newest first, each acknowledged by the manager signed in. */
export const alertRoutes: HubRoutes = async (api) => {
  api.get(DASHBOARD_PATHS.alerts, { schema: { response: { 200: AlertsAnswer, ...REFUSALS } } }, async () => ({
    alerts: (await newestAlerts(api.db)).map(dashboardAlert),
  }))

  const acknowledge = { params: AlertId, response: { 200: Alert, ...REFUSALS } }
  api.post(route(DASHBOARD_PATHS.acknowledgeAlert), { schema: acknowledge }, async (request, reply) => {
    const { id } = request.params
    if (!(await acknowledgeAlert(api.db, id, request.manager.name, new Date(api.clock())))) return refuse(reply, 404, 'not-found')
    await api.live.changed({ type: 'alert', id })
    return (await dashboardAlertById(api.db, id)) ?? refuse(reply, 404, 'not-found')
  })
}
