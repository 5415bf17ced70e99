import { afterEach, describe, expect, it } from 'vitest'
import type { AppMode } from '../../../electron/contract'
import { call } from '../../../electron/ipc-core/dispatcher'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { listShows, sandboxConnection } from '../../support/checkout-fixtures'
import { findShow, isOnSale, sectionsOf } from '../../support/sandbox-fixtures'
import { TEST_CASHIER } from '../../support/staff-runtime'

/**
 * A customer in audio mode (kiosk.audioGuidance, issue #33) gets seat holds the staff setting's times
 * longer, but never past the vendor's: the sandbox holds for 2 minutes, Foyer's hold window is 40 s. A 3D
 * offer says its expirationTime, which shows how long the vendor holds; a 2D offer gives only
 * reservedTime, so Foyer reckons its expiry by the window, the customer's lengthened one in audio mode.
 * Every time compared is the vendor's (its reservedTime, Foyer's expiry by its clock), never the test's.
 */
const VENDOR_HOLD_S = 120
const SETTING_MS = 40_000
let rig: ApiRig
let runtime: Runtime | null = null
/** The audio time factor as staff set it (read at each use, as the hosts read the settings file). */
let factor = 2

async function start(options: { mode?: AppMode; proxy?: boolean } = {}) {
  factor = 2
  rig = await apiRig({ sandbox: { holdTtlSeconds: VENDOR_HOLD_S }, proxy: options.proxy })
  runtime = await startRuntime({
    facts: { appVersion: 't', mode: options.mode ?? 'self-service', host: 'browser' },
    dataDir: null,
    connection: { ...sandboxConnection(rig), holdWindowMs: SETTING_MS },
    log: { warn: () => {}, error: () => {} },
    checkout: { sleep: async () => {} },
    audioGuidance: { timeFactor: () => factor, idleSeconds: () => 60 },
  })
  if (options.mode === 'counter') runtime.services.counter.signIn(TEST_CASHIER)
  const { dispatcher } = runtime.services
  const show = await findShow(rig.direct, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
  const [section] = (await sectionsOf(rig.direct, show.productId)).filter((s) => s.seatSectionAlias.startsWith('Stalls'))
  await listShows(dispatcher, show.eventCode)
  const audio = async (on: boolean) => {
    const answer = await call(dispatcher, 'kiosk.audioGuidance', { on })
    if (!answer.ok) throw new Error(answer.error.code)
    return answer.value
  }
  /** Two seats held, the offer's expiry, and how long after the vendor reserved them that is; given back unless `keep`. */
  const hold = async (twoD: boolean, keep = false) => {
    const request = { productId: show.productId, priceCategoryId: section!.priceCategoryId, sectionId: section!.seatSectionId, mode: 'HS' as const, quantity: 2, twoD }
    const held = await call(dispatcher, 'offers.request', request)
    if (!held.ok) throw new Error(held.error.code)
    const { offer, expiresAt } = held.value
    if (!keep) await call(dispatcher, 'offers.release', { productId: show.productId, inventoryIds: offer.sets.flat().map((s) => s.inventoryId) })
    return { offer, heldMs: Date.parse(expiresAt) - Date.parse(offer.reservedTime!) }
  }
  return { dispatcher, audio, hold }
}

afterEach(async () => {
  await runtime?.close()
  runtime = null
  await rig.close()
})

describe('a customer in audio mode', () => {
  it('has new holds the setting’s times longer, only within the hold the vendor has shown, and never past its expiry', async () => {
    const { audio, hold } = await start()
    // Nothing shown yet of the vendor's hold: the window stands for it, and is not lengthened past it.
    expect(await audio(true)).toEqual({ holdWindowMinutes: SETTING_MS / 60_000, idleSeconds: 120 })
    expect((await hold(true)).heldMs).toBe(SETTING_MS)

    // A 3D offer lapses when the vendor says, audio mode or not: 2 minutes.
    const threeD = await hold(false)
    expect(Date.parse(threeD.offer.expirationTime!) - Date.parse(threeD.offer.reservedTime!)).toBe(VENDOR_HOLD_S * 1000)
    expect(threeD.heldMs).toBe(VENDOR_HOLD_S * 1000)

    // Now the vendor is known to hold for 2 minutes: twice the window fits within it.
    expect((await hold(true)).heldMs).toBe(2 * SETTING_MS)
    expect(await audio(true)).toEqual({ holdWindowMinutes: (2 * SETTING_MS) / 60_000, idleSeconds: 120 })
    // Four times would outlast the vendor's hold: capped at it.
    factor = 4
    expect((await hold(true)).heldMs).toBe(VENDOR_HOLD_S * 1000)
    expect(await audio(true)).toEqual({ holdWindowMinutes: VENDOR_HOLD_S / 60, idleSeconds: 240 })

    // Audio guidance off: the plain window and idle time again.
    expect(await audio(false)).toEqual({ holdWindowMinutes: SETTING_MS / 60_000, idleSeconds: 60 })
    expect((await hold(true)).heldMs).toBe(SETTING_MS)
  })

  it('keeps a hold taken in audio mode when the customer turns audio off, until the vendor shows it holds for less', async () => {
    const { audio, hold } = await start()
    await hold(false)
    await audio(true)
    const kept = await hold(true, true)
    expect(kept.heldMs).toBe(2 * SETTING_MS)
    await audio(false)
    // Another 3D offer teaches nothing shorter: the customer's seats keep their longer hold, on the countdown too.
    await hold(false)
    expect(runtime!.holds.status().expiresAt).toBe(new Date(Date.parse(kept.offer.reservedTime!) + 2 * SETTING_MS).toISOString())
  })

  it('ends with the customer’s session: holds.releaseAll gives the next customer the plain times', async () => {
    const { dispatcher, audio, hold } = await start()
    await hold(false)
    await audio(true)
    await hold(true, true)
    expect(await call(dispatcher, 'holds.releaseAll', {})).toEqual({ ok: true, value: { released: 2 } })
    expect(runtime!.holds.windowMs).toBe(SETTING_MS)
    expect((await hold(true)).heldMs).toBe(SETTING_MS)
  })

  it('ends with the session even when the vendor cannot be reached to give the seats back', async () => {
    const { dispatcher, audio, hold } = await start({ proxy: true })
    await hold(false)
    await audio(true)
    await hold(true, true)
    expect(runtime!.holds.windowMs).toBe(2 * SETTING_MS)
    rig.proxy!.fail(/\/seats$/, { kind: 'status', status: 503 }, 20, 'POST')
    expect((await call(dispatcher, 'holds.releaseAll', {})).ok).toBe(false)
    expect(runtime!.holds.windowMs).toBe(SETTING_MS)
    rig.proxy!.clear()
  })
})

describe('at a counter', () => {
  it('audio guidance has no effect: the plain times, and holds as long as anyone’s', async () => {
    const { audio, hold } = await start({ mode: 'counter' })
    await hold(false)
    expect(await audio(true)).toEqual({ holdWindowMinutes: SETTING_MS / 60_000, idleSeconds: 60 })
    expect((await hold(true)).heldMs).toBe(SETTING_MS)
  })
})
