import { backupRoutes } from './backups/backup-routes'
import { alertRoutes, deviceGridRoutes } from './devices/device-grid-routes'
import { deviceProfileRoute, enrolRoute, heartbeatRoute, recordsRoute } from './devices/device-routes'
import { supportFileRoutes, supportFileUploadRoute } from './devices/support-file-routes'
import { cardPaymentRoutes } from './day/card-payment-routes'
import { endOfDayRoutes } from './day/end-of-day-routes'
import { saleSearchRoute } from './day/sale-search-routes'
import { todayRoutes } from './day/today-routes'
import { eventStreamRoute } from './live/event-stream'
import { managerRoutes } from './managers/manager-routes'
import { dashboardFiles } from './page/dashboard-files'
import { dashboardRules } from './plugins/dashboard-rules'
import { deviceErrors, devicesInService, enrolledDevices } from './plugins/device-auth'
import { hubServices, type HubServices } from './plugins/hub-services'
import { signedInManagers } from './plugins/signed-in-manager'
import { zodSchemas, type HubRoutes } from './plugins/zod-schemas'
import { profileRoutes, serviceRuleRoutes } from './profiles/profile-routes'
import { rolloutRoutes } from './rollouts/rollout-routes'
import { pinTryRoute, staffPullRoute } from './staff/staff-device-routes'
import { staffRoutes } from './staff/staff-routes'

/**
 * The device protocol (hub/protocol, under /device): enrolment and the heartbeat authenticate in
 * their own ways; every other route is in a group whose hook authenticates the device once.
 */
const deviceApi: HubRoutes = async (app) => {
  app.setErrorHandler(deviceErrors)
  await app.register(enrolRoute)
  await app.register(heartbeatRoute)
  await app.register(async (enrolled) => {
    await enrolled.register(enrolledDevices)
    await enrolled.register(recordsRoute)
    await enrolled.register(pinTryRoute)
  })
  await app.register(async (inService) => {
    await inService.register(devicesInService)
    await inService.register(deviceProfileRoute)
    await inService.register(staffPullRoute)
    await inService.register(saleSearchRoute)
    await inService.register(supportFileUploadRoute)
  })
}

/**
 * The dashboard's API (hub/protocol/dashboard.ts, under /api) under the rules every route of it
 * keeps (plugins/dashboard-rules.ts): sessions and the first manager open to anyone; everything
 * else in the signed-in group, whose hook answers a request without a live session 401 `signed-out`.
 */
const dashboardApi: HubRoutes = async (api) => {
  await api.register(dashboardRules)
  await api.register(managerRoutes)
  await api.register(async (signedIn) => {
    await signedIn.register(signedInManagers)
    const groups = [deviceGridRoutes, alertRoutes, backupRoutes, supportFileRoutes, profileRoutes, serviceRuleRoutes, rolloutRoutes, staffRoutes, todayRoutes, endOfDayRoutes, cardPaymentRoutes, eventStreamRoute]
    for (const routes of groups) await signedIn.register(routes)
  })
}

export interface HubAppOptions extends HubServices {
  /** The dashboard's built page (vite's output), served at `/` when it is there. */
  dashboardDir?: string
}

/**
 * Foyer Hub's routes, grouped by what they serve: the devices' protocol, the dashboard's API, and
 * the dashboard's page. The hub's services are decorated on the instance once (plugins/hub-services.ts);
 * every route's params, query, body and answer go through its zod schema (plugins/zod-schemas.ts).
 */
export const hubApp: HubRoutes<HubAppOptions> = async (app, { dashboardDir, ...services }) => {
  await app.register(zodSchemas)
  await app.register(hubServices, services)
  await app.register(deviceApi)
  await app.register(dashboardApi)
  if (dashboardDir) dashboardFiles(app, dashboardDir)
}
