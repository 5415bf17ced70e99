import { z } from 'zod'
import { RecordEnvelope, SalePayload } from './records'

/**
 * The dashboard's Today: sales across every device for the hub's day (its own time zone), in integer
 * cents. Training sales (the built-in sandbox) are never counted with real ones: they are counted
 * apart, in `training`. A refund is counted on the day it was given, against its own tender and device.
 */
const Cents = z.number().int()
const Count = z.number().int().nonnegative()
const At = z.iso.datetime({ offset: true })

/** Sales and the money they took. */
const Takings = { sales: Count, tickets: Count, amountCents: Cents }

export const TodayTotals = z.object({
  ...Takings,
  refunds: Count,
  refundedCents: Cents,
  /** Taken less given back. */
  netCents: Cents,
})
export type TodayTotals = z.infer<typeof TodayTotals>

export const TodayAnswer = z.object({
  day: z.object({ start: At, end: At }),
  /** Real sales only. */
  totals: TodayTotals,
  /** Training sales and refunds, never in any other figure. */
  training: TodayTotals,
  /** A sale of two shows counts in both, with each show's tickets and money. */
  byShow: z.array(z.object({ event: z.string().nullable(), showsAt: z.string().nullable(), tickets: Count, amountCents: Cents })),
  /** Taken and given back per tender (a split sale counts in each of its tenders). */
  byTender: z.array(z.object({ tender: z.enum(['card', 'cash', 'standalone']), payments: Count, amountCents: Cents, refundedCents: Cents })),
  byDevice: z.array(z.object({ deviceId: z.uuid(), deviceName: z.string(), ...Takings, refundedCents: Cents })),
  /** `cashier` null: self-service sales. */
  byCashier: z.array(z.object({ cashier: z.string().nullable(), ...Takings })),
  /** Each hour of the hub's day that had a sale, `hour` its start. */
  byHour: z.array(z.object({ hour: At, ...Takings })),
})
export type TodayAnswer = z.infer<typeof TodayAnswer>

/** GET /api/sales?reference=…: the booking reference, the sale's payment reference, or one payment's reference. */
export const SaleLookupQuery = z.object({ reference: z.string().trim().min(1).max(200) })
export type SaleLookupQuery = z.infer<typeof SaleLookupQuery>

/** A record as the device uploaded it, with where and when the hub got it. */
export const StoredRecord = RecordEnvelope.and(z.object({ hubRecordId: z.string().regex(/^\d+$/), receivedAt: At }))
export type StoredRecord = z.infer<typeof StoredRecord>

/** A sale found, with its steps: every record of that sale from its device (refunds, reprints), oldest first. */
export const FoundSale = z.object({
  deviceId: z.uuid(),
  deviceName: z.string(),
  deviceRecordId: z.string(),
  occurredAt: At,
  receivedAt: At,
  sale: SalePayload,
  steps: z.array(StoredRecord),
})
export type FoundSale = z.infer<typeof FoundSale>

/** Every sale (any day) carrying that reference: usually one; none is an empty list. */
export const SaleLookupAnswer = z.object({ sales: z.array(FoundSale) })
export type SaleLookupAnswer = z.infer<typeof SaleLookupAnswer>
