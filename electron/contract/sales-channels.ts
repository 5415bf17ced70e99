import { z } from 'zod'
import { checkoutChannels, checkoutPushes } from './checkout-channels'
import { foundSaleChannels } from './found-sale'
import { holdStatusSchema } from './holds'
import { shiftChannels } from './shift-channels'
import {
  apiLangSchema,
  deliveryMethodSchema,
  eventPageSchema,
  eventShowsSchema,
  overviewSeatMapSchema,
  priceClassSchema,
  sectionAvailabilitySchema,
  seatOfferSchema,
} from './model'

/**
 * Channels of the sale: catalogue, seat maps, offers and holds, pricing, cart
 * options and orders. Requests are validated here before main calls the API,
 * so a malformed request never reaches the vendor.
 */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const quantity = z.number().int().min(1).max(20)

/** The API refuses search criteria under 3 characters; so does the contract, before asking it. */
const searchText = z.string().trim().min(3).max(100)

/**
 * Seats held for the customer from an offer. After a pick, `offer` is the
 * section as it now stands for them: one set (their seats), and everything
 * else they may take as available.
 */
const heldOfferSchema = z.object({ offerId: z.string(), expiresAt: z.string(), offer: seatOfferSchema, picked: z.boolean() })


/** The most sections one accessible-seating search looks in (offers.accessible). */
export const MAX_ACCESSIBLE_SECTIONS = 200

export const salesChannels = {
  'catalogue.events': {
    request: z
      .object({
        lang: apiLangSchema,
        page: z.number().int().min(0).max(100_000).optional(),
        size: z.number().int().min(1).max(100).optional(),
        search: searchText.optional(),
        genre: z.string().min(3).max(40).optional(),
        sort: z.enum(['title', 'promoter', 'venue', 'synopsis', 'sellabilityStartDate']).optional(),
        descending: z.boolean().optional(),
      })
      .strict(),
    response: eventPageSchema,
  },
  'catalogue.shows': {
    request: z
      .object({
        code: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/),
        lang: apiLangSchema,
        startDate: z.string().regex(/^\d{8}$/).optional(),
        numOfDays: z.number().int().min(1).max(366).optional(),
      })
      .strict(),
    response: eventShowsSchema,
  },
  'seatmap.overview': {
    request: z.object({ productId: id }).strict(),
    /** null: the show has no seat-map data (vendor notes). */
    response: overviewSeatMapSchema.nullable(),
  },
  'seatmap.availability': {
    request: z.object({ productId: id }).strict(),
    response: z.array(sectionAvailabilitySchema),
  },
  'offers.request': {
    request: z
      .object({ productId: id, priceCategoryId: id, sectionId: id, mode: z.enum(['BA', 'HS']), quantity, twoD: z.boolean().optional() })
      .strict(),
    response: heldOfferSchema,
  },
  'offers.keep': {
    request: z.object({ offerId: z.uuid(), setIndex: z.number().int().min(0).max(1) }).strict(),
    response: z.object({ kept: z.array(z.number().int()), released: z.number().int() }),
  },
  /**
   * The customer takes a seat of the offered section (mode SP): main decides
   * what it replaces (the unkept Best Available set, then the earliest of the
   * customer's seats) so no more than the quantity stays held, and exchanges
   * them at the vendor in one all-or-nothing call. A wheelchair space comes
   * with its companion seat (and the other way round) when two or more are wanted.
   */
  'offers.pick': {
    request: z.object({ offerId: z.uuid(), inventoryId: id }).strict(),
    response: heldOfferSchema,
  },
  /**
   * Accessible seating: main looks in the given sections, in order, for a free
   * wheelchair space (with its companion seat when two or more are wanted) and
   * answers with it held, as a pick in that section's offer.
   */
  'offers.accessible': {
    request: z
      .object({
        productId: id,
        mode: z.enum(['BA', 'HS']),
        quantity,
        sections: z.array(z.object({ sectionId: id, priceCategoryId: id }).strict()).min(1).max(MAX_ACCESSIBLE_SECTIONS),
      })
      .strict(),
    response: heldOfferSchema.extend({ sectionId: id }),
  },
  'offers.release': {
    // Inventory ids are unique only within a show: the show comes with them.
    request: z.object({ productId: id, inventoryIds: z.array(id).min(1).max(100) }).strict(),
    response: z.object({ released: z.number().int() }),
  },
  'holds.status': {
    request: z.object({}).strict(),
    response: holdStatusSchema,
  },
  'holds.releaseAll': {
    request: z.object({}).strict(),
    response: z.object({ released: z.number().int() }),
  },
  'pricing.ticketTypes': {
    request: z.object({ productId: id, priceCategoryId: id.optional() }).strict(),
    response: z.array(priceClassSchema),
  },
  'cart.deliveryMethods': {
    request: z
      .object({
        items: z
          .array(
            z
              .object({
                productId: id,
                priceCategoryId: id.optional(),
                mode: z.string().max(10).optional(),
                priceClassCodes: z.array(z.string().min(1).max(64)).max(20).optional(),
              })
              .strict(),
          )
          .min(1)
          .max(10),
      })
      .strict(),
    response: z.array(deliveryMethodSchema),
  },
  'cart.paymentMethods': {
    request: z.object({ productIds: z.array(id).min(1).max(10) }).strict(),
    response: z.array(z.string()),
  },
  'images.get': {
    request: z
      .object({
        path: z
          .string()
          .min(1)
          .max(255)
          .regex(/^\/?[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/)
          .refine((p) => !p.split('/').includes('..'), 'no parent segments'),
      })
      .strict(),
    /** A data: URL, so the renderer (which has no network) can show it directly. */
    response: z.object({ dataUrl: z.string() }),
  },
  ...checkoutChannels,
  ...shiftChannels,
  ...foundSaleChannels,
} as const

export const salesPushes = {
  /** Seats held, and seconds until the first hold lapses; sent on change and every second while held. */
  'holds.changed': holdStatusSchema,
  ...checkoutPushes,
} as const
