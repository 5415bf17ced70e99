/** The device's authentication as sale-search-routes.ts takes it, until the day's routes move to day/ (devices/ holds the rest). */
export { authenticate, type DeviceRouteContext } from './devices/device-routes'
