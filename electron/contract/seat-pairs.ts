import type { Seat } from './model'

/**
 * Seat types as the vendor sends them (vendor notes: 2 wheelchair space,
 * 6 couple seat; 3 the companion seat beside a wheelchair space), and which
 * seats go together. Shared by main (which picks and exchanges seats) and the
 * renderer (which says and draws them), so both pair seats alike.
 */
export const SeatKind = { Standard: 1, Wheelchair: 2, Companion: 3, Couple: 6 } as const

const numberOf = (seat: Seat): number | null => (seat.seat !== null && /^\d+$/.test(seat.seat) ? Number(seat.seat) : null)

/**
 * The seat number and type of the seat sold with this one, or null for a seat
 * sold on its own. A wheelchair space goes with the companion seat numbered
 * beside it (either side) and the other way round. Couple seats are double
 * seats in twos from the start of the row, 1–2, 3–4, … (the vendor notes say
 * nothing of how a venue pairs them; this is how the training venues do, and
 * a double seat is numbered as two seats, odd first, at the venues we know).
 */
function partnerWanted(seat: Seat): { type: number; numbers: number[] } | null {
  const number = numberOf(seat)
  if (number === null) return null
  if (seat.seatType === SeatKind.Wheelchair) return { type: SeatKind.Companion, numbers: [number - 1, number + 1] }
  if (seat.seatType === SeatKind.Companion) return { type: SeatKind.Wheelchair, numbers: [number - 1, number + 1] }
  if (seat.seatType === SeatKind.Couple) return { type: SeatKind.Couple, numbers: [number % 2 === 1 ? number + 1 : number - 1] }
  return null
}

/** Whether this seat is only ever sold together with another (a couple seat's other half). */
export const soldAsPair = (seat: Seat): boolean => seat.seatType === SeatKind.Couple

/**
 * The seat sold with this one where the venue pairs them (a wheelchair space
 * and its companion seat, the two halves of a couple seat), found among
 * `among` (the seats that can be had), in the same row. Null for any other
 * seat, or when the partner is not among them (taken, or no partner).
 */
export function partnerOf(seat: Seat, among: readonly Seat[]): Seat | null {
  const wanted = partnerWanted(seat)
  if (!wanted) return null
  return (
    among.find((other) => {
      const n = numberOf(other)
      return other.seatType === wanted.type && other.row === seat.row && n !== null && wanted.numbers.includes(n)
    }) ?? null
  )
}
