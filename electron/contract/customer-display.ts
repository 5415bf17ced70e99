import { z } from 'zod'
import { saleLanguageSchema } from './checkout-channels'

/**
 * The customer display (issue #34): a second screen facing the customer at a counter. Main decides
 * what it shows (electron/services/customer-display.ts), from what main itself knows of the sale: the
 * seats held here, the prices the vendor gives, the invoice, the payment and who is signed in. The
 * cashier's screen only says which lines it is building and what the customer handed over; nothing it
 * sends is shown without main checking it. The customer display's own page reaches main through
 * `customerDisplay.view` and the push `customerDisplay.changed` and nothing else (the hosts refuse it
 * every other channel and push: CUSTOMER_DISPLAY_CHANNELS, CUSTOMER_DISPLAY_PUSHES).
 */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const cents = z.number().int().nonnegative().max(100_000_000)
const text = (max: number) => z.string().max(max)

/** A seat as the customer reads it; its kind is main's word (the offer's seat type), not the cashier's. */
export const displaySeatSchema = z
  .object({
    row: text(20).nullable(),
    seat: text(20).nullable(),
    kind: z.enum(['wheelchair', 'companion', 'couple']).nullable(),
  })
  .strict()

/** The section's seats as a small picture: every seat a dot (0..1 both ways), the customer's drawn apart. */
export const sectionPictureSchema = z
  .object({
    others: z.array(z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)])).max(3000),
    yours: z.array(z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)])).max(20),
  })
  .strict()
export type SectionPicture = z.infer<typeof sectionPictureSchema>

export const displayLineSchema = z
  .object({
    show: text(200),
    /** The show's date as the vendor gives it (ISO); the page writes it in the customer's language. */
    date: text(40),
    venue: text(200).nullable(),
    section: text(100).nullable(),
    seats: z.array(displaySeatSchema).max(20),
    picture: sectionPictureSchema.nullable(),
    /** Price classes by the vendor's names, priced by main from the vendor's price list. */
    prices: z.array(z.object({ name: text(100), quantity: z.number().int().positive().max(20), cents }).strict()).max(20),
  })
  .strict()
export type DisplayLine = z.infer<typeof displayLineSchema>

/** Between customers: the venue's name and the events on sale, one after another (each with its picture). */
export const showcaseItemSchema = z.object({ title: text(200), picture: text(400_000).nullable() }).strict()

export const customerDisplayViewSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('idle'), language: saleLanguageSchema, venue: text(200).nullable(), showcase: z.array(showcaseItemSchema).max(8) }).strict(),
  z.object({ state: z.literal('basket'), language: saleLanguageSchema, venue: text(200).nullable(), lines: z.array(displayLineSchema).max(10), totalCents: cents }).strict(),
  z.object({ state: z.literal('tender'), language: saleLanguageSchema, venue: text(200).nullable(), totalCents: cents, givenCents: cents, changeCents: cents.nullable() }).strict(),
  z
    .object({
      state: z.literal('thanks'),
      language: saleLanguageSchema,
      venue: text(200).nullable(),
      reference: text(64),
      /** printed: handed over now; etickets: sent by e-mail (the address is never shown); collect: staff print them at the counter. */
      tickets: z.enum(['printed', 'etickets', 'collect']),
      changeCents: cents.nullable(),
      /** "Served by <first name>": the first word of the signed-in person's name, nothing more of the staff. */
      servedBy: text(40).nullable(),
    })
    .strict(),
  /** Staff asked for the test picture on this display (staff settings). */
  z.object({ state: z.literal('test'), language: saleLanguageSchema }).strict(),
])
export type CustomerDisplayView = z.infer<typeof customerDisplayViewSchema>

/** A display the customer display may go on, as Electron's screen lists it (the browser host: its page). */
export const displayInfoSchema = z
  .object({ id: z.number().int(), label: text(100), width: z.number().int(), height: z.number().int(), cashiers: z.boolean() })
  .strict()
export type DisplayInfo = z.infer<typeof displayInfoSchema>

/**
 * One basket line as the cashier's screen builds it: ids only. Main names the show, its date, venue and
 * section from the vendor (in the customer's language), the seats from the offers it made, and the prices
 * from the vendor's price list, so no words of the cashier's screen reach the customer's.
 */
export const basketLineSchema = z
  .object({
    eventCode: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/),
    productId: id,
    priceCategoryId: id,
    sectionId: id,
    inventoryIds: z.array(id).max(20),
    tickets: z.array(z.object({ code: text(64), quantity: z.number().int().positive().max(20) }).strict()).max(20),
  })
  .strict()
export type BasketLine = z.infer<typeof basketLineSchema>

export const customerDisplayChannels = {
  /** The customer display's own page: what it shows now. The one channel its token (or window) may call. */
  'customerDisplay.view': { request: z.object({}).strict(), response: customerDisplayViewSchema },
  /** The cashier's basket as it is built (signed-in cashier; main drops seats not held here and prices the rest). */
  'customerDisplay.basket': { request: z.object({ lines: z.array(basketLineSchema).max(10) }).strict(), response: z.object({}).strict() },
  /** What the customer handed over, as the cashier types it, for the sale main invoiced; main reckons the change. */
  'customerDisplay.tender': { request: z.object({ saleId: z.uuid(), givenCents: cents }).strict(), response: z.object({}).strict() },
  /** The customer's language, as the cashier switches it for them (the cashier's own screen keeps its own). */
  'customerDisplay.language': { request: z.object({ language: saleLanguageSchema }).strict(), response: z.object({}).strict() },
  /** The displays the customer display may be put on (staff settings). */
  'customerDisplay.displays': { request: z.object({}).strict(), response: z.array(displayInfoSchema).max(16) },
  /** Puts the test picture on the chosen display (or `displayId`) for a few seconds (staff settings). */
  'customerDisplay.testPicture': { request: z.object({ displayId: z.number().int().nullable() }).strict(), response: z.object({ shown: z.boolean() }).strict() },
} as const

export const customerDisplayPushes = {
  'customerDisplay.changed': customerDisplayViewSchema,
} as const

/** The only channels the customer display's page may call, and the only pushes it is sent. */
export const CUSTOMER_DISPLAY_CHANNELS: readonly string[] = ['customerDisplay.view']
export const CUSTOMER_DISPLAY_PUSHES: readonly string[] = ['customerDisplay.changed']
