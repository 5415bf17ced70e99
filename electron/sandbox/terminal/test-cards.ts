/**
 * The sandbox terminal's test cards: which one the customer "presents" decides
 * what the terminal does, so training and tests can walk every path a real
 * card terminal can take. Shared by the sandbox and Foyer's training screen.
 */
export const TEST_CARDS = {
  /** The payment is approved. */
  approve: { pan: '4111 1111 1111 1111', brand: 'VISA' },
  /** The issuer declines. */
  decline: { pan: '4000 0000 0000 0002', brand: 'VISA' },
  /** The payment is taken, but the terminal's answer never arrives: ask it for the status. */
  timeout: { pan: '5555 5555 5555 4444', brand: 'MASTERCARD' },
  /** The customer presses Cancel on the terminal. */
  cancel: { pan: '3782 822463 10005', brand: 'AMEX' },
  /** The terminal cannot be reached: nothing is charged. */
  unreachable: { pan: '6011 0000 0000 0004', brand: 'NETS' },
} as const

export type TestCard = keyof typeof TEST_CARDS
export const testCardNames = Object.keys(TEST_CARDS) as TestCard[]
