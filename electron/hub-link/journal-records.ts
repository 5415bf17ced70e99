import { RecordEnvelope, plainLinesJson, TICKET_CODES_MAX, TicketCode, type PrintedPayload, type ReprintPayload, type RefundPayload, type SalePayload, type ShiftPayload } from '../../hub/protocol'
import { centsOf } from '../contract/money'
import type { Order, OrderItem } from '../contract'
import type { LocalDb } from '../database/local-db'
import { paymentsTaken } from '../journal/sale-payments'
import type { FoundRecord, RecordPayloads } from '../journal/outbox-records'
import { SalesJournal, type SaleRecord, type SaleStep } from '../journal/sales-journal'
import { shiftPersonOf, zReportFromKept } from '../journal/shift-rows'
import { DrawerBook } from '../journal/drawer-book'
import { checkedRecord } from './checked-records'
import { cardsOfPayments, drawerOf, priceClassesOf } from './record-details'

/**
 * What each of the journal's records says to the hub (hub/protocol/record-payloads.ts): a sale the vendor
 * confirmed, a payment given back of a sale sold, its first print, a reprint, a closed shift. The journal
 * writes each record, with its id for ever, in the transaction of the step that makes it
 * (electron/journal/outbox-records.ts); the payload is made here, from the journal as it stands then,
 * and frozen: every upload of the record is the same record.
 */
export type NewRecord =
  | { recordId: string; kind: 'sale'; at: number; payload: SalePayload }
  | { recordId: string; kind: 'refund'; at: number; payload: RefundPayload }
  | { recordId: string; kind: 'printed'; at: number; payload: PrintedPayload }
  | { recordId: string; kind: 'reprint'; at: number; payload: ReprintPayload }
  | { recordId: string; kind: 'shift'; at: number; payload: ShiftPayload }

const isTraining = (backend: string) => backend.startsWith('sandbox/') || backend === 'sandbox'

/** Which sale, and whether it counts: every record of a sale says both. */
const whereOf = (sale: SaleRecord) => ({ backend: sale.backend, training: isTraining(sale.backend), saleId: sale.saleId, bookingReference: sale.reference })

/** One line per show of the order: what the hub totals by event and show. */
function showsOf(order: Order | null): SalePayload['shows'] {
  const byShow = new Map<number, OrderItem[]>()
  for (const item of order?.items ?? []) byShow.set(item.productId, [...(byShow.get(item.productId) ?? []), item])
  return [...byShow.entries()].map(([productId, items]) => ({
    productId,
    event: items[0]!.showTitle,
    showsAt: items[0]!.showDate,
    tickets: items.reduce((sum, i) => sum + i.quantity, 0),
    amountCents: items.reduce((sum, i) => sum + centsOf(i.subtotal.amount), 0),
  })).map((show) => {
    const priceClasses = priceClassesOf(byShow.get(show.productId)!, show.amountCents)
    return priceClasses ? { ...show, priceClasses } : show
  })
}

/**
 * The order's tickets' barcodes, by which another counter finds this sale through the hub. A barcode the
 * hub would refuse is left out, not sent: that ticket is found by the sale's reference only, and the sale
 * still uploads. Nothing for an order without tickets, so such a sale says what it said before.
 */
function ticketCodesOf(order: Order | null): Pick<SalePayload, 'ticketCodes'> {
  const barcodes = new Set((order?.tickets ?? []).map((t) => t.barcode))
  const codes = [...barcodes].filter((code) => TicketCode.safeParse(code).success).slice(0, TICKET_CODES_MAX)
  return codes.length > 0 ? { ticketCodes: codes } : {}
}

/** The patron as the journal still holds them, and only when the device keeps patron data at all. */
function patronOf(sale: SaleRecord, patronDays: number): SalePayload['patron'] {
  const { email, firstName, lastName } = sale.request.patron
  if (patronDays === 0 || email === '') return null
  return { email, ...(firstName ? { firstName } : {}), ...(lastName ? { lastName } : {}) }
}

/** `steps`: the sale's steps, read only for a sale a card paid (each card is said by the terminal's approval step). */
export function salePayload(sale: SaleRecord, steps: () => readonly SaleStep[], patronDays: number): SalePayload {
  const shows = showsOf(sale.order)
  const taken = paymentsTaken(sale.payments)
  const cards = taken.some((p) => p.tender === 'card') ? cardsOfPayments(taken, steps()) : new Map<number, never>()
  return {
    backend: sale.backend,
    training: isTraining(sale.backend),
    saleId: sale.saleId,
    bookingReference: sale.reference,
    paymentReference: sale.paymentRef,
    amountCents: sale.amountCents,
    tickets: sale.order?.tickets.length ?? shows.reduce((sum, s) => sum + s.tickets, 0),
    shows,
    ...ticketCodesOf(sale.order),
    payments: taken.map((p) => ({
      seq: p.seq,
      tender: p.tender,
      amountCents: p.amountCents,
      reference: p.reference,
      tenderedCents: p.tenderedCents,
      changeCents: p.changeCents,
      ...(p.tender === 'card' ? { card: cards.get(p.seq) ?? null } : {}),
      ...(p.tender === 'standalone' ? { approvalCode: p.approvalCode } : {}),
    })),
    cashier: sale.soldByName,
    shiftId: sale.shiftId,
    patron: patronOf(sale, patronDays),
    patronDays,
  }
}

