import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startStaffHost, type StaffHost } from '../../support/staff-runtime'

/**
 * At a counter, main keeps who is signed in: nothing is held, sold, paid or
 * counted until a cashier signs in with the staff PIN, whatever the renderer
 * shows. Before, only the renderer's sign-in screen stood in the way, and any
 * call through the contract could open a shift or take cash.
 */
const PIN = '482613'
let host: StaffHost

beforeEach(async () => {
  host = await startStaffHost('foyer-counter-sign-in-', PIN)
  const counter = await host.ask('settings.update', { pin: PIN, patch: { mode: 'counter' } })
  expect(counter).toMatchObject({ ok: true })
})
afterEach(async () => {
  await host.close()
})

const refusedForSignIn = { ok: false, error: { code: 'counter.signed-out', messageKey: 'checkout.errors.signInFirst' } }

describe('counter sign-in, kept by main', () => {
  it('refuses the shift and the sale until a cashier signs in, and again after signing out', async () => {
    const { ask } = host
    expect(await ask('shift.open', { floatCents: 10_000 })).toMatchObject(refusedForSignIn)
    expect(await ask('shift.current')).toMatchObject(refusedForSignIn)
    expect(await ask('offers.keep', { offerId: '00000000-0000-4000-8000-000000000000', setIndex: 0 })).toMatchObject(refusedForSignIn)

    expect(await ask('counter.signIn', { name: 'Supervisor', pin: '000000' })).toMatchObject({ ok: true, value: { ok: false, reason: 'wrong' } })
    expect(await ask('shift.open', { floatCents: 10_000 })).toMatchObject(refusedForSignIn)

    expect(await ask('counter.signIn', { name: 'Supervisor', pin: PIN })).toMatchObject({ ok: true, value: { ok: true } })
    expect(await ask('shift.open', { floatCents: 10_000 })).toMatchObject({ ok: true, value: { floatCents: 10_000 } })

    expect(await ask('counter.signOut')).toEqual({ ok: true, value: { signedIn: false } })
    expect(await ask('shift.current')).toMatchObject(refusedForSignIn)
    // Giving seats back stays open: signing out gives back what the sale held.
    expect(await ask('holds.releaseAll')).toMatchObject({ ok: true })
  })

  it('signs the counter out when it leaves counter mode', async () => {
    const { ask } = host
    expect(await ask('counter.signIn', { name: 'Supervisor', pin: PIN })).toMatchObject({ ok: true, value: { ok: true } })
    expect(await ask('settings.update', { pin: PIN, patch: { mode: 'self-service' } })).toMatchObject({ ok: true })
    expect(await ask('settings.update', { pin: PIN, patch: { mode: 'counter' } })).toMatchObject({ ok: true })
    expect(await ask('shift.current')).toMatchObject(refusedForSignIn)
  })
})
