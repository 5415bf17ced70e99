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
 * The seat sold with this one where the venue pairs them: a wheelchair space
 * and the companion seat numbered beside it in the same row (and the other way
 * round), found among `among` (the seats that can be had). Null for any other
 * seat, or when the partner is not among them (taken, or no partner).
 */
export function partnerOf(seat: Seat, among: readonly Seat[]): Seat | null {
  const wanted = seat.seatType === SeatKind.Wheelchair ? SeatKind.Companion : seat.seatType === SeatKind.Companion ? SeatKind.Wheelchair : null
  const number = numberOf(seat)
  if (wanted === null || number === null) return null
  return (
    among.find((other) => {
      const n = numberOf(other)
      return other.seatType === wanted && other.row === seat.row && n !== null && Math.abs(n - number) === 1
    }) ?? null
  )
}
