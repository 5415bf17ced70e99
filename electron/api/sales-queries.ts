import type { ApiLang } from '../contract/model'

/** What the sales-flow API (./sales-api.ts) is asked with (a seat offer, an event search), and how long it waits. */
export interface OfferRequest {
  productId: number
  priceCategoryId: number
  sectionId: number
  mode: 'BA' | 'HS'
  quantity: number
  /** Ask for the 2D image with seat numbers instead of seat coordinates. */
  twoD?: boolean
}

export interface EventQuery {
  lang: ApiLang
  page?: number
  size?: number
  q?: string
  /** The event code search (wildcard, like every search: filter the answer for the exact code). */
  internetContentCode?: string
  genre?: string
  venue?: string
  sort?: string
}

export interface Timeouts {
  readMs: number
  writeMs: number
  tokenMs: number
  /** How long a timed-out seat offer is still listened for, so its seats can be released. */
  lateOfferMs: number
}

export const defaultTimeouts: Timeouts = { readMs: 10_000, writeMs: 15_000, tokenMs: 10_000, lateOfferMs: 60_000 }
