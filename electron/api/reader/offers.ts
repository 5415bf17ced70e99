import type { ReleaseResult, Seat, SeatGeometry, SeatOffer } from '../../contract/model'
import { Reading, type JsonObject } from './reading'
import { numbersIn, relativePath } from './values'

/** Operations 5 and 6: seat offers and the seats endpoint (release). */

/**
 * A seat's geometry, or null when it has none: in 2D mode the image carries
 * the seat numbers and no coordinates are sent. topLeftCoordinates decides;
 * seatAngle (a string in responses, a number in the field list) defaults to 0
 * and coordinates to no outline, so a seat placed on the map is never dropped
 * for a missing angle.
 */
function readGeometry(r: Reading, o: JsonObject): SeatGeometry | null {
  const topLeft = r.optStr(o, 'topLeftCoordinates')
  if (topLeft === null || topLeft.trim() === '') return null
  const corner = numbersIn(r, topLeft, 'topLeftCoordinates')
  if (corner.length !== 2) r.fail('topLeftCoordinates', 'is not two numbers')
  const outline = r.optStr(o, 'coordinates')
  return {
    x: corner[0]!,
    y: corner[1]!,
    angle: r.optNum(o, 'seatAngle') ?? 0,
    outline: outline === null ? [] : numbersIn(r, outline, 'coordinates'),
  }
}

function readSeat(r: Reading, o: JsonObject): Seat {
  return {
    inventoryId: r.int(o, 'inventoryId'),
    row: r.optStr(o, 'seatRowAlias'),
    seat: r.optStr(o, 'seatAlias'),
    seatType: r.optInt(o, 'seatType'),
    geometry: readGeometry(r, o),
  }
}

/**
 * A seat offer. `{}` is the real service's HS answer when no seats are left
 * (vendor notes): it reads as an offer of no sets. expirationTime is often
 * absent (2D mode; the real service): null, and the client applies its
 * configured hold window to reservedTime.
 */
export function readSeatOffer(raw: unknown): SeatOffer {
  const r = new Reading('seat offer')
  const o = r.object(raw)
  const sets: Seat[][] = []
  r.list(o, 'setsReservedList', (r, set) => {
    const seats = r.list(set, 'setsReserved', readSeat)
    // A set of no seats offers nothing to accept or release.
    if (seats.length > 0) sets.push(seats)
  })
  const unavailable: SeatGeometry[] = []
  r.list(o, 'seatsUnavailableList', (r, entry) => {
    // Only drawn on the map: an entry without a position has nothing to draw.
    const geometry = readGeometry(r, entry)
    if (geometry !== null) unavailable.push(geometry)
  })
  return {
    reservedTime: r.optStr(o, 'reservedTime'),
    expirationTime: r.optStr(o, 'expirationTime'),
    imageAvailable: r.flag(o, 'imageAvailable'),
    imagePath: relativePath(r.optStr(o, 'imageURL')),
    sectionAlias: r.optStr(o, 'sectionAlias'),
    sets,
    // The spec does not show these elements; docs/sandbox-api.md gives them the Seat shape.
    available: r.list(o, 'seatsAvailableList', readSeat),
    unavailable,
  }
}

/**
 * The seats endpoint's answer, HTTP 200 either way: status 0 success, 1
 * failure. Responses give 0 as a number and "1" as a string; the other types
 * are read too. Any other status is not an answer Foyer can act on safely.
 */
export function readRelease(raw: unknown): ReleaseResult {
  const r = new Reading('release result')
  const o = r.object(raw)
  const status = o.status
  const ok = status === 0 || status === '0'
  if (!ok && status !== 1 && status !== '1') {
    r.fail('status', status === undefined || status === null ? 'is missing' : 'is not 0 or 1')
  }
  return { ok, message: r.optStr(o, 'statusMessage'), reservedTime: r.optStr(o, 'reservedTime') }
}
