import { SEAT_KIND_SYMBOL, seatKindOf, seatsInRows, type NamedSeat, type SeatKindName, type SeatPhrases } from '../contract/seat-names'
import { paperWords, type PaperLanguage, type PaperWords } from './paper-words'

/**
 * Seats on paper, named as the screen names them (../contract/seat-names.ts):
 * by row, with each seat's kind in words and with its symbol, so door staff
 * see a wheelchair space and its companion seat on the ticket and the receipt.
 * Counts take the language's plural (Intl.PluralRules): "Seat: Row 12: 11",
 * "Seats: Row C: 14, 15".
 */
const pluralRules = new Map<PaperLanguage, Intl.PluralRules>()
function pluralOf(count: number, language: PaperLanguage): 'one' | 'other' {
  let rules = pluralRules.get(language)
  if (!rules) {
    rules = new Intl.PluralRules(language)
    pluralRules.set(language, rules)
  }
  return rules.select(count) === 'one' ? 'one' : 'other'
}

/** "Seat" for one, "Seats" for more, as the language counts. */
export function seatsLabel(count: number, language: PaperLanguage, words: PaperWords = paperWords(language)): string {
  return pluralOf(count, language) === 'one' ? words.seat : words.seats
}

/** A kind of seat in words, singular or plural as the language counts: "wheelchair space". */
export function seatKindWords(kind: SeatKindName, count: number, language: PaperLanguage, words: PaperWords = paperWords(language)): string {
  return words.seatKinds[kind][pluralOf(count, language)]
}

function paperPhrases(language: PaperLanguage, words: PaperWords): SeatPhrases {
  return {
    numbers: (seats) => seats.join(', '),
    ofKind: (numbers, symbol, kind, count) => words.ofKind(numbers, symbol, seatKindWords(kind, count, language, words)),
    row: (row, groups) => (row === words.notGiven ? groups : `${words.row} ${row}: ${groups}`),
    separator: language.startsWith('zh') ? '；' : '; ',
    unknown: words.notGiven,
  }
}

/** Where an item's seats are, by row with their kinds: "Seats: Row 22: 22 (♿ wheelchair space); 21 (Ⓒ companion seat)". */
export function seatsOnPaper(seats: readonly NamedSeat[], language: PaperLanguage, words: PaperWords = paperWords(language)): string {
  return `${seatsLabel(seats.length, language, words)}: ${seatsInRows(seats, paperPhrases(language, words)).join('; ')}`
}

/** A kind of seat said on its own, with its symbol, for a count of them: "♿ Wheelchair space", "♿ Wheelchair spaces". */
export function seatKindCount(kind: SeatKindName, count: number, language: PaperLanguage, words: PaperWords = paperWords(language)): string {
  const name = seatKindWords(kind, count, language, words)
  return `${SEAT_KIND_SYMBOL[kind]} ${name.charAt(0).toUpperCase()}${name.slice(1)}`
}

/** A ticket's seat kind, said on its own for the door ("♿ Wheelchair space"); null for a plain seat. */
export function seatKindLine(seatType: number | null | undefined, language: PaperLanguage, words: PaperWords = paperWords(language)): string | null {
  const kind = seatKindOf(seatType)
  return kind ? seatKindCount(kind, 1, language, words) : null
}
