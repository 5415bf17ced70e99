import { afterEach, describe, expect, it } from 'vitest'
import { call } from '../../../electron/ipc-core/dispatcher'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest, listShows, sandboxConnection } from '../../support/checkout-fixtures'
import { findShow, isOnSale, sectionsOf } from '../../support/sandbox-fixtures'
import { TEST_CASHIER } from '../../support/staff-runtime'

/**
 * A counter left alone is signed out by main, not only by the renderer's own
 * count: a renderer that stops counting (a bug, a frozen tab, someone who
 * holds the browser host's token) cannot keep a till signed in. The idle time
 * is the staff's counter auto sign-out (1 minute here), counted from the last
 * call the signed-in person made, on a clock the test moves; the screen is
 * told (counter.signedOut) so it goes to the sign-in, and held seats go back.
 */
let rig: ApiRig | null = null
let runtime: Runtime | null = null
let clock = 1_000_000

async function start(): Promise<{ runtime: Runtime; pushed: string[] }> {
  clock = 1_000_000
  rig = await apiRig()
  runtime = await startRuntime({
    facts: { appVersion: 't', mode: 'counter', host: 'browser' },
    dataDir: null,
    connection: sandboxConnection(rig),
    log: { warn: () => {}, error: () => {} },
    checkout: { sleep: async () => {} },
    counterIdle: { minutes: () => 1, now: () => clock, checkEveryMs: 20 },
  })
  const pushed: string[] = []
  runtime.services.pushes.attach((name) => pushed.push(name))
  runtime.services.counter.signIn(TEST_CASHIER)
  return { runtime, pushed }
}

afterEach(async () => {
  await runtime?.close()
  runtime = null
  await rig?.close()
  rig = null
})

/** Waits (generously) until `done` holds: main signs out on its own, at its own time. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 20) {
    if (waited > 10_000) throw new Error('gave up waiting')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the counter’s idle sign-out, kept by main', () => {
  it('each call the cashier makes starts the count again; a minute without one signs them out and refuses the till', async () => {
    const { runtime: { services } } = await start()
    clock += 50_000
    expect(await call(services.dispatcher, 'shift.current', {})).toEqual({ ok: true, value: null })
    clock += 50_000
    // 100 s since sign-in, but 50 s since the last call: still signed in.
    expect(await call(services.dispatcher, 'counter.whoIsIn', {})).toEqual({ ok: true, value: TEST_CASHIER })
    clock += 11_000
    expect(await call(services.dispatcher, 'counter.whoIsIn', {})).toEqual({ ok: true, value: null })
    expect(await call(services.dispatcher, 'shift.current', {})).toMatchObject({ ok: false, error: { code: 'counter.signed-out' } })
  })

  it('the screen’s word that the cashier touched it (counter.stillHere) starts the count again too', async () => {
    const { runtime: { services } } = await start()
    expect(await call(services.dispatcher, 'counter.stillHere', {})).toEqual({ ok: true, value: { signedIn: true } })
    clock += 50_000
    expect(await call(services.dispatcher, 'counter.stillHere', {})).toEqual({ ok: true, value: { signedIn: true } })
    clock += 50_000
    expect(await call(services.dispatcher, 'counter.whoIsIn', {})).toEqual({ ok: true, value: TEST_CASHIER })
    clock += 11_000
    // Told too late: the count had run out, and the answer says so.
    expect(await call(services.dispatcher, 'counter.stillHere', {})).toEqual({ ok: true, value: { signedIn: false } })
  })

  it('signs out with no call at all (the renderer stopped counting), tells the screen, and gives the held seats back', async () => {
    const { runtime: started, pushed } = await start()
    const dispatcher = started.services.dispatcher
    const show = await findShow(rig!.direct, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
    const section = (await sectionsOf(rig!.direct, show.productId)).find((s) => s.seatSectionAlias === 'Stalls Centre')!
    await listShows(dispatcher, show.eventCode)
    const offered = await call(dispatcher, 'offers.request', { productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'HS', quantity: 2 })
    expect(offered.ok).toBe(true)
    expect(started.holds.status().count).toBe(2)

    clock += 61_000
    await until(() => pushed.includes('counter.signedOut'))
    expect(started.services.counter.who()).toBeNull()
    await until(() => started.holds.status().count === 0)
  })

  it('waits while a sale is between its order and its tickets, and signs out once it is over', async () => {
    const { runtime: started, pushed } = await start()
    const dispatcher = started.services.dispatcher
    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, rig!.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    // The customer takes their time at the terminal: well past the idle time, the till stays signed in.
    clock += 5 * 61_000
    // Main looks at every call (whoIsIn is not the cashier's doing, so it does not count as activity).
    expect(await call(dispatcher, 'counter.whoIsIn', {})).toEqual({ ok: true, value: TEST_CASHIER })
    expect(pushed).not.toContain('counter.signedOut')
    // The sale is given up; from then on the count runs, and the cashier is gone.
    expect(await call(dispatcher, 'checkout.cancel', { saleId: invoice.value.saleId })).toMatchObject({ ok: true })
    clock += 61_000
    await until(() => pushed.includes('counter.signedOut'))
    expect(started.services.counter.who()).toBeNull()
  })
})
