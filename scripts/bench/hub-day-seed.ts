import { randomUUID } from 'node:crypto'
import type { RecordEnvelope, RefundPayload, SalePayload, ShiftPayload } from '../../hub/protocol'
import type { HubDatabase } from '../../hub/storage/database'
import { storeRecords } from '../../hub/storage/record-table'

/**
 * A box office's days for the end-of-day bench, stored through the hub's own storage API (what an
 * upload calls, with the same statement): counters and kiosks selling one to six tickets of two shows
 * in three price classes; by card mostly, cash, the standalone terminal now and then, and split sales;
 * a card refund every fiftieth sale; a training device's sales beside; each counter's shift closed
 * with its drawer counted. Deterministic: the same counts give the same records.
 */
const COUNTERS = 4
const KIOSKS = 4
const CASHIERS = ['Mei Tan', '陈美玲', 'Ali Hassan', 'Siti']
const SHOWS = [
  { productId: 1, event: 'Swan Lake', showsAt: '2026-11-26T20:00:00+08:00' },
  { productId: 2, event: 'The Nutcracker', showsAt: '2026-11-27T15:00:00+08:00' },
]
const CLASSES = [
  { code: 'A', name: 'Adult', cents: 4500 },
  { code: 'C', name: 'Child', cents: 2250 },
  { code: 'S', name: null, cents: 3000 },
]

export interface SeededDevice {
  id: string
  name: string
  counter: boolean
  training: boolean
}

export async function seedDevices(db: HubDatabase): Promise<SeededDevice[]> {
  const devices: SeededDevice[] = [
    ...Array.from({ length: COUNTERS }, (_, i) => ({ id: randomUUID(), name: `Counter ${i + 1}`, counter: true, training: false })),
    ...Array.from({ length: KIOSKS }, (_, i) => ({ id: randomUUID(), name: `Lobby kiosk ${i + 1}`, counter: false, training: false })),
    { id: randomUUID(), name: 'Training counter', counter: true, training: true },
  ]
  for (const d of devices) {
    await db.query('INSERT INTO devices (id, name, place, token_hash, enrolled_at) VALUES ($1, $2, $3, $4, $5)', [d.id, d.name, 'Lobby', randomUUID(), new Date('2026-01-01T00:00:00Z')])
  }
  return devices
}

function payments(n: number, amountCents: number, counter: boolean, id: string): SalePayload['payments'] {
  const card = (seq: number, cents: number) => ({
    seq, tender: 'card' as const, amountCents: cents, reference: `PSP${id}${seq}`, tenderedCents: null, changeCents: null,
    card: { brand: n % 3 === 0 ? 'MC' : 'VISA', last4: String(1000 + (n % 9000)), authCode: `A${n % 100000}`, merchantReference: `FY-${id}-${seq}` },
  })
  if (!counter || n % 10 < 6) return [card(1, amountCents)]
  if (n % 10 < 8) return [{ seq: 1, tender: 'cash', amountCents, reference: null, tenderedCents: amountCents + 500, changeCents: 500 }]
  if (n % 10 === 8) return [{ seq: 1, tender: 'standalone', amountCents, reference: `SA${id}`, tenderedCents: null, changeCents: null, approvalCode: String(100000 + (n % 900000)) }]
  const cash = Math.floor(amountCents / 2)
  return [{ seq: 1, tender: 'cash', amountCents: cash, reference: null, tenderedCents: cash, changeCents: 0 }, card(2, amountCents - cash)]
}

