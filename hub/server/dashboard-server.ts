import type { FastifyInstance } from 'fastify'
import { dashboardApiRules, type DashboardContext } from './dashboard-api'
import { dashboardFiles } from './dashboard-files'
import { dashboardRoutes } from './dashboard-routes'
import { cardPaymentRoutes } from './card-payment-routes'
import { endOfDayRoutes } from './end-of-day-routes'
import { eventStreamRoute } from './event-stream'
import { managerRoutes } from './manager-routes'
import { profileRoutes } from './profile-routes'
import { staffRoutes } from './staff-routes'
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
    cardPaymentRoutes(api, ctx)
    endStreams = eventStreamRoute(api, ctx)
  })
  if (dashboardDir) dashboardFiles(app, dashboardDir)
  return () => endStreams()
}
