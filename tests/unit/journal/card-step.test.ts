import { describe, expect, it } from 'vitest'
import type { SaleStep } from '../../../electron/journal/sales-journal'
import { cardFromSteps } from '../../../electron/printing/format'

/** The card of an approved payment, read back from the journal step's detail by its schema. */
const approved = (detail: unknown, step = 'payment-approved'): SaleStep => ({ seq: 1, at: 1, step, detail })

describe("an approved payment's card, read back from the journal", () => {
  it('reads what the terminal said of the card', () => {
    const receipt = { maskedPan: '411111******1111', authCode: '123456', aid: 'A0000000031010', entryMode: 'contactless', lines: ['TOTAL 264.00'] }
    expect(cardFromSteps([approved({ brand: 'VISA', last4: '1111', receipt }, 'recovered-payment-approved')])).toEqual({ brand: 'VISA', last4: '1111', receipt })
  })

  it('never carries more than four digits as the last four, whatever the terminal sent', () => {
    // A terminal that sent the whole card number as its "last four": read by hand, it was carried on as the last four, and each reader had to check it again.
    const card = cardFromSteps([approved({ brand: 'VISA', last4: '4111111111111111' })])
    expect(card).toEqual({ brand: 'VISA', last4: null, receipt: null })
  })

  it('leaves out each part that does not read, keeping the rest', () => {
    const card = cardFromSteps([approved({ brand: 7, last4: '4242', receipt: { maskedPan: '', authCode: 'A1', lines: ['ok', 3, ''] } })])
    expect(card).toEqual({ brand: null, last4: '4242', receipt: { maskedPan: null, authCode: 'A1', aid: null, entryMode: null, lines: ['ok'] } })
  })

  it('takes the latest approval, passing over a detail that is not a card', () => {
    expect(cardFromSteps([approved({ brand: 'MC', last4: '5454' }), approved(null), approved('approved')])).toEqual({ brand: 'MC', last4: '5454', receipt: null })
    expect(cardFromSteps([approved({ brand: 'MC' }, 'payment-started')])).toBeNull()
  })
})
