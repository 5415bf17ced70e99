import { describe, expect, it } from 'vitest'
import { refundInstruction, refundPeople } from '../../renderer/src/composables/refund-words'
import { createFoyerI18n } from '../../renderer/src/i18n'

/**
 * What a counter refund's confirmation tells the cashier (issue #22, point 6): what to do with the money,
 * with the amount, and who asked and who approved. Before it said "Refunded, approved by …" alone.
 */
const sayIn = (locale: 'en-SG' | 'zh-CN') => {
  const { t } = createFoyerI18n(locale).global
  return (key: string, values: Record<string, unknown>) => t(key, values)
}
const say = sayIn('en-SG')

describe('a counter refund in the cashier’s words', () => {
  it('tells the cashier to give cash back from the drawer, with the amount', () => {
    expect(refundInstruction({ tender: 'cash', amountCents: 26_400, cardLast4: null }, say, 'en-SG')).toBe('Give S$264.00 back in cash from the drawer.')
  })

  it('names the card the money went back to by its last four digits, when the terminal gave them', () => {
    expect(refundInstruction({ tender: 'card', amountCents: 26_400, cardLast4: '1234' }, say, 'en-SG')).toBe('S$264.00 refunded to the card ending 1234.')
    expect(refundInstruction({ tender: 'card', amountCents: 26_400, cardLast4: null }, say, 'en-SG')).toBe('S$264.00 refunded to the card.')
    expect(refundInstruction({ tender: 'standalone', amountCents: 26_400, cardLast4: null }, say, 'en-SG')).toBe('Reverse S$264.00 on the standalone terminal.')
  })

  it('says each tender of a split sale: the cash part from the drawer, the card part to the card', () => {
    const parts = [
      { tender: 'cash' as const, amountCents: 5_000, cardLast4: null },
      { tender: 'card' as const, amountCents: 21_400, cardLast4: '1234' },
    ]
    expect(refundInstruction({ tender: 'cash', amountCents: 26_400, cardLast4: '1234', parts }, say, 'en-SG')).toBe(
      'Give S$50.00 back in cash from the drawer. S$214.00 refunded to the card ending 1234.',
    )
  })

  it('names who asked and who approved, in the screen’s language', () => {
    const keys = { both: 'staff.refund.people', approved: 'staff.refund.approvedOnly' }
    expect(refundPeople('Aisha Rahman', 'Mei Ling', keys, say)).toBe('Asked by Aisha Rahman, approved by Mei Ling.')
    expect(refundPeople(null, 'Mei Ling', keys, say)).toBe('Approved by Mei Ling.')
    expect(refundInstruction({ tender: 'cash', amountCents: 26_400, cardLast4: null }, sayIn('zh-CN'), 'zh-CN')).toContain('264.00')
  })
})
