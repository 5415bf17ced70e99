import type { Heartbeat } from '../../hub/protocol'

/** A device that can sell: terminal and printer ready. */
export const readyHeartbeat: Heartbeat = {
  appVersion: '0.1.0',
  mode: 'self-service',
  backend: 'production',
  screen: 'attract',
  seatsHeld: 0,
  terminal: { state: 'ready', since: '2026-11-26T17:00:00.000Z' },
  printer: { state: 'ready' },
  uploadsWaiting: 0,
  lastSaleAt: null,
  freeDiskBytes: 12_000_000_000,
  sentAt: '2026-11-26T18:00:00.000+08:00',
}
