import { CUSTOMER_EMAIL_PATTERN, ETICKET_DELIVERY, orderRequestSchema, PRINTED_HERE_DELIVERY, sameEmail } from '@contract'

/**
 * The customer's e-mail, by delivery method. An e-ticket goes to it, so it is
 * needed, typed twice (a slip in either shows) and checked: sent to the box
 * office's own address, the tickets would reach nobody while the screen said
 * they were on their way. Tickets printed here need none (none is asked).
 * Collection and mail may take one for the vendor's patron record; left
 * empty, the order carries the box office's address (an anonymous walk-up).
 */
export type EmailUse = 'needed' | 'optional' | 'none'
export type EmailProblem = 'missing' | 'malformed' | 'mismatch'

export function emailUse(deliveryCode: string | null): EmailUse {
  if (deliveryCode === ETICKET_DELIVERY) return 'needed'
  return deliveryCode === PRINTED_HERE_DELIVERY || deliveryCode === null ? 'none' : 'optional'
}

/**
 * The order's own reading of the patron's e-mail (electron/contract/order-request.ts):
 * stricter than the pattern (a one-letter domain ending, two dots in a row), and
 * what main holds the order to before it sells anything.
 */
const orderEmailSchema = orderRequestSchema.shape.patron.shape.email

/** What is wrong with the e-mail as typed for this delivery, or null when it will do: main takes what passes. */
export function emailProblem(use: EmailUse, email: string, repeated: string): EmailProblem | null {
  const typed = email.trim()
  if (use === 'none') return null
  if (typed === '') return use === 'needed' ? 'missing' : null
  if (!CUSTOMER_EMAIL_PATTERN.test(typed) || !orderEmailSchema.safeParse(typed).success) return 'malformed'
  return use === 'needed' && !sameEmail(typed, repeated) ? 'mismatch' : null
}

/** The address the order carries for the customer: '' when they gave none (the box office's is used). */
export function patronEmail(use: EmailUse, email: string): string {
  return use === 'none' ? '' : email.trim()
}
