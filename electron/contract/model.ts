import { z } from 'zod'

/**
 * The sales-flow API's data as Foyer uses it: one normalised shape per
 * resource, whatever variant the vendor answered in (the tolerant reader in
 * electron/api/reader maps every documented variant onto these). HTML-escaped
 * fields are already unescaped: render them as text. Dates stay ISO 8601
 * strings with their offset, as the API gave them.
 */

export const apiLangSchema = z.enum(['EN_SG', 'ZH_CN', 'ZH_HK', 'MS_MY'])
export type ApiLang = z.infer<typeof apiLangSchema>

export const moneySchema = z.object({
  amount: z.number(),
  /** ISO 4217 code; the numeric form the spec documents (702) is read as "SGD". */
  currency: z.string(),
  /** Display form with the currency symbol; made from amount when the API gave none. */
  formatted: z.string(),
})
export type Money = z.infer<typeof moneySchema>

// ---------------------------------------------------------------- events and shows

export const eventSummarySchema = z.object({
  code: z.string(),
  title: z.string().nullable(),
  summaryImagePath: z.string().nullable(),
  genres: z.array(z.string()),
  promoters: z.array(z.string()),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  sellStart: z.string().nullable(),
  sellEnd: z.string().nullable(),
  venue: z.string().nullable(),
  language: z.string().nullable(),
  synopsis: z.string().nullable(),
  bookingUrl: z.string().nullable(),
  priceDescription: z.string().nullable(),
  duration: z.string().nullable(),
  admissionRules: z.string().nullable(),
  salesDateText: z.string().nullable(),
  languageTitle: z.string().nullable(),
  updateDate: z.string().nullable(),
  venueDescription: z.string().nullable(),
})
export type EventSummary = z.infer<typeof eventSummarySchema>

export const eventPageSchema = z.object({
  events: z.array(eventSummarySchema),
  /** Zero-based page number. */
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrevious: z.boolean(),
})
export type EventPage = z.infer<typeof eventPageSchema>

/** availabilityStatus in words; `unknown` for a code the spec does not list. */
export const showAvailabilitySchema = z.enum([
  'coming-soon', // 20
  'sold-out', // 16
  'single-seats', // 17
  'limited', // 18
  'available', // 19
  'reconfig', // -6
  'cancelled', // -7
  'postponed', // -8
  'unknown',
])
export type ShowAvailability = z.infer<typeof showAvailabilitySchema>

export const showSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  date: z.string(),
  availabilityStatus: z.number().int().nullable(),
  availability: showAvailabilitySchema,
  ticketType: z.enum(['GA', 'RS']).nullable(),
  venue: z.string().nullable(),
  /** Past the box office's cut-off on this device ("not sold 30 minutes before it starts"): main's word, with the manager's words for the screen. */
  notSoldHere: z.object({ message: z.string() }).optional(),
})
export type Show = z.infer<typeof showSchema>

export const eventShowsSchema = z.object({
  summaryImagePath: z.string().nullable(),
  sponsoredImagePath: z.string().nullable(),
  attributes: z.array(z.string()),
  advisory: z.string().nullable(),
  shows: z.array(showSchema),
})
export type EventShows = z.infer<typeof eventShowsSchema>

// ---------------------------------------------------------------- seat maps

export const priceCategorySchema = z.object({
  priceCategoryId: z.number().int(),
  alias: z.string().nullable(),
  /** 1–20, or null when the API gave none. */
  num: z.number().int().nullable(),
  /** The spec's colour of `num` ("#RRGGBB"), or a neutral grey without one. */
  colour: z.string(),
  amount: moneySchema.nullable(),
})
export type PriceCategory = z.infer<typeof priceCategorySchema>

export const seatMapSectionSchema = z.object({
  sectionId: z.number().int(),
  sectionAlias: z.string().nullable(),
  levelAlias: z.string().nullable(),
  /** RS, GA, …, as the API named it. */
  sectionType: z.string().nullable(),
  entrance: z.string().nullable(),
  priceCategoryId: z.number().int(),
  price: moneySchema,
  /** Outlines from coordinatesList: each a flat [x1, y1, x2, y2, …]; empty when not configured. */
  outlines: z.array(z.array(z.number())),
})
export type SeatMapSection = z.infer<typeof seatMapSectionSchema>

export const overviewSeatMapSchema = z.object({
  /** The show's sales mode (BA, HS, GA, …). */
  mode: z.string().nullable(),
  interactive: z.boolean(),
  imageAvailable: z.boolean(),
  imagePath: z.string().nullable(),
  hideStandardPrice: z.boolean(),
  categories: z.array(priceCategorySchema),
  sections: z.array(seatMapSectionSchema),
})
export type OverviewSeatMap = z.infer<typeof overviewSeatMapSchema>

export const sectionAvailabilitySchema = z.object({
  sectionId: z.number().int(),
  priceCategoryId: z.number().int().nullable(),
  /** 0 Sold Out, 1 Available, 2 Limited Seats, 3 Single Seat. */
  code: z.number().int(),
  availability: z.enum(['sold-out', 'available', 'limited', 'single-seat', 'unknown']),
})
export type SectionAvailability = z.infer<typeof sectionAvailabilitySchema>

