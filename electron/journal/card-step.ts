import { z } from 'zod'

/**
 * The card of an approved payment, as checkout journals it with the step
 * "payment-approved" (or "recovered-payment-approved"): what the terminal
 * said of the card, never its number. Read back for the receipt, a reprint,
 * a refund slip and the counter's refund.
 *
 * It is what a terminal said, kept by Foyer: each part is parsed on its own,
 * and a part that does not read is left out (null, or a line dropped) rather
 * than failing the paper. The sale's money is recorded apart from it (amount,
 * payment reference); the card line only tells the customer which card.
 * The step itself stays in the journal as it was.
 */
const text = z
  .string()
  .min(1)
  .transform((value) => value.slice(0, 120))
const part = text.nullable().catch(null)

const receiptSchema = z.object({
  maskedPan: part,
  authCode: part,
  aid: part,
  entryMode: part,
  lines: z
    .array(z.unknown())
    .catch([])
    .transform((lines) => lines.flatMap((line) => (typeof line === 'string' && line.length > 0 ? [line.slice(0, 120)] : [])).slice(0, 40)),
})

export const approvedCardDetailSchema = z.object({
  brand: part,
  // Four digits or nothing: a terminal that sent more (a whole card number) must not have it printed or said.
  last4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable()
    .catch(null),
  receipt: receiptSchema.nullable().catch(null),
})
export type ApprovedCard = z.infer<typeof approvedCardDetailSchema>

export const CARD_APPROVED_STEPS: readonly string[] = ['payment-approved', 'recovered-payment-approved']
