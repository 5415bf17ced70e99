import { z } from 'zod'
import { cashCountSchema } from './cash-count'
import { tenderSchema } from './checkout-channels'

/**
 * Counter shifts (electron/journal/shift-book.ts): open with a cash float,
 * read an X report at any time, close with the cash counted for the Z report.
 * Counter mode only; a self-service kiosk takes no cash and keeps no drawer.
 */
const cents = z.number().int().nonnegative().max(100_000_000)

const tenderTotalsSchema = z.object({ sales: z.number().int(), soldCents: z.number().int(), refunds: z.number().int(), refundedCents: z.number().int() })

export const shiftReportSchema = z.object({
  kind: z.enum(['X', 'Z']),
  shiftId: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  floatCents: z.number().int(),
  tickets: z.number().int(),
  card: tenderTotalsSchema,
  cash: tenderTotalsSchema,
  /** Cards taken on the standalone terminal: reconciled against that terminal's own batch, never the drawer. */
  standalone: tenderTotalsSchema,
  expectedCashCents: z.number().int(),
  countedCents: z.number().int().nullable(),
  /** The count behind countedCents, note by note (Z reports of older Foyers have none). */
  count: cashCountSchema.nullable(),
  varianceCents: z.number().int().nullable(),
  unresolved: z.number().int(),
})
export type ShiftReportView = z.infer<typeof shiftReportSchema>

export const shiftSaleSchema = z.object({
  saleId: z.string(),
  reference: z.string().nullable(),
  state: z.string(),
  tender: tenderSchema,
  amountCents: z.number().int(),
  tickets: z.number().int(),
  createdAt: z.string(),
})
export type ShiftSale = z.infer<typeof shiftSaleSchema>

export const shiftChannels = {
  /** The open shift's sales, newest first (for reprints). */
  'shift.sales': {
    request: z.object({}).strict(),
    response: z.array(shiftSaleSchema),
  },
  'shift.current': {
    request: z.object({}).strict(),
    /** The open shift's X report, or null when no shift is open. */
    response: shiftReportSchema.nullable(),
  },
  'shift.open': {
    request: z.object({ floatCents: cents }).strict(),
    response: shiftReportSchema,
  },
  'shift.close': {
    /** The drawer counted by denomination: main adds it up (the renderer's total is for the screen only). */
    request: z.object({ count: cashCountSchema }).strict(),
    response: shiftReportSchema,
  },
} as const
