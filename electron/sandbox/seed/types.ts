/**
 * The shape of the sandbox's training data. Venues (geometry) and the event
 * catalogue (texts, shows) are generated deterministically by pure functions
 * in this folder; the sandbox store turns them into tables on first start.
 * Nothing here is random at run time: the same code always yields the same data.
 */

/** The API's `lang` values, EN_SG being the default. */
export const apiLangs = ['EN_SG', 'ZH_CN', 'ZH_HK', 'MS_MY'] as const
export type ApiLang = (typeof apiLangs)[number]

/** Raw (unescaped) text in each of the four languages. The server HTML-escapes on output. */
export type LocalizedText = Record<ApiLang, string>

export const genres = [
  'Comedy',
  'Concert',
  'Dance',
  'Family Entertainment',
  'Film/Movies',
  'Food & Beverage',
  'Lifestyle/Leisure',
  'MICE',
  'Merchandise',
  'Musical',
  'Orchestra',
  'Seminar/Workshop',
  'Sports',
  'Theatre',
] as const
export type Genre = (typeof genres)[number]

// ---------------------------------------------------------------- venues

/** Seat types as the vendor uses them (vendor-notes: 2 wheelchair, 6 couple seat). */
export const SeatType = {
  Standard: 1,
  Wheelchair: 2,
  /** The companion seat beside a wheelchair space. */
  Companion: 3,
  Couple: 6,
} as const
export type SeatTypeCode = (typeof SeatType)[keyof typeof SeatType]

export interface SeedSeat {
  /** Seat label as printed on the ticket, e.g. "14". */
  alias: string
  /** Top-left corner of the seat in the venue's coordinate space (same space as section polygons). */
  x: number
  y: number
  /** Rotation of the seat in degrees, clockwise, so that it faces the stage/pitch. */
  angle: number
  type: SeatTypeCode
}

export interface SeedRow {
  /** Row label, e.g. "A" or "12". */
  alias: string
  /** Seats in physical order from one end of the row to the other (adjacent = neighbours). */
  seats: SeedSeat[]
}

export interface SeedSection {
  /** seatSectionId: a positive integer, unique across all venues. */
  id: number
  /** seatLevelAlias, e.g. "Level 1", "Stalls", "Circle". */
  levelAlias: string
  /** seatSectionAlias, e.g. "101", "Stalls Centre". */
  alias: string
  /** RS = reserved seating (rows of seats), GA = general admission (a capacity). */
  type: 'RS' | 'GA'
  /** seatEntrance, e.g. "Gate 3", "Door A". */
  entrance: string
  /** Price tier: 1 = best. A show maps tiers to its price categories. */
  tier: number
  /** Outline in the venue's coordinate space: x1,y1,x2,y2,… (at least 3 points, not closed). */
  polygon: number[]
  /** GA sections only: how many people it admits. */
  capacity?: number
  /** RS sections only: rows ordered from best (closest to stage/pitch) to worst. */
  rows: SeedRow[]
  /**
   * Back-end configuration gaps the spec has errors for: a section whose seats have
   * no coordinates (`generation.coordinate.missing`) or no angles (`seatangle.missing`).
   */
  missingCoordinates?: boolean
  missingSeatAngle?: boolean
}

export interface SeedVenue {
  /** Stable id used by events, e.g. "harbour-stadium". */
  id: string
  /** The `venue` text of events and shows (not translated). */
  name: string
  /** languageVenue: a short description of the venue, per language. */
  description: LocalizedText
  kind: 'stadium' | 'theatre' | 'recital' | 'ga'
  /** Size of the coordinate space of polygons and seats. */
  width: number
  height: number
  /** Size of one seat's outline in that space (seats are width × height rectangles, rotated by angle). */
  seatWidth: number
  seatHeight: number
  sections: SeedSection[]
}

// ---------------------------------------------------------------- events

/**
 * How a show's seats are pre-sold when its inventory is first built, so that
 * availability derives from inventory: `fraction` sells that share of seats
 * (spread deterministically), `single-seats` leaves only isolated single seats,
 * `sold-out` sells everything.
 */
export type PreSold = { kind: 'fraction'; value: number } | { kind: 'single-seats' } | { kind: 'sold-out' }

/**
 * Statuses the back end sets by hand rather than deriving from inventory.
 * `coming-soon` = not yet on sale (20); the others are -6, -7, -8.
 */
export type ShowOverride = 'coming-soon' | 'reconfig' | 'cancelled' | 'postponed'

export interface SeedShow {
  /** Days from the sandbox's "today" (Asia/Singapore date) to the show date; may be 0. */
  dayOffset: number
  /** Local Singapore time of the show, "HH:MM" 24-hour. */
  time: string
  preSold?: PreSold
  override?: ShowOverride
}

export interface SeedPriceCategory {
  /** priceCategoryNum: 1–20, the colour of the category. */
  num: number
  /** priceCatAlias, e.g. "CAT 1", "VIP". */
  alias: string
  /** Price in SGD of the category's standard ticket. */
  amount: number
  /** Venue section tiers this category covers. */
  tiers: number[]
}

export interface SeedEvent {
  /** internetContentCode: alphanumeric, unique, e.g. "FY25HAMLET". */
  code: string
  title: LocalizedText
  genres: Genre[]
  promoters: string[]
  venueId: string
  /** The event's own language, e.g. "English", "Mandarin", "Malay", "Non-verbal". */
  language: string
  /** ≤ 255 characters per language. */
  synopsis: LocalizedText
  /** ≤ 1000 characters per language. */
  priceDescription: LocalizedText
  duration: LocalizedText
  admissionRules: LocalizedText
  salesDateText: LocalizedText
  advisory: string | null
  /** icAttributesList: numeric strings. */
  attributes: string[]
  /** Sale window relative to the sandbox's today, in days (start may be in the future). */
  sellability: { startOffsetDays: number; endOffsetDays: number }
  /** Event start/end relative to today in days (end ≥ start). */
  eventDates: { startOffsetDays: number; endOffsetDays: number }
  /** Booking fee per ticket in SGD (0 = none): charged as the BOOKING_FEE and stated in priceDescription. */
  bookingFee: number
  /** Categories for reserved-seating venues, or one category for GA venues. */
  priceCategories: SeedPriceCategory[]
  shows: SeedShow[]
}
