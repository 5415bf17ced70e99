import { z } from 'zod'
import { TodayAnswer, TodayTotals } from './dashboard-today'
import { CountedDenomination, NoSaleReason } from './record-payloads'

/**
 * End of day (issue #26): one hub day (the hub's own time zone) across every device, closed once by a
 * named manager. The figures are kept as they were at the close; a record of that day uploaded after
 * it marks the day amended, shown apart with what it changed, never folded into the closed figures.
 * Money in the journal's integer cents. Training sales are never in any figure but `training`.
 */
const Cents = z.number().int()
const Count = z.number().int().nonnegative()
const At = z.iso.datetime({ offset: true })
const Name = z.string().nullable()

/** A hub day, `YYYY-MM-DD` on the hub's calendar. */
export const DayDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
export type DayDate = z.infer<typeof DayDate>

/** Where each figure of a device sits: its id and the name the manager gave it. */
const OnDevice = { deviceId: z.uuid(), deviceName: z.string() }

/**
 * One person's "No sale" openings of the drawer in a shift (issue #34): how many, and how many for each
 * reason. `by` null: the counter did not say who.
 */
export const DayNoSales = z.object({ by: Name, count: Count, reasons: z.record(NoSaleReason, Count) })
export type DayNoSales = z.infer<typeof DayNoSales>

/** A counter's shift closed that day: the drawer from float to count, and who counted and approved. */
export const DayShift = z.object({
  ...OnDevice,
  shiftId: z.string(),
  openedAt: At,
  closedAt: At,
  floatCents: Cents,
  /** Null: an older Foyer's upload, which did not carry the drawer's figures. */
  cashSoldCents: Cents.nullable(),
  cashRefundedCents: Cents.nullable(),
  expectedCashCents: Cents.nullable(),
  countedCents: Cents.nullable(),
  count: z.array(CountedDenomination).nullable(),
  /** Counted less expected: negative is cash missing. */
  varianceCents: Cents.nullable(),
  openedBy: Name,
  closedBy: Name,
  approvedBy: Name,
  /**
   * The cash drawer over the shift (issue #34): times opened, pulses that failed, No sale openings by
   * person. Null (never 0): an older Foyer's upload or a counter without a drawer; absent (read as null)
   * from a day closed before the hub knew drawers.
   */
  drawerOpenings: Count.nullable().default(null),
  drawerFailed: Count.nullable().default(null),
  noSales: z.array(DayNoSales).nullable().default(null),
})
export type DayShift = z.infer<typeof DayShift>

/** One card payment taken or given back at a device's terminal: what the acquirer's report lists. */
export const DayCardPayment = z.object({
  ...OnDevice,
  at: At,
  type: z.enum(['sale', 'refund']),
  saleId: z.string(),
  bookingReference: Name,
  amountCents: Cents,
  /** The terminal's transaction id (Adyen's PSP reference). */
  pspReference: Name,
  merchantReference: Name,
  brand: Name,
  last4: Name,
  authCode: Name,
})
export type DayCardPayment = z.infer<typeof DayCardPayment>

/** A card taken on a standalone terminal and keyed in: to tick off against that terminal's batch. */
export const DayStandaloneSale = z.object({
  ...OnDevice,
  at: At,
  saleId: z.string(),
  bookingReference: Name,
  amountCents: Cents,
  approvalCode: Name,
  reference: Name,
})
export type DayStandaloneSale = z.infer<typeof DayStandaloneSale>

