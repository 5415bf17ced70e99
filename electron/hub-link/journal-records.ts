import { TICKET_CODES_MAX, TicketCode, type PrintedPayload, type ReprintPayload, type RefundPayload, type SalePayload, type ShiftPayload } from '../../hub/protocol'
import { centsOf } from '../contract/money'
import type { Order, OrderItem } from '../contract'
import type { LocalDb } from '../database/local-db'
import { paymentsTaken } from '../journal/sale-payments'
import { SalesJournal, type SaleRecord, type SaleStep } from '../journal/sales-journal'
import { shiftPersonOf, zReportFromKept } from '../journal/shift-rows'
import { DrawerBook } from '../journal/drawer-book'
import { cardsOfPayments, drawerOf, priceClassesOf } from './record-details'

/**
 * The journal's records the hub has not been given yet, each with the id it is known by for ever and
 * its payload (hub/protocol/record-payloads.ts). Found from the journal itself, which is the outbox:
 * a sale the vendor confirmed, a payment given back of a sale sold, its first print, a reprint, a closed shift. An id
 * already in hub_outbox is never made again, so each record is made once, however often this runs.
 */
export type NewRecord =
  | { recordId: string; kind: 'sale'; at: number; payload: SalePayload }
  | { recordId: string; kind: 'refund'; at: number; payload: RefundPayload }
  | { recordId: string; kind: 'printed'; at: number; payload: PrintedPayload }
  | { recordId: string; kind: 'reprint'; at: number; payload: ReprintPayload }
  | { recordId: string; kind: 'shift'; at: number; payload: ShiftPayload }

const NOT_YET = (id: string) => `NOT EXISTS (SELECT 1 FROM hub_outbox o WHERE o.record_id = ${id})`
const SOLD = `s.state IN ('confirmed', 'refunded')`

/** Every record not in the outbox, oldest first; at one time a sale comes before its refund or reprint. */
const NEW_RECORDS = `
  SELECT 'sale' AS kind, 'sale:' || s.sale_id AS recordId, s.sale_id AS saleId, NULL AS seq,
         COALESCE((SELECT MIN(st.at) FROM sale_steps st WHERE st.sale_id = s.sale_id AND st.step = 'confirmed'), s.updated_at) AS at, 0 AS rank, NULL AS what
    FROM sales s WHERE ${SOLD} AND ${NOT_YET(`'sale:' || s.sale_id`)}
  UNION ALL
  SELECT 'refund', 'refund:' || p.sale_id || ':' || p.seq, p.sale_id, p.seq, p.updated_at, 1, NULL
    FROM sale_payments p JOIN sales s ON s.sale_id = p.sale_id
   WHERE p.kind = 'refund' AND p.state = 'approved' AND ${SOLD} AND ${NOT_YET(`'refund:' || p.sale_id || ':' || p.seq`)}
  UNION ALL
  SELECT 'printed', 'printed:' || st.sale_id, st.sale_id, NULL, MIN(st.at), 2, NULL
    FROM sale_steps st
   WHERE st.step = 'printed' AND json_valid(st.detail) AND json_extract(st.detail, '$.what') = 'sale'
     AND ${NOT_YET(`'printed:' || st.sale_id`)}
   GROUP BY st.sale_id
  UNION ALL
  SELECT 'reprint', 'reprint:' || st.sale_id || ':' || st.seq, st.sale_id, st.seq, st.at, 2, json_extract(st.detail, '$.what')
    FROM sale_steps st
   WHERE st.step = 'printed' AND json_valid(st.detail) AND json_extract(st.detail, '$.what') IN ('tickets', 'receipt')
     AND ${NOT_YET(`'reprint:' || st.sale_id || ':' || st.seq`)}
  UNION ALL
  SELECT 'shift', 'shift:' || sh.shift_id, sh.shift_id, NULL, sh.closed_at, 3, NULL
    FROM shifts sh WHERE sh.closed_at IS NOT NULL AND ${NOT_YET(`'shift:' || sh.shift_id`)}
  ORDER BY at, rank, recordId
  LIMIT ?`

interface Found {
  kind: NewRecord['kind']
  recordId: string
  saleId: string
  seq: number | null
  at: number
  what: 'tickets' | 'receipt' | null
}

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

export function salePayload(sale: SaleRecord, steps: readonly SaleStep[], patronDays: number): SalePayload {
  const shows = showsOf(sale.order)
  const taken = paymentsTaken(sale.payments)
  const cards = cardsOfPayments(taken, steps)
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

/** A journal row that does not read (damaged, or an older Foyer's): it has no payload to send. */
export type UnreadableRecord = { recordId: string; kind: NewRecord['kind']; at: number; payload: null }

/** Up to `limit` records the outbox does not hold yet, oldest first, each with its payload made now. */
export function newJournalRecords(db: LocalDb, patronDays: number, limit: number): (NewRecord | UnreadableRecord)[] {
  // Reads any backend's sales: the journal's rows are read by sale id alone.
  const journal = new SalesJournal(db, '')
  const found = db.prepare(NEW_RECORDS).all(limit) as Found[]
  return found.map((f) => {
    try {
      return recordOf(db, journal, f, patronDays)
    } catch {
      return { recordId: f.recordId, kind: f.kind, at: f.at, payload: null }
    }
  })
}

function recordOf(db: LocalDb, journal: SalesJournal, f: Found, patronDays: number): NewRecord {
  if (f.kind === 'shift') return { recordId: f.recordId, kind: 'shift', at: f.at, payload: shiftPayload(db, f.saleId) }
  const sale = journal.get(f.saleId)!
  if (f.kind === 'sale') return { recordId: f.recordId, kind: 'sale', at: f.at, payload: salePayload(sale, journal.steps(f.saleId), patronDays) }
  if (f.kind === 'refund') return { recordId: f.recordId, kind: 'refund', at: f.at, payload: refundPayload(sale, f.seq!) }
  if (f.kind === 'printed') return { recordId: f.recordId, kind: 'printed', at: f.at, payload: whereOf(sale) }
  return { recordId: f.recordId, kind: 'reprint', at: f.at, payload: { ...whereOf(sale), what: f.what ?? 'tickets' } }
}

/** When the vendor last confirmed a sale on this device (the heartbeat's last sale), or null. */
export function lastSaleAt(db: LocalDb): number | null {
  return (db.prepare("SELECT MAX(at) AS at FROM sale_steps WHERE step = 'confirmed'").get() as { at: number | null }).at
}
