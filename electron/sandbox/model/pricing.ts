import { centsOf, type Cents } from '../../contract/money'
import type { PriceCategory, Product } from './catalogue'
import { ETICKET_DELIVERY, MAIL_DELIVERY, PRINTED_HERE_DELIVERY } from '../../contract/delivery'

/**
 * Price classes (ticket types) and fees. Each category of a show sells a set of
 * classes priced as a share of the category's standard price, with the
 * quantities the kiosk may offer (`availableQty`): consecutive counts, or
 * multiples of a step for packs.
 */
export interface PriceClass {
  id: number
  code: string
  alias: string
  cents: Cents
  availableQty: number[]
  passwordRequired: 0 | 1
  fees: Fee[]
}

export interface Fee {
  code: string
  cents: Cents
}

interface ClassTemplate {
  code: string
  alias: string
  factor: number
  availableQty: number[]
  passwordRequired?: 1
  applies?: (product: Product) => boolean
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

const templates: ClassTemplate[] = [
  { code: 'A', alias: 'Standard', factor: 1, availableQty: range(1, 10) },
  { code: 'SEN', alias: 'Senior Citizen (60 years and above)', factor: 0.8, availableQty: range(1, 4) },
  { code: 'STU', alias: 'Student (with valid student pass)', factor: 0.75, availableQty: range(1, 4) },
  {
    code: 'CHD',
    alias: 'Child (2 to 12 years)',
    factor: 0.5,
    availableQty: range(1, 6),
    applies: (p) => p.event.seed.genres.includes('Family Entertainment'),
  },
  { code: 'TWIN', alias: 'Twin Pack (price per ticket)', factor: 0.9, availableQty: [2, 4, 6, 8] },
  {
    code: 'CORP',
    alias: 'Corporate Partner',
    factor: 0.85,
    availableQty: range(1, 10),
    passwordRequired: 1,
    applies: (p) => p.event.seed.genres.includes('MICE'),
  },
]

/** Rounds to the nearest 10 cents, as box-office price lists do. */
const roundPrice = (cents: number) => Math.round(cents / 10) * 10

/** The event's booking fee per ticket, the same one its price description states. */
function feesFor(product: Product): Fee[] {
  const cents = centsOf(product.event.seed.bookingFee)
  return cents > 0 ? [{ code: 'BOOKING_FEE', cents }] : []
}

export function priceClassesFor(product: Product, category: PriceCategory): PriceClass[] {
  return templates
    .filter((t) => t.applies?.(product) ?? true)
    .map((t, index) => ({
      id: category.id * 10 + index,
      code: t.code,
      alias: t.alias,
      cents: roundPrice(category.cents * t.factor),
      availableQty: t.availableQty,
      passwordRequired: t.passwordRequired ?? 0,
      fees: feesFor(product),
    }))
}

/** Delivery methods of the tenant's profile, in display order. */
export interface DeliveryMethod {
  code: string
  cents: Cents
  order: number
  addressRequired: boolean
  feeWaived: boolean
}

const MAIL_MIN_DAYS = 7
const DAY_MS = 24 * 3600_000

/**
 * PRINT_ON_SITE stands for what a box office's own profile has for tickets
 * printed where they are bought (a kiosk's or the counter's printer): the
 * walk-up customer leaves with them, so no e-mail or address is needed.
 */
export const tenantDeliveryMethods: readonly DeliveryMethod[] = [
  { code: PRINTED_HERE_DELIVERY, cents: 0, order: 1, addressRequired: false, feeWaived: false },
  { code: ETICKET_DELIVERY, cents: 0, order: 2, addressRequired: false, feeWaived: false },
  { code: 'BOX_OFFICE_COLLECTION', cents: 0, order: 3, addressRequired: false, feeWaived: false },
  { code: MAIL_DELIVERY, cents: 500, order: 4, addressRequired: true, feeWaived: false },
]

/** Delivery methods a show allows: mail only when there is a week for the post. */
export function deliveryMethodsFor(product: Product, now: number): DeliveryMethod[] {
  return tenantDeliveryMethods.filter(
    (m) => m.code !== MAIL_DELIVERY || product.showTime - now >= MAIL_MIN_DAYS * DAY_MS,
  )
}

/** The methods common to every product, or all of them for an empty cart. */
export function commonOf<T>(lists: T[][], key: (item: T) => string): T[] {
  const [first, ...rest] = lists
  if (!first) return []
  return first.filter((item) => rest.every((list) => list.some((other) => key(other) === key(item))))
}
