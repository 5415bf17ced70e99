/**
 * The sandbox's training venues: a stadium, a theatre, a recital hall and three
 * general-admission spaces, with seat maps detailed enough to sell from and to
 * exercise the kiosk's map (curved rows, wheelchair spaces, couple seats, and two
 * deliberately misconfigured boxes). Built by a pure function with no randomness,
 * so every start of the sandbox sees the same venues. Venue ids and section ids
 * are stable: events and stored inventory refer to them.
 */
import type { SeedVenue } from './types'
import type { Point } from './venue-geometry'
import { buildGaVenues } from './venue-ga'
import { buildRecitalHall, RECITAL_STAGE } from './venue-recital-hall'
import { buildStadium, STADIUM_CENTRE } from './venue-stadium'
import { buildTheatre, THEATRE_STAGE } from './venue-theatre'

/** One file per venue (./venue-*.ts); this is the list the sandbox seeds, in the order of its ids. */
export function buildVenues(): SeedVenue[] {
  return [buildStadium(), buildTheatre(), buildRecitalHall(), ...buildGaVenues()]
}

/** The point each reserved-seating venue's seats face: the centre of the pitch, or the middle of the stage. */
export const venueFocus: Readonly<Record<string, Point>> = {
  'harbour-stadium': STADIUM_CENTRE,
  'grand-theatre': THEATRE_STAGE,
  'recital-hall': RECITAL_STAGE,
}
