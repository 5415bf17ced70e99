/**
 * Events whose texts are the XSS corpus, added to the training catalogue only
 * when asked (`--xss`, FOYER_SANDBOX_XSS=1) so the security tests can prove the
 * renderer shows hostile vendor text as text. Each is a copy of a training
 * event (a reserved-seating musical, a general-admission fair) with its own
 * code, so its shows, seats and prices work exactly like the original's; only
 * the words are replaced. Appended after everything else: no training id moves.
 */
import type { LocalizedText, SeedEvent } from '../types'
import { XSS_CORPUS } from './corpus'

/** The promoter every corpus event shares: plain text, so a test can search for it. */
export const XSS_PROMOTER = 'XSS Corpus Promotions'

/** Copies of these training events carry the corpus: seated (seats, tickets) and general admission. */
const BASES = ['FY26KOPIKAYA', 'FY26SATAYRIVER', 'FY26KOPIKAYA', 'FY26SATAYRIVER'] as const

/** FYXSS1 … FYXSS4. */
export function xssEventCode(n: number): string {
  return `FYXSS${n + 1}`
}

/** The fields the spec marks HTML-escaped, plus the advisory (sent as is) which the kiosk also shows. */
export const XSS_TEXT_FIELDS = ['title', 'synopsis', 'priceDescription', 'duration', 'admissionRules', 'salesDateText', 'promoters', 'advisory'] as const
export type XssTextField = (typeof XSS_TEXT_FIELDS)[number]

/**
 * Which payload event `n` carries in `field`: spread so the titles (shown on
 * most screens) carry the first payloads and every payload lands in at least
 * one field of one event.
 */
export function xssPayload(n: number, field: XssTextField): string {
  const slot = n + XSS_TEXT_FIELDS.indexOf(field) * BASES.length
  return XSS_CORPUS[slot % XSS_CORPUS.length]!
}

const same = (text: string): LocalizedText => ({ EN_SG: text, ZH_CN: text, ZH_HK: text, MS_MY: text })

export function xssEvents(training: readonly SeedEvent[]): SeedEvent[] {
  return BASES.map((code, n) => {
    const base = training.find((event) => event.code === code)
    if (!base) throw new Error(`xss events: no training event ${code}`)
    const text = (field: XssTextField) => same(xssPayload(n, field))
    return {
      ...base,
      code: xssEventCode(n),
      // A plain prefix keeps the events told apart (and sortable) whatever the payload does.
      title: same(`XSS ${n + 1} ${xssPayload(n, 'title')}`),
      promoters: [XSS_PROMOTER, xssPayload(n, 'promoters')],
      synopsis: text('synopsis'),
      priceDescription: text('priceDescription'),
      duration: text('duration'),
      admissionRules: text('admissionRules'),
      salesDateText: text('salesDateText'),
      advisory: xssPayload(n, 'advisory'),
    }
  })
}
