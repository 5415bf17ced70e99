import type { DayCardPayment } from '../../protocol'
import { csvFile } from './csv-cell'
import type { Cell } from './day-table-shape'
import type { ExportWords } from './export-words'

/**
 * The day's card payments at each device's terminal, as a CSV the venue holds against Adyen's
 * Settlement details report: the columns that report matches on, under its own names and in its order
 * (Psp Reference: the terminal's transaction id; Merchant Reference: the reference Foyer gave the
 * payment; Type Settled/Refunded; Gross Credit/Debit in the gross currency), then Foyer's own columns
 * for the person ticking them off (which terminal, the booking, the card's last four, the auth code, and
 * whether it came after the day's close).
 * Company and merchant account are Adyen's names for the venue's account, which Foyer does not hold.
 *
 * Adyen's columns (and its Type values, Settled and Refunded) keep Adyen's English spelling in every
 * language the file is downloaded in: matching against the settlement report, by a person or a
 * spreadsheet lookup, goes by those exact names (above all Merchant Reference and Psp Reference). Only
 * Foyer's own columns after them follow the manager's language.
 */
export const ADYEN_COLUMNS = [
  'Company Account', 'Merchant Account', 'Psp Reference', 'Merchant Reference', 'Payment Method', 'Creation Date', 'TimeZone', 'Type',
  'Modification Reference', 'Gross Currency', 'Gross Debit (GC)', 'Gross Credit (GC)',
] as const

/** Every column of the card file in one language: Adyen's, then Foyer's own in that language's words. */
export const cardColumns = ({ card, tables }: ExportWords): string[] => [...ADYEN_COLUMNS, card.terminal, card.bookingReference, card.lastFour, card.authCode, tables.amended]

/**
 * A line of the card file: a card payment or refund of the day, `amended` when it reached the hub after
 * the day's close (issue #36): the acquirer settles it all the same, so the file carries it, marked.
 */
export type CardLine = DayCardPayment & { amended: boolean }

const two = (n: number) => String(n).padStart(2, '0')
/** YYYY-MM-DD HH:MM:SS on the hub's clock, as Adyen writes its creation date. */
const creationDate = (iso: string) => {
  const at = new Date(iso)
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`
}

/**
 * The card file, every cell through csvFile (csv-cell.ts): a terminal's name or a reference is text that
 * cannot run as a formula; the gross amounts are money, bare numbers the settlement sums can be checked with.
 */
export function cardCsv(payments: readonly CardLine[], currency: string, words: ExportWords): string {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const rows = payments.map((p): Cell[] => [
    null, null, p.pspReference, p.merchantReference, p.brand?.toLowerCase() ?? null, creationDate(p.at), timeZone, p.type === 'sale' ? 'Settled' : 'Refunded',
    null, currency, { cents: p.type === 'refund' ? p.amountCents : null }, { cents: p.type === 'sale' ? p.amountCents : null },
    p.deviceName, p.bookingReference, p.last4, p.authCode, p.amended ? words.rows.yes : null,
  ])
  return csvFile([cardColumns(words), ...rows])
}
