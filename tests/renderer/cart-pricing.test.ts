import { formatMoney, type PriceClass } from '@contract'
import { describe, expect, it } from 'vitest'
import { choiceCents, choiceProblem, defaultChoice, perTicketCents, stepQuantity } from '../../renderer/src/cart/pricing'

const money = (amount: number) => ({ amount, currency: 'SGD', formatted: `S$${amount.toFixed(2)}` })
const priceClass = (code: string, amount: number, quantities: number[], fee = 0, passwordRequired = false): PriceClass => ({
  priceClassId: code.length,
  code,
  alias: code,
  unitPrice: money(amount),
  quantities,
  passwordRequired,
  fees: fee > 0 ? [{ code: 'BOOKING_FEE', charge: money(fee) }] : [],
})

const standard = priceClass('A', 0.1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.2)
const twin = priceClass('TWIN', 45.5, [2, 4, 6, 8], 4)
const corporate = priceClass('CORP', 50, [1, 2], 0, true)

describe('ticket pricing', () => {
  it('adds in cents, so ten-cent prices and fees do not drift', () => {
    expect(perTicketCents(standard)).toBe(30)
    expect(choiceCents({ A: 3, TWIN: 2 }, [standard, twin])).toBe(90 + 2 * 4950)
  })

  it('steps only through the quantities the vendor offers', () => {
    expect(stepQuantity(twin, 0, 1)).toBe(2)
    expect(stepQuantity(twin, 2, 1)).toBe(4)
    expect(stepQuantity(twin, 8, 1)).toBe(8)
    expect(stepQuantity(twin, 4, -1)).toBe(2)
    expect(stepQuantity(twin, 2, -1)).toBe(0)
    expect(stepQuantity(twin, 0, -1)).toBe(0)
  })

  it('says what is wrong with a choice: too few, too many, a quantity not offered, a password class', () => {
    expect(choiceProblem({ A: 1 }, [standard, twin], 2)).toBe('too-few')
    expect(choiceProblem({ A: 1, TWIN: 2 }, [standard, twin], 2)).toBe('too-many')
    expect(choiceProblem({ TWIN: 3 }, [standard, twin], 3)).toBe('quantity-not-offered')
    expect(choiceProblem({ CORP: 2 }, [standard, corporate], 2)).toBe('password-required')
    expect(choiceProblem({ X: 2 }, [standard], 2)).toBe('unknown-class')
    expect(choiceProblem({ A: 1, TWIN: 2, CORP: 0 }, [standard, twin, corporate], 3)).toBeNull()
  })

  it('starts with the first class that can take every seat, never a password class', () => {
    expect(defaultChoice([corporate, twin, standard], 2)).toEqual({ TWIN: 2 })
    expect(defaultChoice([corporate, twin, standard], 3)).toEqual({ A: 3 })
    expect(defaultChoice([corporate], 1)).toEqual({})
  })

  it('writes Singapore dollars as S$ in every language', () => {
    expect(formatMoney(23840, 'en-SG')).toBe('S$238.40')
    expect(formatMoney(123456, 'zh-CN')).toBe('S$1,234.56')
    expect(formatMoney(500, 'ms-MY')).toBe('S$5.00')
  })
})
