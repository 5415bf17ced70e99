import { testCardSchema, type TestCardFace, type TestCardName } from '../contract/checkout-channels'

/**
 * The training terminal's test cards: which one the customer "presents"
 * decides what the simulated terminal does, so training and tests can walk
 * every path a real card terminal can take. Shared by the sandbox and Foyer's
 * training screen.
 */
export const TEST_CARDS = {
  /** The payment is approved. */
  approve: { pan: '4111 1111 1111 1111', brand: 'visa', aid: 'A0000000031010' },
  /** The issuer declines (Refusal). */
  decline: { pan: '4000 0000 0000 0002', brand: 'visa', aid: 'A0000000031010' },
  /** The payment is taken, but the terminal's answer never arrives: ask it for the status. */
  timeout: { pan: '5555 5555 5555 4444', brand: 'mc', aid: 'A0000000041010' },
  /** The customer presses Cancel on the terminal. */
  cancel: { pan: '3782 822463 10005', brand: 'amex', aid: 'A00000002501' },
  /** The customer pulls the card out before the payment finished: the terminal stops it (Aborted). */
  'card-removed': { pan: '5105 1051 0510 5100', brand: 'mc', aid: 'A0000000041010' },
  /** The terminal is busy with another sale (another till's): nothing is taken, try again. */
  busy: { pan: '4012 8888 8888 1881', brand: 'visa', aid: 'A0000000031010' },
  /** The customer walks away: the terminal waits for a card until the kiosk stops it. */
  'no-card': { pan: '4222 2222 2222 2', brand: 'visa', aid: 'A0000000031010' },
  /** The terminal cannot be reached (switched off, off the network): nothing is charged. */
  unreachable: { pan: '6011 0000 0000 0004', brand: 'nets', aid: 'A0000005241010' },
} as const satisfies Record<TestCardName, { pan: string; brand: string; aid: string }>

/** The cards as the training screen shows them (the training terminal hands these to checkout). */
export const testCardFaces: readonly TestCardFace[] = testCardSchema.options.map((card) => ({ card, pan: TEST_CARDS[card].pan, brand: TEST_CARDS[card].brand.toUpperCase() }))
