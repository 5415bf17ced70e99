import { z } from 'zod'
import { APPROVAL_CODE_MAX_TYPED } from './approval-code'
import { orderSchema } from './model'
import { orderRequestSchema } from './order-request'
import { approvalPinSchema, staffMemberSchema } from './staff-channels'

/**
 * Checkout: the pre-payment order, the payment on our side, then confirm
 * (electron/checkout). Main runs the whole of it and journals every step, so
 * a renderer that reloads or a kiosk that restarts loses nothing.
 */
const saleId = z.uuid()
/** The training terminal's test cards by name; the sandbox's terminal gives each its card (electron/terminal-protocol/test-cards.ts). */
export const testCardSchema = z.enum(['approve', 'decline', 'timeout', 'cancel', 'card-removed', 'busy', 'no-card', 'unreachable'])
export type TestCardName = z.infer<typeof testCardSchema>
/** A test card as the training screen shows it. */
export const testCardFaceSchema = z.object({ card: testCardSchema, pan: z.string(), brand: z.string() })
export type TestCardFace = z.infer<typeof testCardFaceSchema>
/** What the terminal check found (electron/payment/payment-port.ts, PaymentTerminal.check). */
export const terminalStateSchema = z.enum(['ready', 'busy', 'offline', 'untrusted', 'wrong-terminal', 'key-refused', 'not-ready'])
/**
 * How a sale is paid: a card at the integrated terminal, cash (counter only),
 * or a card taken on a standalone terminal whose approval code staff key in
 * (counter only, when the integrated terminal is down).
 */
export const tenderSchema = z.enum(['card', 'cash', 'standalone'])
export type TenderName = z.infer<typeof tenderSchema>

/** The language the customer buys in (the kiosk's four): their tickets and receipt are printed in it. */
export const saleLanguageSchema = z.enum(['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'])
export type SaleLanguage = z.infer<typeof saleLanguageSchema>

export const invoiceSchema = z.object({
  saleId: z.string(),
  reference: z.string(),
  amountCents: z.number().int().nonnegative(),
  /** When the vendor lets the unpaid order lapse. */
  expiresAt: z.string().nullable(),
})
export type InvoiceView = z.infer<typeof invoiceSchema>

export const checkoutOutcomeSchema = z.object({
  saleId: z.string(),
  /**
   * confirmed: tickets issued; part-paid: a split sale's cash part is taken, the rest is due; declined/unavailable:
   * this payment was not taken, pay again or choose another way; refunded: paid and given back; needs-staff: staff must look.
   */
  state: z.enum(['confirmed', 'part-paid', 'declined', 'unavailable', 'refunded', 'needs-staff']),
  order: orderSchema.nullable(),
  changeCents: z.number().int().nullable(),
  /** What is still to pay on the sale (a split sale's rest after its parts); 0 once paid. */
  dueCents: z.number().int().nonnegative().optional(),
  /** Whether the tickets and receipt (or the refund slip) were printed. */
  printed: z.boolean(),
  /** Present (true) only for an e-ticket sale a kiosk made while its printer could not print: nothing was sent to the printer. */
  eticketsOnly: z.literal(true).optional(),
})
export type CheckoutOutcomeView = z.infer<typeof checkoutOutcomeSchema>

/**
 * Where a paid sale stands while `checkout.pay` is still under way (the vendor
 * confirming, the printer printing): the payment screen says so rather than
 * keep showing the card terminal's instructions. Pushed for this kiosk's own
 * sales only (its main's checkout), with the sale's id and counts: strict, so
 * nothing about the card or the patron can ride along.
 */
export const saleProgressSchema = z
  .object({
    saleId,
    /** paid: the payment is taken; confirming: the vendor is asked to issue the tickets; printing: `printed` of `documents` out; done: all printed. */
    stage: z.enum(['paid', 'confirming', 'printing', 'done']),
    printed: z.number().int().nonnegative().max(100),
    documents: z.number().int().nonnegative().max(100),
  })
  .strict()
export type SaleProgress = z.infer<typeof saleProgressSchema>

/**
 * Where a sale stands, read from main's sales journal, for the screen that
 * started it and lost track (Foyer crashed or restarted mid-payment, or the
 * window reloaded): the customer is told in words whether they paid, got the
 * money back or were not charged, and what to do (electron/checkout/sale-outcome.ts).
 * checking: main is still finding out (recovery, or the payment is under way);
 * printed: paid, tickets issued and printed; confirmed: paid and issued, not
 * (all) printed; refunded: paid, then given back; not-charged: nothing taken,
 * the order is gone; unpaid: nothing taken, the order still open; staff: the
 * money's fate is not known here, staff must settle it.
 */