export const seatGeometrySchema = z.object({
  /** topLeftCoordinates: the unrotated seat box's top-left corner. */
  x: z.number(),
  y: z.number(),
  /** seatAngle in degrees, clockwise. */
  angle: z.number(),
  /** The turned box's corners, flat [x1, y1, …]; empty when not given. */
  outline: z.array(z.number()),
})
export type SeatGeometry = z.infer<typeof seatGeometrySchema>

export const seatSchema = z.object({
  inventoryId: z.number().int(),
  row: z.string().nullable(),
  seat: z.string().nullable(),
  seatType: z.number().int().nullable(),
  /** Null in 2D mode, where the image carries the seat numbers. */
  geometry: seatGeometrySchema.nullable(),
})
export type Seat = z.infer<typeof seatSchema>

export const seatOfferSchema = z.object({
  reservedTime: z.string().nullable(),
  /** When the hold lapses, if the API said; otherwise the client applies its configured hold window. */
  expirationTime: z.string().nullable(),
  imageAvailable: z.boolean(),
  imagePath: z.string().nullable(),
  sectionAlias: z.string().nullable(),
  /** The offered sets: one for HS, two for BA; empty when the API offered nothing. */
  sets: z.array(z.array(seatSchema)),
  available: z.array(seatSchema),
  unavailable: z.array(seatGeometrySchema),
})
export type SeatOffer = z.infer<typeof seatOfferSchema>

export const releaseResultSchema = z.object({
  ok: z.boolean(),
  message: z.string().nullable(),
  reservedTime: z.string().nullable(),
})
export type ReleaseResult = z.infer<typeof releaseResultSchema>

// ---------------------------------------------------------------- pricing and cart

export const feeSchema = z.object({ code: z.string(), charge: moneySchema })
export type Fee = z.infer<typeof feeSchema>

export const priceClassSchema = z.object({
  priceClassId: z.number().int(),
  code: z.string(),
  alias: z.string().nullable(),
  unitPrice: moneySchema,
  /** availableQty as numbers: the quantities to offer. Empty when the API gave none. */
  quantities: z.array(z.number().int().positive()),
  passwordRequired: z.boolean(),
  fees: z.array(feeSchema),
})
export type PriceClass = z.infer<typeof priceClassSchema>

export const deliveryMethodSchema = z.object({
  code: z.string(),
  charge: moneySchema,
  order: z.number(),
  addressRequired: z.boolean(),
  feeWaived: z.boolean(),
})
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>

// ---------------------------------------------------------------- orders (docs/sandbox-api.md)

export const orderStatusSchema = z.enum(['PENDING_PAYMENT', 'CONFIRMED', 'CANCELLED', 'EXPIRED'])
export type OrderStatus = z.infer<typeof orderStatusSchema>

/** A sold seat's vendor seat type (2 wheelchair space, 3 companion seat, 6 couple seat), where Foyer knows it; absent in orders kept before it was. */
const seatTypeSchema = z.number().int().nullable().optional()

export const orderItemSchema = z.object({
  productId: z.number().int(),
  showTitle: z.string().nullable(),
  showDate: z.string().nullable(),
  sectionId: z.number().int(),
  sectionAlias: z.string().nullable(),
  priceCategoryId: z.number().int(),
  priceCategoryAlias: z.string().nullable(),
  mode: z.string(),
  quantity: z.number().int(),
  /** seatType: the seat's kind as the offer gave it (the vendor's order does not say it; Foyer's journal keeps it, ../journal/seat-kinds.ts). */
  seats: z.array(z.object({ inventoryId: z.number().int(), row: z.string().nullable(), seat: z.string().nullable(), seatType: seatTypeSchema })),
  lines: z.array(
    z.object({
      priceClassCode: z.string(),
      priceClassAlias: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: moneySchema,
      fees: z.array(feeSchema),
    }),
  ),
  subtotal: moneySchema,
})
export type OrderItem = z.infer<typeof orderItemSchema>

export const ticketSchema = z.object({
  ticketNumber: z.string(),
  barcode: z.string(),
  productId: z.number().int(),
  sectionAlias: z.string().nullable(),
  row: z.string().nullable(),
  seat: z.string().nullable(),
  inventoryId: z.number().int().nullable(),
  priceClassCode: z.string(),
  /** Its seat's kind, as for the order's seats. */
  seatType: seatTypeSchema,
})
export type Ticket = z.infer<typeof ticketSchema>

export const orderSchema = z.object({
  orderId: z.number().int(),
  reference: z.string(),
  status: orderStatusSchema,
  patronAccountNo: z.number().int().nullable(),
  amountToBePaid: moneySchema,
  reservedTime: z.string().nullable(),
  expirationTime: z.string().nullable(),
  deliveryMethodCode: z.string().nullable(),
  deliveryCharge: moneySchema.nullable(),
  paymentMethodCode: z.string().nullable(),
  items: z.array(orderItemSchema),
  confirmedTime: z.string().nullable(),
  paymentReference: z.string().nullable(),
  tickets: z.array(ticketSchema),
})
export type Order = z.infer<typeof orderSchema>
