/**
 * The tolerant reader: every answer of the sales-flow API, in whichever
 * documented variant it comes (responses, the field list, the real service's
 * recorded behaviours), read by one zod schema per resource (the variants as
 * unions, scalars.ts) onto Foyer's normalised model (electron/contract/model.ts).
 * Extra fields are ignored; a required field missing, or of an unusable type,
 * is a ResponseShapeError naming the field.
 */
export { ResponseShapeError } from './errors'
export { readErrorBody, readToken } from './auth'
export { readEventPage, readEventShows } from './events'
export { readOverview, readSectionAvailability } from './seatmaps'
export { readRelease, readSeatOffer } from './offers'
export { readDeliveryMethods, readPaymentMethods, readPriceClasses } from './cart'
export { readOrder } from './orders'
