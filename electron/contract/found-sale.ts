import { z } from 'zod'
import { tenderSchema } from './checkout-channels'

/**
 * A sale found by a code the counter's scanner read (issue #34): a ticket's barcode, or the booking
 * reference on a receipt's or the kiosk done screen's QR code. Counter only, with someone signed in.
 * Found in this device's journal (electron/checkout/sale-finder.ts), else at the box office's hub
 * among the venue's other devices' sales, read-only there: a refund needs the device that took the
 * money. Nothing about the patron rides along.
 */
const cents = z.number().int()
const text = z.string().max(200)

/** Where the sale stands, in the box office's words: sold (tickets issued), refunded, cancelled (never sold), unfinished, or waiting for staff. */
export const foundSaleStandingSchema = z.enum(['sold', 'refunded', 'cancelled', 'unfinished', 'needs-staff'])
export type FoundSaleStanding = z.infer<typeof foundSaleStandingSchema>

export const foundSaleSchema = z.object({
  /** here: this device's own journal; hub: another device of the venue, as the hub holds it (read-only). */
  source: z.enum(['here', 'hub']),
  /** The device that sold it (a sale found at the hub); null for this device's own. */
  soldAt: text.nullable(),
  saleId: text,
  reference: text.nullable(),
  /** What the code was: the booking reference or one ticket's barcode. */
  matched: z.enum(['reference', 'ticket']),
  standing: foundSaleStandingSchema,
  createdAt: z.string(),
  soldBy: text.nullable(),
  amountCents: cents,
  /** Each show of the sale and its number of tickets. */
  shows: z.array(z.object({ title: text.nullable(), date: text.nullable(), tickets: cents })).max(20),
  /** The tickets with their barcodes and seats (a sale found at the hub: none, the hub holds its barcodes but not its tickets). */
  tickets: z
    .array(
      z.object({
        ticketNumber: text,
        barcode: text,
        section: text.nullable(),
        row: text.nullable(),
        seat: text.nullable(),
        priceClassCode: text,
        /** The ticket the code named. */
        scanned: z.boolean(),
      }),
    )
    .max(200),
  payments: z.array(z.object({ tender: tenderSchema, amountCents: cents, state: z.enum(['taken', 'given-back', 'not-taken']) })).max(20),
  refunds: z.array(z.object({ tender: tenderSchema, amountCents: cents, askedBy: text.nullable(), approvedBy: text.nullable() })).max(20),
  /** What may be done with it here: a reprint of this device's sold sales; a refund of those of the open shift. */
  canReprint: z.boolean(),
  canRefund: z.boolean(),
})
export type FoundSale = z.infer<typeof foundSaleSchema>

export const foundSaleChannels = {
  /** The sale a scanned code names, or null: no sale here (nor at the hub) has that code. */
  'sales.find': {
    // The code as the scanner typed it: main trims it and answers null for one no sale could have.
    request: z.object({ code: z.string().min(1).max(200) }).strict(),
    response: foundSaleSchema.nullable(),
  },
} as const
