// @vitest-environment node
// (The API client runs in main, on Node's fetch; happy-dom's fetch would apply browser rules to it.)
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPinia, setActivePinia } from 'pinia'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ChannelName } from '../../electron/contract'
import { call } from '../../electron/ipc-core/dispatcher'
import { inProcessSandbox } from '../support/in-process-sandbox'
import { startHostRuntime, type HostRuntime } from '../../electron/services/host-runtime'
import { provideFoyer } from '../../renderer/src/bridge/foyer'
import { counterRedirect } from '../../renderer/src/composables/counter-gate'
import { useCounterStore } from '../../renderer/src/stores/counter'
import { createInProcessFoyer } from '../support/in-process-foyer'
import { TEST_ENROLMENT_CODE, firstPin } from '../support/staff-runtime'

/**
 * Counter mode against the real staff services and the built-in sandbox, in
 * process: signing in with the staff PIN (and main's lockout), signing out
 * giving back every held seat, and the screens a counter may show.
 */
const PIN = '864213'
const quiet = { warn: () => {}, error: () => {} }
let runtime: HostRuntime
let dataDir: string
const ask = <C extends ChannelName>(channel: C, request: unknown) => runtime.services.dispatcher.dispatch(channel, request, { transport: 'test' })

/** Holds two seats of a reserved show on the sandbox, as the seats screen would; answers how many main holds. */
async function holdTwoSeats(): Promise<number> {
  const events = await call(runtime.services.dispatcher, 'catalogue.events', { lang: 'EN_SG', size: 100 })
  if (!events.ok) throw new Error(events.error.code)
  for (const event of events.value.events.filter((e) => e.venue === 'Grand Theatre')) {
    const shows = await call(runtime.services.dispatcher, 'catalogue.shows', { code: event.code, lang: 'EN_SG' })
    const show = shows.ok ? shows.value.shows.find((s) => s.availability === 'available') : undefined
    if (!show) continue
    const overview = await call(runtime.services.dispatcher, 'seatmap.overview', { productId: show.productId })
    const section = overview.ok ? overview.value?.sections.find((s) => s.sectionAlias === 'Stalls Centre') : undefined
    if (!section) continue
    const held = await call(runtime.services.dispatcher, 'offers.request', { productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.sectionId, mode: 'HS', quantity: 2 })
    if (!held.ok) throw new Error(held.error.code)
    break
  }
  const status = await call(runtime.services.dispatcher, 'holds.status', {})
  return status.ok ? status.value.count : -1
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'foyer-counter-'))
  runtime = await startHostRuntime({ enrolmentCode: TEST_ENROLMENT_CODE, mode: 'counter' }, { appVersion: 't', host: 'browser' }, dataDir, quiet, inProcessSandbox)
})
afterAll(async () => {
  await runtime.close()
  await rm(dataDir, { recursive: true, force: true })
})
beforeEach(() => {
  setActivePinia(createPinia())
  provideFoyer(createInProcessFoyer(runtime.services))
})
afterEach(() => provideFoyer(null))

describe('which screens a counter may show', () => {
  it.each<[string, string | undefined, boolean, string | null]>([
    ['attract', 'self-service', false, null],
    ['events', 'self-service', false, null],
    ['counter-sign-in', 'self-service', false, 'attract'],
    ['attract', undefined, false, null],
    ['attract', 'counter', false, 'counter-sign-in'],
    ['events', 'counter', false, 'counter-sign-in'],
    ['seats', 'counter', false, 'counter-sign-in'],
    ['review', 'counter', false, 'counter-sign-in'],
    ['staff', 'counter', false, null],
    ['admin', 'counter', false, null],
    ['counter-sign-in', 'counter', false, null],
    ['attract', 'counter', true, 'events'],
    ['counter-sign-in', 'counter', true, 'events'],
    ['seats', 'counter', true, null],
    ['admin', 'counter', true, null],
  ])('%s in %s mode (signed in: %s) goes to %s', (target, mode, signedIn, expected) => {
    expect(counterRedirect(target, mode as 'counter' | 'self-service' | undefined, signedIn)).toBe(expected)
  })
})

// In order: no PIN yet, then a PIN, then the lockout (which stays for a minute, so it comes last).
describe('the counter store', () => {
  it('refuses sign-in while no staff PIN is set, and says so', async () => {
    const counter = useCounterStore()
    await counter.checkPinSet()
    expect(counter.pinSet).toBe(false)
    expect(await counter.signIn('Supervisor', PIN)).toBe(false)
    expect(counter.refusal).toEqual({ reason: 'not-set' })
    expect(counter.signedIn).toBe(false)
  })

  it('signs in by name and own PIN (the first supervisor), and signing out gives back every held seat', async () => {
    expect(await ask('staff.setPin', firstPin(PIN))).toMatchObject({ ok: true })
    const counter = useCounterStore()
    await counter.checkPinSet()
    expect(counter.pinSet).toBe(true)
    expect(await counter.signIn('Supervisor', '111111')).toBe(false)
    expect(counter.refusal).toEqual({ reason: 'wrong' })
    expect(counter.signedIn).toBe(false)
    expect(await counter.signIn('Supervisor', PIN)).toBe(true)
    expect(counter.signedIn).toBe(true)
    expect(counter.refusal).toBeNull()

    expect(await holdTwoSeats()).toBe(2)
    await counter.signOut()
    expect(counter.signedIn).toBe(false)
    expect(await ask('holds.status', {})).toMatchObject({ ok: true, value: { count: 0 } })
  })

  it('a new sale gives back the last customer’s seats and stays signed in', async () => {
    const counter = useCounterStore()
    expect(await counter.signIn('Supervisor', PIN)).toBe(true)
    expect(await holdTwoSeats()).toBe(2)
    await counter.endSale()
    expect(counter.signedIn).toBe(true)
    expect(await ask('holds.status', {})).toMatchObject({ ok: true, value: { count: 0 } })
  })

  it('is locked out by main after five wrong PINs, even for the right one', async () => {
    const counter = useCounterStore()
    for (let i = 0; i < 4; i++) await counter.signIn('Supervisor', '000000')
    expect(counter.refusal).toEqual({ reason: 'wrong' })
    await counter.signIn('Supervisor', '000000')
    expect(counter.refusal).toMatchObject({ reason: 'locked' })
    expect(await counter.signIn('Supervisor', PIN)).toBe(false)
    expect(counter.refusal).toMatchObject({ reason: 'locked', retryAfterSeconds: expect.any(Number) })
    expect(counter.signedIn).toBe(false)
  })
})
