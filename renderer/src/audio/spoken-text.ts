import { SEAT_KIND_SYMBOL } from '@contract/seat-names'

/**
 * Screen text turned into what a voice should say. The seat kinds' symbols
 * (♿ …) are for the eye: the words beside them are what is said. Money is said
 * as an amount in the customer's language ("45 dollars and 50 cents"), not
 * spelled out sign by sign ("S dollar forty-five point five zero").
 */
const symbols = new RegExp(`[${Object.values(SEAT_KIND_SYMBOL).join('')}]\\s*`, 'gu')

/** formatMoney's output in any of the kiosk's languages: S$, digits grouped with , . or a space, and two decimals. */
const money = /(−|-)?S\$\s?(\d{1,3}(?:[,.\u00a0\u202f ]\d{3})*|\d+)(?:[.,](\d{2}))?(?!\d)/g

type MoneyWords = (whole: number, cents: number) => string

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** How each language says an amount of Singapore dollars. */
const moneyWords: Readonly<Record<string, MoneyWords>> = {
  'en-SG': (whole, cents) => {
    if (whole === 0 && cents > 0) return plural(cents, 'cent', 'cents')
    return cents > 0 ? `${plural(whole, 'dollar', 'dollars')} and ${plural(cents, 'cent', 'cents')}` : plural(whole, 'dollar', 'dollars')
  },
  'zh-CN': (whole, cents) => (cents > 0 ? `${whole}新元${cents}分` : `${whole}新元`),
  'zh-HK': (whole, cents) => (cents > 0 ? `${whole}新加坡元${cents}仙` : `${whole}新加坡元`),
  'ms-MY': (whole, cents) => (cents > 0 ? `${whole} dolar ${cents} sen` : `${whole} dolar`),
}

const minus: Readonly<Record<string, string>> = { 'en-SG': 'minus ', 'zh-CN': '负', 'zh-HK': '負', 'ms-MY': 'tolak ' }

/** One amount as words; `text` is what formatMoney wrote. */
export function spokenMoney(text: string, locale: string): string {
  return text.replace(money, (_all, sign: string | undefined, whole: string, cents: string | undefined) => {
    const words = moneyWords[locale] ?? moneyWords['en-SG']!
    const said = words(Number(whole.replace(/\D/g, '')), Number(cents ?? '0'))
    return sign ? `${minus[locale] ?? minus['en-SG']}${said}` : said
  })
}

/** What the voice says for a piece of screen text: no seat symbols, money as words, one space between words. */
export function spokenText(text: string, locale: string): string {
  return spokenMoney(text.replace(symbols, ''), locale).replace(/\s+/g, ' ').trim()
}
