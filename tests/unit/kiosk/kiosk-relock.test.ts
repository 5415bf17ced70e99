import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SystemInfo } from '../../../electron/contract'
import { PushBus } from '../../../electron/ipc-core/push-bus'
import type { HostRuntime } from '../../../electron/services/host-runtime'
import { followKioskLock } from '../../../electron/services/kiosk-service'
import { SystemInfoService } from '../../../electron/services/system-info'
import { RecordedKioskWindow } from '../../support/kiosk-window'
import { startKioskHost, type Ask, firstPin } from '../../support/staff-runtime'

/**
 * A kiosk staff left does not stay unlocked: it locks again on request
 * (kiosk.lockAgain, no PIN), by itself once Foyer rests on the attract screen,
 * on a change back to self-service, and at every start. Its state is in
 * system.info and pushed, so the staff screen shows the truth. The rules are
 * the real ones (SelfServiceLock); only Electron's window is recorded.
 */
const PIN = '517428'

describe('the self-service lock rules', () => {
  it('locks a self-service machine, none at a counter, and only a locked kiosk can be left', () => {
    const kiosk = new RecordedKioskWindow()
    kiosk.lockFor('counter')
    expect(kiosk).toMatchObject({ state: 'none', windowLocked: false })
    kiosk.leave()
    kiosk.lockAgain()
    expect(kiosk).toMatchObject({ state: 'none', windowLocked: false, leaves: 0 })
    kiosk.lockFor('self-service')
    expect(kiosk).toMatchObject({ state: 'locked', windowLocked: true })
    kiosk.leave()
    expect(kiosk).toMatchObject({ state: 'left', windowLocked: false, leaves: 1 })
    kiosk.lockAgain()
    expect(kiosk).toMatchObject({ state: 'locked', windowLocked: true })
  })

  it('locks again when the mode is set to self-service, even after staff left', () => {
    const kiosk = new RecordedKioskWindow()
    kiosk.lockFor('self-service')
    kiosk.leave()
    kiosk.lockFor('self-service')
    expect(kiosk).toMatchObject({ state: 'locked', windowLocked: true })
  })
})

describe('kiosk lock in a running Foyer (sandbox)', () => {
  let runtime: HostRuntime
  let ask: Ask
  const kiosk = new RecordedKioskWindow()
  const pushed: SystemInfo[] = []
  beforeAll(async () => {
    ;({ runtime, ask } = await startKioskHost(kiosk))
    runtime.services.pushes.attach((name, payload) => {
      if (name === 'system.changed') pushed.push(payload as SystemInfo)
    })
    await ask('staff.setPin', firstPin(PIN))
  })
  afterAll(() => runtime?.close())

  it('is locked at start and says so in system.info', async () => {
    expect(kiosk).toMatchObject({ state: 'locked', windowLocked: true })
    expect(await ask('system.info')).toMatchObject({ ok: true, value: { kioskLock: 'locked' } })
  })

  it('refuses to lock again what was not left, with a typed "not here"', async () => {
    expect(await ask('kiosk.lockAgain')).toMatchObject({ ok: false, error: { code: 'kiosk.not-here', messageKey: 'kiosk.errors.notHere' } })
    expect(await ask('kiosk.lockAgain', { pin: PIN })).toMatchObject({ ok: false, error: { code: 'contract.invalid-request' } })
  })

  it('pushes "left" when staff leave, and "locked" when they lock it again', async () => {
    pushed.length = 0
    expect(await ask('kiosk.exit', { pin: PIN })).toEqual({ ok: true, value: { left: true } })
    expect(pushed.at(-1)).toMatchObject({ kioskLock: 'left' })
    expect(await ask('system.info')).toMatchObject({ value: { kioskLock: 'left' } })
    expect(await ask('kiosk.lockAgain')).toEqual({ ok: true, value: { locked: true } })
    expect(kiosk).toMatchObject({ state: 'locked', windowLocked: true })
    expect(pushed.at(-1)).toMatchObject({ kioskLock: 'locked' })
  })

  it('follows the mode staff save: a counter has no lock, self-service locks again', async () => {
    await ask('kiosk.exit', { pin: PIN })
    expect(await ask('settings.update', { pin: PIN, patch: { mode: 'counter' } })).toMatchObject({ ok: true })
    // The renderer keeps the last push it gets: that one must carry the lock's new state.
    await vi.waitFor(() => expect(pushed.at(-1)).toMatchObject({ mode: 'counter', kioskLock: 'none' }))
    expect(kiosk).toMatchObject({ state: 'none', windowLocked: false })
    expect(await ask('kiosk.exit', { pin: PIN })).toMatchObject({ ok: false, error: { code: 'kiosk.not-here' } })
    expect(await ask('settings.update', { pin: PIN, patch: { mode: 'self-service' } })).toMatchObject({ ok: true })
    await vi.waitFor(() => expect(pushed.at(-1)).toMatchObject({ mode: 'self-service', kioskLock: 'locked' }))
    expect(kiosk).toMatchObject({ state: 'locked', windowLocked: true })
  })
})

describe('a left kiosk locks itself again at rest', () => {
  const REST_MS = 800
  // The rest is reckoned on performance.now() and checked every 20 ms: both on Vitest's clock,
  // moved on by the test instead of slept through.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] }))
  afterEach(() => vi.useRealTimers())
  function follow() {
    const system = new SystemInfoService({ appVersion: 't', mode: 'self-service', backend: 'sandbox', host: 'electron' })
    const kiosk = new RecordedKioskWindow()
    const stop = followKioskLock(kiosk, { system, pushes: new PushBus() }, { restMs: REST_MS, pollMs: 20 })
    return { system, kiosk, stop }
  }

  it('after resting on the attract screen, not while staff are on another screen', async () => {
    const { system, kiosk, stop } = follow()
    try {
      system.screenShown('staff-settings')
      kiosk.leave()
      // Several rest periods on a staff screen: still left (the check runs every 20 ms).
      await vi.advanceTimersByTimeAsync(REST_MS * 3)
      expect(kiosk.state).toBe('left')
      system.screenShown('attract')
      await vi.advanceTimersByTimeAsync(REST_MS - 100)
      expect(kiosk.state).toBe('left')
      await vi.advanceTimersByTimeAsync(200)
      expect(kiosk).toMatchObject({ state: 'locked', windowLocked: true })
      expect(system.info().kioskLock).toBe('locked')
    } finally {
      stop()
    }
  })

  it('counts the rest from when staff left, not from an earlier attract screen', async () => {
    const { system, kiosk, stop } = follow()
    try {
      system.screenShown('attract')
      await vi.advanceTimersByTimeAsync(REST_MS * 2)
      kiosk.leave()
      await vi.advanceTimersByTimeAsync(60)
      expect(kiosk.state).toBe('left')
      await vi.advanceTimersByTimeAsync(REST_MS)
      expect(kiosk.state).toBe('locked')
    } finally {
      stop()
    }
  })

  it('stops watching when Foyer quits', async () => {
    const { system, kiosk, stop } = follow()
    stop()
    system.screenShown('attract')
    kiosk.leave()
    await vi.advanceTimersByTimeAsync(REST_MS * 3)
    expect(kiosk.state).toBe('left')
  })
})
