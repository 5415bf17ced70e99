import { z } from 'zod'
import type { AppMode } from './base'

/**
 * The delivery methods Foyer has to tell apart, by the vendor's codes
 * (docs/sandbox-api.md). Everything else is shown by name and sold as is.
 */

/** Tickets printed where they are bought: the kiosk's or the counter's printer. A self-service kiosk starts with it. */
export const PRINTED_HERE_DELIVERY = 'PRINT_ON_SITE'

/**
 * E-tickets go to the patron's e-mail. Never the box office's own address: at
 * a self-service kiosk main refuses an e-ticket order without the customer's
 * e-mail (electron/checkout/checkout-handlers.ts).
 */
export const ETICKET_DELIVERY = 'ETICKET'

/** Tickets posted to the delivery address: not printed here. */
export const MAIL_DELIVERY = 'REGISTERED_MAIL'

/**
 * What a counter hands over: tickets printed there and then, or e-tickets to
 * the e-mail the customer gives. Nothing to collect later at the box office
 * (the customer is standing at it), nothing posted. Main offers only these at
 * a counter and refuses any other (electron/checkout/checkout-handlers.ts).
 */
export const COUNTER_DELIVERIES: readonly string[] = [PRINTED_HERE_DELIVERY, ETICKET_DELIVERY]

/** Whether a delivery method is offered in this mode: a self-service kiosk offers every method the vendor allows. */
export function deliveryOfferedIn(mode: AppMode, code: string): boolean {
  return mode !== 'counter' || COUNTER_DELIVERIES.includes(code)
}

/**
 * A postal delivery address as the order carries it, the same in Foyer's
 * order and on the wire (docs/sandbox-api.md), so the contract and the
 * training sandbox read it with this one schema (the contract strictly).
 */
export const deliveryAddressSchema = z.object({
  addressLine1: z.string().min(1).max(255),
  addressLine2: z.string().max(255).optional(),
  postalCode: z.string().min(1).max(20),
  country: z.string().min(2).max(60),
})
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>

/** An e-mail address as the delivery screen, main and the training sandbox check it: something@domain.tld, no spaces. */
export const CUSTOMER_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Two e-mail addresses are the same mailbox (the domain and, in practice, the name ignore case). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}
