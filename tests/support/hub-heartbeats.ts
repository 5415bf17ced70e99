import type { Heartbeat, SalePayload } from '../../hub/protocol'

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
  patronDays: 30,
  sentAt: '2026-11-26T18:00:00.000+08:00',
}

/** A real sale of `n` tickets at 12.50 each, paid by card at a counter, as a device uploads it. */
export function salePayload(n: number): SalePayload {
  const amountCents = n * 1250
  return {
    backend: 'production/citytheatre',
    training: false,
    saleId: `sale-${n}`,
    bookingReference: `BK${n}`,
    paymentReference: `PSP-${n}`,
    amountCents,
    tickets: n,
    shows: [{ productId: 1, event: 'Swan Lake', showsAt: '2026-11-26T20:00:00+08:00', tickets: n, amountCents }],
    payments: [{ seq: 1, tender: 'card', amountCents, reference: `PSP-${n}`, tenderedCents: null, changeCents: null }],
    cashier: 'Mei',
    shiftId: null,
    patron: null,
    patronDays: 30,
  }
}
