import { centsOf, formatMoney, type DeliveryMethod, type Money, type PriceClass } from '@contract'
import type { Locale } from '../i18n'

/**
 * The cart's arithmetic, in cents so that S$0.10 + S$0.20 is S$0.30. The vendor
 * checks the order's total to the cent (Σ (unit price + fees) × quantity +
 * delivery), so Foyer computes it the same way before asking.
 */
export const MAX_TICKETS_PER_CART = 20

export type TicketChoice = Readonly<Record<string, number>>

/** A vendor price in cents, from its decimal digits (main's reader has already refused fractions of a cent). */
export const cents = (money: Money | null | undefined): number => (money ? centsOf(money.amount) : 0)

/** A vendor price as the customer reads it in their language ("S$68.00"), or nothing when there is none. */
export const priceText = (money: Money | null | undefined, locale: Locale): string => (money ? formatMoney(cents(money), locale, money.currency) : '')

/** One ticket of a class: its price plus every fee charged per ticket. */
export function perTicketCents(priceClass: PriceClass): number {
  return cents(priceClass.unitPrice) + priceClass.fees.reduce((sum, fee) => sum + cents(fee.charge), 0)
}

export function ticketsChosen(choice: TicketChoice): number {
  return Object.values(choice).reduce((sum, n) => sum + n, 0)
}

/** The quantities a class may be bought in: none, or one of the vendor's availableQty. */
export function quantitySteps(priceClass: PriceClass): number[] {
  return [0, ...[...priceClass.quantities].sort((a, b) => a - b)]
}

/** The next allowed quantity up or down from the current one (unchanged at either end). */
export function stepQuantity(priceClass: PriceClass, current: number, direction: 1 | -1): number {
  const steps = quantitySteps(priceClass)
  if (direction === 1) return steps.find((n) => n > current) ?? current
  return [...steps].reverse().find((n) => n < current) ?? current
}

export type ChoiceProblem = 'too-few' | 'too-many' | 'quantity-not-offered' | 'unknown-class' | 'password-required'

/**
 * Why a choice of tickets cannot be sold as it stands, or null when it can: the
 * tickets must number exactly the seats held (or the places asked for), each
 * class in a quantity the vendor offers.
 */
export function choiceProblem(choice: TicketChoice, classes: readonly PriceClass[], seats: number): ChoiceProblem | null {
  for (const [code, quantity] of Object.entries(choice)) {
    if (quantity === 0) continue
    const priceClass = classes.find((c) => c.code === code)
    if (!priceClass) return 'unknown-class'
    if (priceClass.passwordRequired) return 'password-required'
    if (!priceClass.quantities.includes(quantity)) return 'quantity-not-offered'
  }
  const chosen = ticketsChosen(choice)
  if (chosen < seats) return 'too-few'
  if (chosen > seats) return 'too-many'
  return null
}

/** A first choice that is already valid where one class can take every seat: the first such class. */
export function defaultChoice(classes: readonly PriceClass[], seats: number): TicketChoice {
  const fits = classes.find((c) => !c.passwordRequired && c.quantities.includes(seats))
  return fits ? { [fits.code]: seats } : {}
}

export function choiceCents(choice: TicketChoice, classes: readonly PriceClass[]): number {
  let total = 0
  for (const priceClass of classes) total += perTicketCents(priceClass) * (choice[priceClass.code] ?? 0)
  return total
}

/**
 * What a delivery method adds. The charge is taken as the vendor states it:
 * the spec does not say which fee `feeWaived` waives, so Foyer does not guess
 * and never subtracts anything the vendor would then find missing.
 */
export function deliveryCents(method: DeliveryMethod | null | undefined): number {
  return method ? cents(method.charge) : 0
}