function refundPayload(sale: SaleRecord, seq: number): RefundPayload {
  const refund = sale.payments.find((p) => p.seq === seq)!
  return { ...whereOf(sale), seq, refersTo: refund.refersTo, tender: refund.tender, amountCents: refund.amountCents, askedBy: refund.askedBy, approvedBy: refund.approvedBy }
}

interface ShiftRow {
  backend: string
  opened_at: number
  closed_at: number
  float_cents: number
  counted_cents: number | null
  opened_by: string | null
  closed_by: string | null
  approved_by: string | null
  z_report: string | null
}

function shiftPayload(db: LocalDb, shiftId: string): ShiftPayload {
  const row = db.prepare('SELECT * FROM shifts WHERE shift_id = ?').get(shiftId) as ShiftRow
  return {
    ...drawerOf(row.z_report ? zReportFromKept(row.z_report, shiftId) : null),
    backend: row.backend,
    training: isTraining(row.backend),
    shiftId,
    openedAt: new Date(row.opened_at).toISOString(),
    closedAt: new Date(row.closed_at).toISOString(),
    floatCents: row.float_cents,
    countedCents: row.counted_cents,
    openedBy: shiftPersonOf(row.opened_by)?.name ?? null,
    closedBy: shiftPersonOf(row.closed_by)?.name ?? null,
    approvedBy: shiftPersonOf(row.approved_by)?.name ?? null,
    ...drawerOfShift(db, row.backend, shiftId),
  }
}

/** The shift's cash drawer for the hub's End of day: openings, failed pulses, each No sale; nothing for a shift whose drawer was never pulsed. */
function drawerOfShift(db: LocalDb, backend: string, shiftId: string): Pick<ShiftPayload, 'drawer'> {
  const book = new DrawerBook(db, backend)
  const { figures, noSales: each } = book.ofShift(shiftId)
  const { openings, failed } = figures
  if (openings + failed === 0) return {}
  const noSales = each.slice(0, 1000).map((sale) => ({ at: new Date(sale.at).toISOString(), by: sale.by, reason: sale.reason }))
  return { drawer: { openings, failed, noSales } }
}

/**
 * The payload maker the journal freezes each record's payload with, and the outbox makes a backfilled
 * record's with: null for a record whose journal row does not read (damaged, or an older Foyer's) or that
 * the protocol would refuse (a field longer than it takes), which is then kept out of the uploads.
 */
export function hubRecordPayloads(db: LocalDb, patronDays: () => number): RecordPayloads {
  // Reads any backend's sales: the journal's rows are read by sale id alone. Made at the first record, not before.
  let journal: SalesJournal | null = null
  return {
    payloadOf(found: FoundRecord, sale?: SaleRecord): string | null {
      journal ??= new SalesJournal(db, '')
      try {
        const record = recordOf(db, journal, found, patronDays(), sale)
        const text = plainLinesJson(record.payload)
        // Checked as the journal will keep it, its text read back, as the outbox reads it (./checked-records.ts).
        const kept = { deviceRecordId: record.recordId, kind: record.kind, occurredAt: new Date(record.at).toISOString(), payload: text }
        if (!RecordEnvelope.safeParse({ ...kept, payload: JSON.parse(text) }).success) return null
        checkedRecord(kept)
        return text
      } catch {
        return null
      }
    },
  }
}

function recordOf(db: LocalDb, journal: SalesJournal, f: FoundRecord, patronDays: number, read?: SaleRecord): NewRecord {
  if (f.kind === 'shift') return { recordId: f.recordId, kind: 'shift', at: f.at, payload: shiftPayload(db, f.saleId) }
  const sale = read?.saleId === f.saleId ? read : journal.get(f.saleId)!
  if (f.kind === 'sale') return { recordId: f.recordId, kind: 'sale', at: f.at, payload: salePayload(sale, () => journal.steps(f.saleId), patronDays) }
  if (f.kind === 'refund') return { recordId: f.recordId, kind: 'refund', at: f.at, payload: refundPayload(sale, f.seq!) }
  if (f.kind === 'printed') return { recordId: f.recordId, kind: 'printed', at: f.at, payload: whereOf(sale) }
  return { recordId: f.recordId, kind: 'reprint', at: f.at, payload: { ...whereOf(sale), what: f.what ?? 'tickets' } }
}

/** When the vendor last confirmed a sale on this device (the heartbeat's last sale), or null; the confirms' own index answers it. */
export function lastSaleAt(db: LocalDb): number | null {
  return (db.prepare("SELECT MAX(at) AS at FROM sale_steps WHERE step = 'confirmed'").get() as { at: number | null }).at
}