export const saleOutcomeNameSchema = z.enum(['checking', 'printed', 'confirmed', 'refunded', 'not-charged', 'unpaid', 'staff'])
export type SaleOutcomeName = z.infer<typeof saleOutcomeNameSchema>

export const saleOutcomeSchema = z
  .object({
    saleId,
    outcome: saleOutcomeNameSchema,
    reference: z.string().nullable(),
    amountCents: z.number().int().nonnegative(),
    /** The confirmed order (its tickets), only once the vendor issued them; never anything about the card. */
    order: orderSchema.nullable(),
    printed: z.boolean(),
  })
  .strict()
export type SaleOutcomeView = z.infer<typeof saleOutcomeSchema>

export const checkoutPushes = {
  'checkout.progress': saleProgressSchema,
  /** A sale's outcome is now known (recovery or its payment finished): the screen holding that sale asks `checkout.outcome`. Only the id rides along. */
  'checkout.outcomeKnown': z.object({ saleId }).strict(),
} as const

export const checkoutChannels = {
  'checkout.terminal': {
    request: z.object({}).strict(),
    /**
     * Whether a card terminal is set up, whether it answers now (asked each time:
     * a kiosk says so before the customer chooses seats), and the test cards when
     * the terminal is the training one.
     */
    response: z.object({
      cards: z.boolean(),
      state: terminalStateSchema.nullable(),
      testCards: z.array(testCardFaceSchema),
    }),
  },
  'checkout.submit': {
    // Without a language (an older renderer), the paper is in English. No tender: main derives it from the
    // order's payment method and the mode (electron/checkout/tender.ts), so a renderer cannot call cash a card.
    request: z.object({ order: orderRequestSchema, language: saleLanguageSchema.optional() }).strict(),
    response: invoiceSchema,
  },
  'checkout.pay': {
    request: z.discriminatedUnion('tender', [
      z.object({ saleId, tender: z.literal('card'), testCard: testCardSchema.optional() }).strict(),
      // partCents: split tender at the counter, this much in cash now and the rest on the card (main checks it leaves a rest).
      z
        .object({ saleId, tender: z.literal('cash'), tenderedCents: z.number().int().positive().max(100_000_000), partCents: z.number().int().positive().max(100_000_000).optional() })
        .strict(),
      // The code as typed: main trims and checks it (approval-code.ts) and answers a translated error, not a bare "invalid request".
      z.object({ saleId, tender: z.literal('standalone'), approvalCode: z.string().max(APPROVAL_CODE_MAX_TYPED) }).strict(),
    ]),
    response: checkoutOutcomeSchema,
  },
  /**
   * The counter prints a sale's tickets or receipt again; `missing`: only the documents a print that stopped
   * part-way left out (Retry once the printer can print), refused when none is missing.
   */
  'checkout.reprint': {
    request: z.object({ saleId, what: z.enum(['tickets', 'receipt', 'missing']) }).strict(),
    response: z.object({ printed: z.boolean() }),
  },
  /**
   * A supervisor gives a confirmed sale of the open shift back at the counter: the card refunded at the
   * terminal, or the cash handed back from the drawer (a standalone card is reversed on that terminal).
   * Needs a supervisor signed in, or one's PIN on the spot (approvalPin) for this one refund.
   */
  'checkout.refund': {
    request: z.object({ saleId, approvalPin: approvalPinSchema }).strict(),
    response: z.object({
      state: z.enum(['refunded', 'needs-staff']),
      printed: z.boolean(),
      /** How the money goes back and how much: the screen tells the cashier what to do with it. */
      tender: tenderSchema,
      amountCents: z.number().int(),
      /** The last four digits of the card refunded, as its terminal reported them (never more of the number). */
      cardLast4: z.string().regex(/^\d{4}$/).nullable(),
      /** Each tender given back (a split sale's cash part from the drawer, its card part to the card), with the card's last four. */
      parts: z.array(z.object({ tender: tenderSchema, amountCents: z.number().int(), cardLast4: z.string().regex(/^\d{4}$/).nullable() })).max(10),
      /** The cashier signed in who asked for the refund, and the supervisor who approved it. */
      askedBy: staffMemberSchema.nullable(),
      approvedBy: staffMemberSchema,
    }),
  },
  'checkout.abortPayment': {
    request: z.object({ saleId }).strict(),
    /** Whether a card payment of that sale was waiting at the terminal (and is now being stopped). */
    response: z.object({ aborting: z.boolean() }),
  },
  'checkout.cancel': {
    request: z.object({ saleId }).strict(),
    response: z.object({ state: z.literal('cancelled') }),
  },
  /** Where the screen's own sale stands (by the id it was given at submit), from the journal; "checking" while main is still finding out. */
  'checkout.outcome': {
    request: z.object({ saleId }).strict(),
    response: saleOutcomeSchema,
  },
} as const
