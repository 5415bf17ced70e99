import { SeatKind } from './seat-pairs'

/**
 * How a seat is named wherever Foyer names one (the basket and review, the
 * done screen and what is spoken, the receipt, the tickets and their reprint):
 * its row, its number and, for a seat that is not a plain one, its kind in
 * words with the symbol the seat map draws for it. A customer who asked for a
 * wheelchair space must see that they got one before paying, and door staff
 * must see it on the ticket. Shared by the renderer (words from vue-i18n) and
 * the printing (words from paper-words.ts), so both say a seat alike.
 */
export type SeatKindName = 'wheelchair' | 'companion' | 'couple'

/** The symbol of each kind, as the seat map draws it (renderer/src/seatmap/seat-map-style.ts). */
export const SEAT_KIND_SYMBOL: Record<SeatKindName, string> = { wheelchair: '♿', companion: 'Ⓒ', couple: '♥' }

/** The kind of a vendor seat type, or null for a plain seat (or none known: orders made before kinds were kept). */
export function seatKindOf(seatType: number | null | undefined): SeatKindName | null {
  if (seatType === SeatKind.Wheelchair) return 'wheelchair'
  if (seatType === SeatKind.Companion) return 'companion'
  if (seatType === SeatKind.Couple) return 'couple'
  return null
}

/** A seat as it is named: its row, its number and its vendor seat type (when known). */
export interface NamedSeat {
  row: string | null
  seat: string | null
  seatType?: number | null
}

/** The words a language names seats with. */
export interface SeatPhrases {
  /** One or more seat numbers of one kind, with the count's plural: "seat 11", "seats 11, 12", "11、12 号". */
  numbers: (seats: readonly string[], count: number) => string
  /** The numbers of a kind of seat with its symbol and name (plural by count): "seat 22 (♿ wheelchair space)". */
  ofKind: (numbers: string, symbol: string, kind: SeatKindName, count: number) => string
  /** A row's groups of seats: "Row 22: …". */
  row: (row: string, groups: string) => string
  /** Between groups of one row: "; " (or "；"). */
  separator: string
  /** A seat without a number or row, as the paper or screen says "not given". */
  unknown: string
}

/**
 * Seats by row, each row's seats grouped by kind in the order given:
 * ["Row 22: seat 22 (♿ wheelchair space); seat 21 (Ⓒ companion seat)",
 * "Row C: seats 14, 15"].
 */
export function seatsInRows(seats: readonly NamedSeat[], phrases: SeatPhrases): string[] {
  const rows = new Map<string, { kind: SeatKindName | null; numbers: string[] }[]>()
  for (const seat of seats) {
    const row = seat.row ?? phrases.unknown
    const groups = rows.get(row) ?? []
    const kind = seatKindOf(seat.seatType)
    const number = seat.seat ?? phrases.unknown
    const group = groups.find((g) => g.kind === kind)
    if (group) group.numbers.push(number)
    else groups.push({ kind, numbers: [number] })
    rows.set(row, groups)
  }
  return [...rows].map(([row, groups]) =>
    phrases.row(
      row,
      groups
        .map(({ kind, numbers }) => {
          const said = phrases.numbers(numbers, numbers.length)
          if (!kind) return said
          // A couple seat is one double seat numbered as two seats.
          const count = kind === 'couple' ? Math.ceil(numbers.length / 2) : numbers.length
          return phrases.ofKind(said, SEAT_KIND_SYMBOL[kind], kind, count)
        })
        .join(phrases.separator),
    ),
  )
}
