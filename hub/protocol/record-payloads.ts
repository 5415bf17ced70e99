import { z } from 'zod'
import { sentText } from './plain-text'

/**
 * What each kind of journal record says to the hub, made from the device's journal (a sale is an
 * order and its payments: electron/journal/sale-states.ts). Money in integer cents. Every object is
 * strict: a field the schema does not name (a terminal's key, a vendor secret, a card number) is
 * refused, not carried along. Patron data travels only inside `patron`, and only when the device's
 * retention setting keeps any (`patronDays` says for how long the hub may keep it).
 */
const Cents = z.number().int().nonnegative()
const Text = sentText(200)
const At = z.iso.datetime({ offset: true })
const Tender = z.enum(['card', 'cash', 'standalone'])

/** Which sales count: training sales (the built-in sandbox) are never counted with real ones. */
const Where = {
  /** The device's backend and tenant at the vendor, e.g. "production/citytheatre". */
  backend: Text,
  training: z.boolean(),
}

/** The tickets of one price class in a show of a sale (absent from an older Foyer's uploads). */
export const SalePriceClass = z.strictObject({
  code: Text,
  name: Text.nullable(),
  tickets: z.number().int().nonnegative(),
  amountCents: Cents,
})

/** One show of a sale: what the dashboard totals by event/show (and price class, when the device says). */
export const SaleShow = z.strictObject({
  productId: z.number().int(),
  event: Text.nullable(),
  showsAt: Text.nullable(),
  tickets: z.number().int().nonnegative(),
  amountCents: Cents,
  priceClasses: z.array(SalePriceClass).max(50).optional(),
})
export type SaleShow = z.infer<typeof SaleShow>

/**
 * What the card terminal said of an approved card payment (electron/journal/card-step.ts), never the
 * card's number: what the venue holds against its acquirer's settlement report. `merchantReference`
 * is the reference Foyer gave the terminal's payment (its idempotency key).
 */
export const CardOfPayment = z.strictObject({
  brand: Text.nullable(),
  last4: z.string().regex(/^\d{4}$/).nullable(),
  /** Absent from a Foyer that sent brand and last four only. */
  authCode: Text.nullable().optional(),
  merchantReference: Text.nullable().optional(),
})
export type CardOfPayment = z.infer<typeof CardOfPayment>

/** A payment the sale took (given back since or not): one per tender for a split sale. */
export const SalePayment = z.strictObject({
  seq: z.number().int().positive(),
  tender: Tender,
  amountCents: Cents,
  /** The terminal's transaction, the cash or standalone payment's reference. */
  reference: Text.nullable(),
  tenderedCents: Cents.nullable(),
  changeCents: Cents.nullable(),
  /** A card at the terminal: its card (absent from an older Foyer's uploads). */
  card: CardOfPayment.nullable().optional(),
  /** The standalone terminal's approval code, as keyed at the counter. */
  approvalCode: Text.nullable().optional(),
})

/**
 * How many days the hub may keep a sale's patron: the device's own window (its staff setting), said
 * on every sale and every heartbeat. 0: the device keeps none, and sends none.
 */
export const PatronDays = z.number().int().nonnegative().max(3650)

export const Patron = z.strictObject({
  email: sentText(255),
  firstName: sentText(100).optional(),
  lastName: sentText(100).optional(),
})

/**
 * A ticket's barcode as a counter's scanner reads it: printable ASCII without spaces (a keyboard-wedge
 * scanner types nothing else), bounded. The device leaves out a barcode that does not fit rather than
 * send it: one the hub refused would hold up the device's whole upload (a batch is taken or refused whole).
 */
export const TicketCode = z.string().min(1).max(128).regex(/^[\x21-\x7e]+$/)
/** The most ticket codes a sale says (a sale's tickets past them are found at the hub by its reference only). */
export const TICKET_CODES_MAX = 500