export const EndOfDayFigures = z.object({
  totals: TodayTotals,
  training: TodayTotals,
  /** By event, show and price class (`priceClass` null: an older Foyer's sale, its show as one line). */
  byShow: z.array(z.object({ event: Name, showsAt: Name, priceClass: Name, tickets: Count, amountCents: Cents })),
  byTender: TodayAnswer.shape.byTender,
  byDevice: TodayAnswer.shape.byDevice,
  byCashier: TodayAnswer.shape.byCashier,
  shifts: z.array(DayShift),
  /**
   * Each device's card takings at its own terminal (a kiosk's are all of its takings). The payments
   * themselves are not in the figures (a busy day has tens of thousands): the page reads them a page at
   * a time (END_OF_DAY_PATHS.cardPayments), the card file all of them; a day closed before kept them here
   * (`cardPayments`), which is left out when read.
   */
  cardByDevice: z.array(z.object({ ...OnDevice, payments: Count, amountCents: Cents, refundedCents: Cents })),
  standalone: z.array(DayStandaloneSale),
})
export type EndOfDayFigures = z.infer<typeof EndOfDayFigures>

/** A record of a closed day that reached the hub after the close. */
export const LateRecord = z.object({
  ...OnDevice,
  kind: z.enum(['sale', 'refund', 'shift']),
  deviceRecordId: z.string(),
  occurredAt: At,
  receivedAt: At,
  /** What it took (a sale), gave back (a refund) or counted (a shift). */
  amountCents: Cents.nullable(),
})
export type LateRecord = z.infer<typeof LateRecord>

export const EndOfDayAnswer = z.object({
  date: DayDate,
  window: z.object({ start: At, end: At }),
  closed: z.object({ closedBy: z.string(), closedAt: At }).nullable(),
  /** The figures as closed, or as they stand while the day is open. */
  figures: EndOfDayFigures,
  /** Null unless records came after the close: those records, the totals now, and now less closed. */
  amendment: z.object({ late: z.array(LateRecord), totalsNow: TodayTotals, change: TodayTotals }).nullable(),
})
export type EndOfDayAnswer = z.infer<typeof EndOfDayAnswer>

/** GET END_OF_DAY_PATHS.cardPayments: a page of the day's card payments, `offset` from the first, in the order they happened. */
export const CardPaymentsQuery = z.object({
  offset: z.coerce.number().int().nonnegative().max(10_000_000).default(0),
  limit: z.coerce.number().int().positive().max(500).default(100),
})
export type CardPaymentsQuery = z.infer<typeof CardPaymentsQuery>

/** `total`: the day's card payments and refunds in all (those the close counted, on a closed day). */
export const CardPaymentsAnswer = z.object({ total: Count, offset: Count, payments: z.array(DayCardPayment) })
export type CardPaymentsAnswer = z.infer<typeof CardPaymentsAnswer>

/** The files a day (or a range of days) is downloaded as. */
export const DAY_FILES = ['csv', 'xlsx', 'pdf', 'cards.csv'] as const
export type DayFile = (typeof DAY_FILES)[number]
export const RANGE_FILES = ['csv', 'xlsx'] as const
export type RangeFile = (typeof RANGE_FILES)[number]

export const RangeQuery = z.object({ from: DayDate, to: DayDate }).refine((r) => r.from <= r.to, { message: 'from is after to' })

export const END_OF_DAY_PATHS = {
  /** GET: the day's EndOfDayAnswer. */
  day: (date: string) => `/api/days/${encodeURIComponent(date)}`,
  /** GET `?offset=&limit=` (CardPaymentsQuery): a page of the day's card payments and refunds (CardPaymentsAnswer). */
  cardPayments: (date: string) => `/api/days/${encodeURIComponent(date)}/card-payments`,
  /** POST: close the day in the signed-in manager's name (409 `day-closed` when it was). */
  close: (date: string) => `/api/days/${encodeURIComponent(date)}/close`,
  /** GET `?lang=` (FileQuery, export-language.ts): the day as a file: every figure (csv, xlsx), the report (pdf), the card payments for the acquirer (cards.csv). */
  file: (date: string, file: DayFile) => `/api/days/${encodeURIComponent(date)}/end-of-day.${file}`,
  /** GET `?from=&to=&lang=` (days, both included; RangeQuery and FileQuery): those days' figures as one file. */
  range: (file: RangeFile) => `/api/range/sales.${file}`,
} as const
