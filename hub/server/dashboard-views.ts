/** The hub's day as today-views.ts takes it, until the day's files move to day/ (devices/device-views.ts holds the tiles). */
export { hubDay } from './devices/device-views'