/** A sale the vendor confirmed. */
export const SalePayload = z.strictObject({
  ...Where,
  saleId: Text,
  bookingReference: Text.nullable(),
  /** The payment reference the vendor's confirm carries (a split sale's made from its parts). */
  paymentReference: Text.nullable(),
  amountCents: Cents,
  tickets: z.number().int().nonnegative(),
  shows: z.array(SaleShow).max(20),
  /**
   * Its tickets' barcodes, so a counter scanning a ticket sold at another device finds the sale through
   * the hub (issue #34). Codes only, nothing of the patron. Absent from an older Foyer's uploads.
   */
  ticketCodes: z.array(TicketCode).max(TICKET_CODES_MAX).optional(),
  payments: z.array(SalePayment).max(20),
  /** The cashier signed in at the counter; null for a self-service sale. */
  cashier: Text.nullable(),
  shiftId: Text.nullable(),
  patron: Patron.nullable(),
  /** How many days the hub may keep `patron` (the device's own window when it sent the sale). */
  patronDays: PatronDays,
})
export type SalePayload = z.infer<typeof SalePayload>

/** A payment of a sale given back (at the counter, or because the vendor would not confirm the order). */
export const RefundPayload = z.strictObject({
  ...Where,
  saleId: Text,
  bookingReference: Text.nullable(),
  seq: z.number().int().positive(),
  /** The payment it gives back (SalePayment.seq). */
  refersTo: z.number().int().positive().nullable(),
  tender: Tender,
  amountCents: Cents,
  askedBy: Text.nullable(),
  approvedBy: Text.nullable(),
})
export type RefundPayload = z.infer<typeof RefundPayload>

/** A sale's tickets (and receipt) out of the printer the first time, on the printer's word: once per sale. */
export const PrintedPayload = z.strictObject({
  ...Where,
  saleId: Text,
  bookingReference: Text.nullable(),
})
export type PrintedPayload = z.infer<typeof PrintedPayload>

/** A sale's tickets or receipt printed again. */
export const ReprintPayload = z.strictObject({
  ...Where,
  saleId: Text,
  bookingReference: Text.nullable(),
  what: z.enum(['tickets', 'receipt']),
})
export type ReprintPayload = z.infer<typeof ReprintPayload>

/** A denomination counted in the drawer: how many notes or coins of it (electron/contract/cash-count.ts). */
export const CountedDenomination = z.strictObject({ denominationCents: z.number().int().positive(), quantity: z.number().int().nonnegative() })

/** Why a cashier opened the drawer with no sale (electron/contract/drawer-channels.ts): change for a colleague, wrong change given, other. */
export const NoSaleReason = z.enum(['change', 'wrong-change', 'other'])

/**
 * The cash drawer over a shift (issue #34): how many times it was opened (by the pulse, for cash taken,
 * cash refunded, the float and the count, and with no sale), how many pulses failed (opened with its key,
 * if at all), and each "No sale" opening with who opened it and why. Absent from an older Foyer's uploads
 * and from a counter without a drawer on its printer.
 */
export const ShiftDrawer = z.strictObject({
  openings: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  noSales: z.array(z.strictObject({ at: At, by: Text.nullable(), reason: NoSaleReason })).max(1000),
})
export type ShiftDrawer = z.infer<typeof ShiftDrawer>

/**
 * A counter shift closed: its float, the cash counted and who was there. The drawer's figures from its
 * Z report (cash sold and refunded, what it should hold, the count note by note, over/short) are
 * absent from an older Foyer's uploads.
 */
export const ShiftPayload = z.strictObject({
  ...Where,
  shiftId: Text,
  cashSoldCents: Cents.optional(),
  cashRefundedCents: Cents.optional(),
  expectedCashCents: Cents.optional(),
  count: z.array(CountedDenomination).max(20).nullable().optional(),
  /** Counted less expected: negative is cash missing. */
  varianceCents: z.number().int().nullable().optional(),
  openedAt: At,
  closedAt: At,
  floatCents: Cents,
  countedCents: Cents.nullable(),
  openedBy: Text.nullable(),
  closedBy: Text.nullable(),
  approvedBy: Text.nullable(),
  drawer: ShiftDrawer.optional(),
})
export type ShiftPayload = z.infer<typeof ShiftPayload>
