import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { amountOf, centsOf, formatMoney, moneyInputText, parseMoneyInput } from '../../../electron/contract/money'

/**
 * The one money module: vendor decimals to cents without float error, cents
 * back to the vendor's decimals, display through Intl with the thousands
 * separator, and cash typed as people type it in Foyer's four languages.
 */
const LOCALES = ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'] as const
const cents = fc.integer({ min: 0, max: 100_000_000 })

describe('vendor amounts to cents', () => {
  it('reads the decimal the vendor wrote, never a float product', () => {
    // 12.35 * 100 is 1234.9999999999998 in floating point; 1.005 * 100 is 100.49999999999999.
    expect(centsOf(12.35)).toBe(1235)
    expect(centsOf(1.1)).toBe(110)
    expect(centsOf(0.29)).toBe(29)
    expect(centsOf('12.3')).toBe(1230)
    expect(centsOf(' 7 ')).toBe(700)
    expect(centsOf('12.350')).toBe(1235)
    expect(centsOf(-4.5)).toBe(-450)
    expect(centsOf(0)).toBe(0)
  })

  it('refuses fractions of a cent, exponents and non-finite amounts', () => {
    for (const bad of [10.505, '10.505', Number.NaN, Number.POSITIVE_INFINITY, 1e21, '1e3', '', '12,50', 'S$12']) {
      expect(() => centsOf(bad), String(bad)).toThrow(RangeError)
    }
  })

  it('turns every whole-cent amount back into the same cents (property)', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => centsOf(amountOf(c)) === c))
  })

  it('writes cents as the vendor decimal JSON carries exactly', () => {
    expect(JSON.stringify({ totalAmount: amountOf(1235) })).toBe('{"totalAmount":12.35}')
    expect(amountOf(100_000)).toBe(1000)
    expect(() => amountOf(12.5)).toThrow(RangeError)
  })
})

describe('formatting', () => {
  it('writes S$ with the thousands separator in every language', () => {
    for (const locale of LOCALES) {
      expect(formatMoney(123456, locale)).toBe('S$1,234.56')
      expect(formatMoney(100_000_000, locale)).toBe('S$1,000,000.00')
    }
    expect(formatMoney(500, 'en-SG')).toBe('S$5.00')
    expect(formatMoney(-200, 'en-SG')).toBe('−S$2.00')
  })

  it('writes other currencies as Intl does, and an unknown code before the number', () => {
    expect(formatMoney(123456, 'en-SG', 'MYR')).toBe(new Intl.NumberFormat('en-SG', { style: 'currency', currency: 'MYR' }).format(1234.56))
    expect(formatMoney(123456, 'en-SG', '999')).toBe('999 1,234.56')
  })
})

describe('cash as people type it', () => {
  const typed = (text: string, locale = 'en-SG') => parseMoneyInput(text, locale)

  it('reads 1,000 as one thousand dollars, not one', () => {
    for (const locale of LOCALES) expect(typed('1,000', locale)).toEqual({ ok: true, cents: 100_000 })
  })

  it('reads the usual ways of typing an amount', () => {
    const cases: Record<string, number> = {
      '1000': 100_000,
      '1,000.50': 100_050,
      '123,456.7': 12_345_670,
      'S$1,000': 100_000,
      's$ 1,000.00': 100_000,
      '$ 20': 2000,
      '20.5': 2050,
      '20.': 2000,
      '.5': 50,
      '0.05': 5,
      '  42  ': 4200,
      'SGD 15': 1500,
      '15 SGD': 1500,
      '１０００': 100_000,
      '１，０００．５０': 100_050,
      '＄２０': 2000,
    }
    for (const [text, expected] of Object.entries(cases)) {
      for (const locale of LOCALES) expect(typed(text, locale), `${text} in ${locale}`).toEqual({ ok: true, cents: expected })
    }
  })

  it('refuses what could be read two ways, or is not money, instead of guessing', () => {
    const cases: Record<string, string> = {
      '': 'empty',
      '   ': 'empty',
      '-5': 'negative',
      'S$-5': 'negative',
      '−5': 'negative',
      '1,00': 'ambiguous',
      '1,5': 'ambiguous',
      '1.000,50': 'ambiguous',
      '1,0000': 'ambiguous',
      '1.000': 'ambiguous',
      '10,00,000': 'ambiguous',
      '1000.505': 'too-many-decimals',
      '1,000.505': 'too-many-decimals',
      '10000000.01': 'too-large',
      abc: 'malformed',
      '12a': 'malformed',
      '1 000': 'malformed',
      '.': 'malformed',
      S$: 'malformed',
    }
    for (const [text, problem] of Object.entries(cases)) {
      for (const locale of LOCALES) expect(typed(text, locale), `${JSON.stringify(text)} in ${locale}`).toEqual({ ok: false, problem })
    }
    expect(typed('10.505').ok).toBe(false)
  })

  it('reads back what it formats, in every language (property)', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(...LOCALES), (c, locale) => {
        const shown = formatMoney(c, locale)
        const back = parseMoneyInput(shown, locale)
        return back.ok && back.cents === c
      }),
    )
  })

  it('reads back the text a quick-cash button puts in the field (property)', () => {
    fc.assert(fc.property(cents, (c) => {
      const back = parseMoneyInput(moneyInputText(c), 'en-SG')
      return back.ok && back.cents === c
    }))
  })
})
