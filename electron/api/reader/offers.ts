import { z } from 'zod'
import type { ReleaseResult, Seat, SeatGeometry, SeatOffer } from '../../contract/model'
import { reader, scalarWords } from './reading'
import { flag, integer, list, numberList, optInteger, optNumber, optText } from './scalars'
import { imagePath } from './values'

/** Operations 5 and 6: seat offers and the seats endpoint (release). */

/** topLeftCoordinates "x,y"; blank or absent in 2D mode, where the image carries the seat numbers. */
const corner = numberList.nullish().superRefine((numbers, context) => {
  if (numbers && numbers.length !== 0 && numbers.length !== 2) context.addIssue({ code: 'custom', message: 'is not two numbers', input: numbers })
})

/**
 * A seat's position fields, read as its geometry or null when it has none.
 * topLeftCoordinates decides; seatAngle (a string in responses, a number in the
 * field list) defaults to 0 and coordinates to no outline, so a seat placed on
 * the map is never dropped for a missing angle.
 */
const geometryFields = { topLeftCoordinates: corner, coordinates: numberList.nullish(), seatAngle: optNumber }

function geometryOf(o: { topLeftCoordinates?: number[] | null; coordinates?: number[] | null; seatAngle: number | null }): SeatGeometry | null {
  const corner = o.topLeftCoordinates
  if (!corner || corner.length === 0) return null
  return { x: corner[0]!, y: corner[1]!, angle: o.seatAngle ?? 0, outline: o.coordinates ?? [] }
}

const seat = z
  .object({ inventoryId: integer, seatRowAlias: optText, seatAlias: optText, seatType: optInteger, ...geometryFields })
  .transform((o): Seat => ({ inventoryId: o.inventoryId, row: o.seatRowAlias, seat: o.seatAlias, seatType: o.seatType, geometry: geometryOf(o) }))

/**
 * A seat offer. `{}` is the real service's HS answer when no seats are left
 * (vendor notes): it reads as an offer of no sets. expirationTime is often
 * absent (2D mode; the real service): null, and the client applies its
 * configured hold window to reservedTime.
 */
const seatOffer = z
  .object({
    reservedTime: optText,
    expirationTime: optText,
    imageAvailable: flag,
    imageURL: imagePath,
    sectionAlias: optText,
    setsReservedList: list(z.object({ setsReserved: list(seat) }).transform((set) => set.setsReserved)),
    // The spec does not show these elements; docs/sandbox-api.md gives them the Seat shape.
    seatsAvailableList: list(seat),
    // Only drawn on the map: an entry without a position has nothing to draw.
    seatsUnavailableList: list(z.object(geometryFields).transform(geometryOf)),
  })
  .transform(
    (o): SeatOffer => ({
      reservedTime: o.reservedTime,
      expirationTime: o.expirationTime,
      imageAvailable: o.imageAvailable,
      imagePath: o.imageURL,
      sectionAlias: o.sectionAlias,
      // A set of no seats offers nothing to accept or release.
      sets: o.setsReservedList.filter((set) => set.length > 0),
      available: o.seatsAvailableList,
      unavailable: o.seatsUnavailableList.filter((geometry): geometry is SeatGeometry => geometry !== null),
    }),
  )

export const readSeatOffer = reader('seat offer', seatOffer)

/**
 * The seats endpoint's answer, HTTP 200 either way: status 0 success, 1
 * failure. Responses give 0 as a number and "1" as a string; the other types
 * are read too. Any other status is not an answer Foyer can act on safely.
 */
const release = z
  .object({
    status: z.union([z.literal([0, '0']).transform(() => true), z.literal([1, '1']).transform(() => false)], { error: scalarWords('is not 0 or 1') }),
    statusMessage: optText,
    reservedTime: optText,
  })
  .transform((o): ReleaseResult => ({ ok: o.status, message: o.statusMessage, reservedTime: o.reservedTime }))

export const readRelease = reader('release result', release)
