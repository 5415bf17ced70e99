import { describe, expect, it } from 'vitest'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import { countOf } from '../../support/cash-count'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { sandboxRuntimePerTest } from '../../support/sandbox-runtime'

/**
 * A counter stands in its venue whether or not it sold (issue #34, seen on the reports): a Z report of
 * a shift with no sales was headed "Venue —" while the shift before it on the same counter said
 * "Grand Theatre". The venue is the counter's, carried on from its last closed shift.
 */
const run = sandboxRuntimePerTest()

async function ok<T>(reply: Promise<{ ok: true; value: T } | { ok: false; error: { code: string } }>): Promise<T> {
  const answer = await reply
  if (!answer.ok) throw new Error(answer.error.code)
  return answer.value
}

async function closeCounted(counter: Dispatcher) {
  const x = await ok(call(counter, 'shift.current', {}))
  return ok(call(counter, 'shift.close', { count: countOf(x!.expectedCashCents) }))
}

describe('the venue on a shift report', () => {
  it('is the counter’s: a shift that sold nothing is headed with the venue the counter’s last shift sold for', async () => {
    const counter = await run.start('counter')
    await ok(call(counter, 'shift.open', { floatCents: 20_000 }))
    const order = { ...(await heldOrderRequest(counter, run.rig.direct, 'Grand Theatre', 'Stalls Left')), paymentMethodCode: 'CASH' }
    const invoice = await ok(call(counter, 'checkout.submit', { order }))
    await ok(call(counter, 'checkout.pay', { saleId: invoice.saleId, tender: 'cash', tenderedCents: invoice.amountCents }))
    expect((await closeCounted(counter)).venues).toEqual(['Grand Theatre'])

    // The next shift on this counter sells nothing: its X and Z reports still name the venue.
    await ok(call(counter, 'shift.open', { floatCents: 20_000 }))
    expect((await ok(call(counter, 'shift.current', {})))!.venues).toEqual(['Grand Theatre'])
    expect((await closeCounted(counter)).venues).toEqual(['Grand Theatre'])
    // And the one after that, carried on from the shift that sold nothing.
    await ok(call(counter, 'shift.open', { floatCents: 20_000 }))
    expect((await closeCounted(counter)).venues).toEqual(['Grand Theatre'])
  }, 120_000)
})
