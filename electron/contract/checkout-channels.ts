import { z } from 'zod'
import { APPROVAL_CODE_MAX_TYPED } from './approval-code'
import { orderSchema } from './model'
import { orderRequestSchema } from './order-request'

/**
 * Checkout: the pre-payment order, the payment on our side, then confirm
 * (electron/checkout). Main runs the whole of it and journals every step, so
 * a renderer that reloads or a kiosk that restarts loses nothing.
 */
const saleId = z.uuid()
/** The training terminal's test cards (electron/sandbox/terminal/test-cards.ts). */
export const testCardSchema = z.enum(['approve', 'decline', 'timeout', 'cancel', 'card-removed', 'busy', 'no-card', 'unreachable'])
/** What the terminal check found (electron/payment/payment-port.ts, PaymentTerminal.check). */
export const terminalStateSchema = z.enum(['ready', 'busy', 'offline', 'untrusted', 'wrong-terminal', 'key-refused', 'not-ready'])
/**
 * How a sale is paid: a card at the integrated terminal, cash (counter only),
 * or a card taken on a standalone terminal whose approval code staff key in
 * (counter only, when the integrated terminal is down).
 */
export const tenderSchema = z.enum(['card', 'cash', 'standalone'])
export type TenderName = z.infer<typeof tenderSchema>

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
  /** confirmed: tickets issued; declined/unavailable: nothing taken, pay again or choose another way; refunded: paid and given back; needs-staff: staff must look. */
  state: z.enum(['confirmed', 'declined', 'unavailable', 'refunded', 'needs-staff']),
  order: orderSchema.nullable(),
  changeCents: z.number().int().nullable(),
  /** Whether the tickets and receipt (or the refund slip) were printed. */
  printed: z.boolean(),
})
export type CheckoutOutcomeView = z.infer<typeof checkoutOutcomeSchema>

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
      testCards: z.array(z.object({ card: testCardSchema, pan: z.string(), brand: z.string() })),
    }),
  },
  'checkout.submit': {
    request: z.object({ order: orderRequestSchema, tender: tenderSchema }).strict(),
    response: invoiceSchema,
  },
  'checkout.pay': {
    request: z.discriminatedUnion('tender', [
      z.object({ saleId, tender: z.literal('card'), testCard: testCardSchema.optional() }).strict(),
      z.object({ saleId, tender: z.literal('cash'), tenderedCents: z.number().int().positive().max(100_000_000) }).strict(),
      // The code as typed: main trims and checks it (approval-code.ts) and answers a translated error, not a bare "invalid request".
      z.object({ saleId, tender: z.literal('standalone'), approvalCode: z.string().max(APPROVAL_CODE_MAX_TYPED) }).strict(),
    ]),
    response: checkoutOutcomeSchema,
  },
  'checkout.reprint': {
    request: z.object({ saleId, what: z.enum(['tickets', 'receipt']) }).strict(),
    response: z.object({ printed: z.boolean() }),
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
} as const
