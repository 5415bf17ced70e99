import type { PriceClass, Seat, Show } from '@contract'
import type { TicketChoice } from './pricing'

/** One line of the basket: a show and section, the seats held for it and the tickets priced on them. */
export interface CartLine {
  id: number
  eventCode: string
  show: Show
  sectionId: number
  sectionAlias: string | null
  /** The section's area (level, tier), as the seat map names it. */
  levelAlias: string | null
  priceCategoryId: number
  priceCategoryAlias: string | null
  /** BA/HS: seats held from an offer; SP: seats the customer picked; '': general admission, allocated by the vendor. */
  mode: 'BA' | 'HS' | 'SP' | ''
  seats: Seat[]
  quantity: number
  priceClasses: PriceClass[]
  tickets: TicketChoice
}
