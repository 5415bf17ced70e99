import { z } from 'zod'
import { cashCountSchema } from './cash-count'
import { shiftDrawerSchema } from './drawer-channels'
import { tenderSchema } from './checkout-channels'
import { approvalPinSchema, staffMemberSchema } from './staff-channels'

/**
 * Counter shifts (electron/journal/shift-book.ts): open with a cash float,
 * read an X report at any time, close with the cash counted for the Z report.
 * Counter mode only; a self-service kiosk takes no cash and keeps no drawer.
 */
const cents = z.number().int().nonnegative().max(100_000_000)

/** A tender's sales (refunded ones too), its counter refunds, the net, and payments given back unsold (electron/journal/shift-tally.ts). */
const tenderTotalsSchema = z.object({
  sales: z.number().int(),
  soldCents: z.number().int(),
  refunds: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
  paidBack: z.number().int(),
  paidBackCents: z.number().int(),
})

/** One counter refund on a report: the sale, how much, and who asked for it and approved it (names as kept with the sale). */
const shiftRefundSchema = z.object({
  saleId: z.string(),
  reference: z.string().nullable(),
  tender: tenderSchema,
  amountCents: z.number().int(),
  tickets: z.number().int(),
  askedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
})

export const shiftReportSchema = z.object({
  kind: z.enum(['X', 'Z']),
  shiftId: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  floatCents: z.number().int(),
  /** Tickets sold (refunded ones too), refunded at the counter, and the net. */
  tickets: z.number().int(),
  ticketsRefunded: z.number().int(),
  ticketsNet: z.number().int(),
  /** Of those, the wheelchair spaces, companion and couple seats (absent in reports of older Foyers). */
  seatKinds: z.object({ wheelchair: z.number().int().optional(), companion: z.number().int().optional(), couple: z.number().int().optional() }).optional(),
  card: tenderTotalsSchema,
  cash: tenderTotalsSchema,
  /** Cards taken on the standalone terminal: reconciled against that terminal's own batch, never the drawer. */
  standalone: tenderTotalsSchema,
  refundsMade: z.array(shiftRefundSchema),
  expectedCashCents: z.number().int(),
  countedCents: z.number().int().nullable(),
  /** The count behind countedCents, note by note (Z reports of older Foyers have none). */
  count: cashCountSchema.nullable(),
  varianceCents: z.number().int().nullable(),
  unresolved: z.number().int(),
  /** The counter, the terminal (this machine) and the venues sold for, as the printed report heads them. */
  terminal: z.string(),
  venues: z.array(z.string()),
  /** Who opened the shift, who is reading or closed it, and the supervisor who approved a drawer over tolerance (null: none needed, or an older Foyer's shift). */
  openedBy: staffMemberSchema.nullable(),
  cashier: staffMemberSchema.nullable(),
  approvedBy: staffMemberSchema.nullable(),
  /** The tolerance the close was judged by (Z only). */
  toleranceCents: z.number().int().nullable(),
  /** The cash drawer's openings and No sales (absent: no drawer set up, or a report of an older Foyer). */
  drawer: shiftDrawerSchema.optional(),
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
  /** The cashier who sold it (null: sold before staff had accounts). */
  soldBy: z.string().nullable(),
  /** The supervisor who approved its refund at the counter, if it was refunded there. */
  refundedBy: z.string().nullable(),
  /** The cashier who asked for that refund (null: none, or a refund from before it was kept). */
  refundAskedBy: z.string().nullable(),
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
    // Over the tolerance (a setting) it needs a supervisor: signed in, or one's PIN for this close (approvalPin).
    request: z.object({ count: cashCountSchema, approvalPin: approvalPinSchema }).strict(),
    response: shiftReportSchema,
  },
  /** Prints the open shift's X report, or the last closed shift's Z report again (the printer also keeps a PDF). */
  'shift.print': {
    request: z.object({ kind: z.enum(['X', 'Z']) }).strict(),
    response: z.object({ printed: z.boolean() }),
  },
} as const
