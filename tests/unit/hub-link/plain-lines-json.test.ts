import { describe, expect, it } from 'vitest'
import { plainLinesJson } from '../../../hub/protocol'

/**
 * A record's payload is written as JSON with every string a plain line (hub/protocol/plain-text.ts), in one pass
 * that leaves the value as it was.
 */
describe("a record's payload as plain-line JSON", () => {
  const payload = {
    saleId: 'a\u0000b',
    shows: [{ event: 'Swan\u0000Lake\r\nGala', tickets: 2, priceClasses: [{ name: 'Adult\u0085', amountCents: 5_000 }] }],
    cashier: null,
    training: false,
    ticketCodes: ['FY1\u001b[31m01', 'FY102'],
    left: undefined,
    patron: { email: 'walkup@example.com', firstName: 'Mei\u007f\u009f' },
  }

  it('is the JSON of the value with each string made a plain line, keys and all else as they were', () => {
    const text = plainLinesJson(payload)
    expect(JSON.parse(text)).toEqual({
      saleId: 'a b',
      shows: [{ event: 'Swan Lake Gala', tickets: 2, priceClasses: [{ name: 'Adult ', amountCents: 5_000 }] }],
      cashier: null,
      training: false,
      ticketCodes: ['FY1 [31m01', 'FY102'],
      patron: { email: 'walkup@example.com', firstName: 'Mei ' },
    })
  })

  it('leaves the value it is given as it was', () => {
    const before = structuredClone(payload)
    plainLinesJson(payload)
    expect(payload).toEqual(before)
  })
})