function sale(n: number, device: SeededDevice, day: string): SalePayload {
  const id = `${day.replaceAll('-', '')}${String(n).padStart(6, '0')}`
  const shows = SHOWS.slice(0, 1 + (n % 2)).map((show, s) => {
    const classes = CLASSES.slice(0, 1 + ((n + s) % 3)).map((c, k) => ({ code: c.code, name: c.name, tickets: 1 + ((n + k) % 2), amountCents: 0 }))
    for (const [k, c] of classes.entries()) c.amountCents = c.tickets * CLASSES[k]!.cents
    const tickets = classes.reduce((a, c) => a + c.tickets, 0)
    // Every seventh show as an older Foyer sent it: no price classes.
    return { ...show, tickets, amountCents: classes.reduce((a, c) => a + c.amountCents, 0), ...(n % 7 === 0 ? {} : { priceClasses: classes }) }
  })
  const amountCents = shows.reduce((a, s) => a + s.amountCents, 0)
  return {
    backend: device.training ? 'training/sandbox' : 'production/citytheatre', training: device.training, saleId: `sale-${id}`,
    bookingReference: `FY${id}`, paymentReference: `PAY${id}`, amountCents, tickets: shows.reduce((a, s) => a + s.tickets, 0), shows,
    ticketCodes: Array.from({ length: shows.reduce((a, s) => a + s.tickets, 0) }, (_, t) => `T${id}${t}`),
    payments: payments(n, amountCents, device.counter, id), cashier: device.counter ? CASHIERS[n % CASHIERS.length]! : null,
    shiftId: device.counter ? `shift-${device.name}-${day}` : null, patron: null, patronDays: 30,
  }
}

function refundOf(s: SalePayload): RefundPayload {
  const paid = s.payments.at(-1)!
  return { backend: s.backend, training: s.training, saleId: s.saleId, bookingReference: s.bookingReference, seq: paid.seq + 1, refersTo: paid.seq, tender: paid.tender, amountCents: paid.amountCents, askedBy: s.cashier, approvedBy: 'Mei Tan' }
}

function shift(device: SeededDevice, day: string, start: Date, end: Date): ShiftPayload {
  return {
    backend: 'production/citytheatre', training: false, shiftId: `shift-${device.name}-${day}`, openedAt: start.toISOString(), closedAt: end.toISOString(), floatCents: 20000,
    cashSoldCents: 100000, cashRefundedCents: 0, expectedCashCents: 120000, countedCents: 119950, varianceCents: -50,
    count: [{ denominationCents: 5000, quantity: 20 }, { denominationCents: 1000, quantity: 19 }, { denominationCents: 50, quantity: 19 }],
    openedBy: 'Mei Tan', closedBy: 'Mei Tan', approvedBy: 'Ali Hassan',
    drawer: { openings: 40, failed: 1, noSales: [{ at: end.toISOString(), by: 'Siti', reason: 'change' }] },
  }
}

/** Stores `sales` sales (and their refunds and shifts) of the day that starts at `start`, spread over its selling hours. */
export async function seedDay(db: HubDatabase, devices: readonly SeededDevice[], day: string, start: Date, sales: number): Promise<void> {
  const opens = start.getTime() + 9 * 3_600_000
  const span = 13 * 3_600_000
  const byDevice = new Map<string, RecordEnvelope[]>()
  const add = (d: SeededDevice, r: RecordEnvelope) => byDevice.set(d.id, [...(byDevice.get(d.id) ?? []), r])
  for (let n = 0; n < sales; n++) {
    const device = devices[n % devices.length]!
    const at = new Date(opens + Math.floor((n / sales) * span)).toISOString()
    const payload = sale(n, device, day)
    add(device, { deviceRecordId: `sale:${payload.saleId}`, kind: 'sale', occurredAt: at, payload })
    if (n % 50 === 49) add(device, { deviceRecordId: `refund:${payload.saleId}:9`, kind: 'refund', occurredAt: new Date(Date.parse(at) + 60_000).toISOString(), payload: refundOf(payload) })
  }
  for (const d of devices.filter((d) => d.counter && !d.training)) {
    const s = shift(d, day, new Date(opens), new Date(opens + span))
    add(d, { deviceRecordId: `shift:${s.shiftId}`, kind: 'shift', occurredAt: s.closedAt, payload: s })
  }
  for (const [deviceId, records] of byDevice) {
    for (let i = 0; i < records.length; i += 500) await storeRecords(db, deviceId, records.slice(i, i + 500), new Date())
  }
}
