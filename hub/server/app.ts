import type { FastifyInstance } from 'fastify'
import { dashboardApiRules, type DashboardContext } from './dashboard-api'
import { dashboardFiles } from './page/dashboard-files'
import { dashboardRoutes } from './devices/device-grid-routes'
import { endOfDayRoutes } from './end-of-day-routes'
import { eventStreamRoute } from './live/event-stream'
import { managerRoutes } from './managers/manager-routes'
import { profileRoutes } from './profiles/profile-routes'
import { staffRoutes } from './staff/staff-routes'
import { todayRoutes } from './today-routes'

/**
 * The dashboard's half of the hub: its API (accounts and sessions, devices, alerts, today, staff, profiles and service rules, the event stream)
 * under one plugin holding its rules, and its built page at `/` when the hub has one.
 * @returns what ends every open event stream (the hub's close waits for none).
 */
export async function dashboardServer(app: FastifyInstance, ctx: DashboardContext, dashboardDir: string | undefined): Promise<() => void> {
  let endStreams = () => {}
  await app.register(async (api) => {
    dashboardApiRules(api, ctx)
    managerRoutes(api, ctx)
    dashboardRoutes(api, ctx)
    todayRoutes(api, ctx)
    profileRoutes(api, ctx)
    staffRoutes(api, ctx)
    endOfDayRoutes(api, ctx)
    endStreams = eventStreamRoute(api, ctx)
  })
  if (dashboardDir) dashboardFiles(app, dashboardDir)
  return () => endStreams()
}
