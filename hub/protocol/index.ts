/**
 * Foyer Hub's device protocol: what a device and the hub say to each other, as zod schemas both ends
 * parse with, and the enrolment proof both compute. Plain TypeScript (zod and Web Crypto, no Node),
 * so Foyer on the device (electron/) imports it as it is (docs/architecture.md, Layout).
 */
export * from './enrolment'
export * from './enrolment-proof'
export * from './enrol-device'
export * from './heartbeat'
export * from './fleet-update'
export * from './dashboard'
export * from './export-language'
export * from './records'
export * from './device-profile'
export * from './profile-setting-shapes'
export * from './vendor-address'
export * from './staff-sync'
export * from './sale-search'
export * from './plain-text'

/** The protocol's paths on the hub, all under HTTPS to the certificate pinned at enrolment. */
export const HUB_PATHS = {
  enrol: '/device/enrol',
  heartbeat: '/device/heartbeat',
  records: '/device/records',
  /** The device's profile and service rules (DeviceProfileAnswer). */
  profile: '/device/profile',
  /** The venue's staff accounts for this device (hub/protocol/staff-sync.ts). */
  staff: '/device/staff',
  /** A PIN typed for a hub account, counted across the venue. */
  pinTry: '/device/staff/pin-try',
  /** A sale of the venue looked up by the code a counter scanned (hub/protocol/sale-search.ts). */
  saleSearch: '/device/sales/find',
} as const

/** A device sends a heartbeat this often; three missed and the hub calls it offline. */
export const HEARTBEAT_INTERVAL_MS = 15_000
export const MISSED_HEARTBEATS_OFFLINE = 3
