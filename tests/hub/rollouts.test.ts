import { beforeAll, describe, expect, it } from 'vitest'
import { DashboardProfile, HeartbeatAnswer, RolloutsAnswer, type Heartbeat, type UpdateOrder } from '../../hub/protocol'
import { HUB_BACKENDS } from '../support/hub-backends'
import { addedAndEnrolled, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { readyHeartbeat } from '../support/hub-heartbeats'
import { managerBrowser, signIn, type ManagerBrowser } from '../support/hub-manager'

/**
 * A rollout walked with three devices' heartbeats against a real hub (issue #36 §4): the pilot takes the
 * new version inside the maintenance window only; the rest follow once the pilot runs it and the wait
 * has passed; hold stops every device taking anything; back sends them all to the last good version,
 * downgrade allowed. The hub's clock is the test's (hub local time, as the window is read): moved, never
 * waited for. The timers are slowed so only the test sweeps.
 */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).getTime()
const NONE: UpdateOrder = { version: null, allowDowngrade: false }

describe.each(HUB_BACKENDS)('a rollout through the heartbeats on %s', (backend) => {
  let clock = at(26, 22)
  const hub = hubForFile(backend, () => clock, { sweepIntervalMs: 3_600_000, rolloutSweepIntervalMs: 3_600_000 })
  let manager: ManagerBrowser
  let pilot: EnrolledDevice
  let kiosk: EnrolledDevice
  let counter: EnrolledDevice
  let profileId = ''
  let rolloutId = ''

  /** The device beats running `version` (and saying what it did); answers the order it was given. */
  const beat = async (device: EnrolledDevice, version: string, more: Partial<Heartbeat> = {}) => {
    const answer = HeartbeatAnswer.parse((await device.post('/device/heartbeat', { ...readyHeartbeat, appVersion: version, sentAt: new Date(clock).toISOString(), ...more })).body)
    if (answer.status !== 'ok') throw new Error('revoked')
    return answer.update
  }
  /** The clock moved a day on: the manager's session (12 hours) has ended, so they sign in again. */
  const dayLater = async (time: number) => {
    clock = time
    await signIn(manager, 'Mei Tan', 'correct horse battery')
  }
  const page = async () => RolloutsAnswer.parse((await manager.send('GET', '/api/rollouts')).body)
  const rollout = async () => (await page()).rollouts.find((r) => r.id === rolloutId)!
  const act = (action: string) => manager.send('POST', `/api/rollouts/${rolloutId}/action`, { action })

  beforeAll(async () => {
    manager = await managerBrowser(hub().url)
    expect((await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })).status).toBe(200)
    const made = await manager.send('POST', '/api/profiles', { name: 'Lobby kiosk', settings: {}, overridable: [] })
    profileId = DashboardProfile.parse(made.body).id
    pilot = await addedAndEnrolled(manager, hub().url, { name: 'Lobby kiosk 1' })
    kiosk = await addedAndEnrolled(manager, hub().url, { name: 'Lobby kiosk 2' })
    counter = await addedAndEnrolled(manager, hub().url, { name: 'Lobby kiosk 3' })
    for (const device of [pilot, kiosk, counter]) {
      expect((await manager.send('PUT', `/api/devices/${device.deviceId}/setup`, { profileId, group: '' })).status).toBe(200)
    }
  })

  it('tells a device nothing while no rollout covers its profile: it follows its own feed, as before', async () => {
    expect(await beat(pilot, '1.4.0')).toBeUndefined()
  })

  it('refuses a rollout whose pilot is no device of the profile, a bad version or an empty window, and one from a signed-out browser', async () => {
    const good = { profileId, version: '1.5.0', lastGood: '1.4.0', pilots: [pilot.deviceId], restAfterHours: 6, window: { from: '02:00', to: '05:00' } }
    expect(await manager.send('POST', '/api/rollouts', { ...good, pilots: ['6f9a3c1e-0000-4000-8000-000000000009'] })).toMatchObject({ status: 400, body: { fields: ['pilots'] } })
    expect(await manager.send('POST', '/api/rollouts', { ...good, version: 'latest' })).toMatchObject({ status: 400, body: { fields: ['version'] } })
    expect(await manager.send('POST', '/api/rollouts', { ...good, window: { from: '02:00', to: '02:00' } })).toMatchObject({ status: 400 })
    expect((await (await managerBrowser(hub().url)).send('GET', '/api/rollouts')).status).toBe(401)
    expect((await page()).rollouts).toEqual([])
  })

  it('gives the new version to the pilot only, and only inside the maintenance window', async () => {
    const started = await manager.send('POST', '/api/rollouts', { profileId, version: '1.5.0', lastGood: '1.4.0', pilots: [pilot.deviceId], restAfterHours: 6, window: { from: '02:00', to: '05:00' } })
    expect(started.status).toBe(200)
    rolloutId = RolloutsAnswer.parse(started.body).rollouts[0]!.id
    expect(await rollout()).toMatchObject({ state: 'pilot', steps: [{ step: 'started', by: 'Mei Tan' }] })
    // 22:00: outside the window, nobody takes anything (and the others are told to stay, not to follow their feed).
    for (const device of [pilot, kiosk, counter]) expect(await beat(device, '1.4.0')).toEqual(NONE)
    clock = at(27, 2, 30)
    expect(await beat(pilot, '1.4.0')).toEqual({ version: '1.5.0', allowDowngrade: false })
    expect(await beat(kiosk, '1.4.0')).toEqual(NONE)
    expect(await beat(pilot, '1.4.0', { update: { state: 'taking', version: '1.5.0' } })).toEqual({ version: '1.5.0', allowDowngrade: false })
    // The pilot not yet on the version: the wait for the rest has not begun, however long it has been.
    await hub().sweepRollouts()
    expect(await rollout()).toMatchObject({ state: 'pilot', pilotsOnVersionAt: null })
    const devices = (await page()).devices
    expect(devices.find((d) => d.id === pilot.deviceId)).toMatchObject({ version: '1.4.0', update: { state: 'taking', version: '1.5.0' } })
  })

  it('lets the rest follow once the pilot runs the version and the wait has passed without an alert, inside the window', async () => {
    clock = at(27, 2, 45)
    expect(await beat(pilot, '1.5.0', { update: { state: 'idle' } })).toEqual({ version: '1.5.0', allowDowngrade: false })
    await hub().sweepRollouts()
    expect((await rollout()).pilotsOnVersionAt).not.toBeNull()
    clock = at(27, 8, 44)
    await hub().sweepRollouts()
    expect((await rollout()).state).toBe('pilot')
    clock = at(27, 8, 45)
    await hub().sweepRollouts()
    expect(await rollout()).toMatchObject({ state: 'rest' })
    expect((await rollout()).steps.map((s) => [s.step, s.by])).toEqual([['started', 'Mei Tan'], ['pilots-on-version', 'hub'], ['rest', 'hub']])
    // 08:45: outside the window, the rest wait for the night.
    expect(await beat(kiosk, '1.4.0')).toEqual(NONE)
    await dayLater(at(28, 3))
    expect(await beat(kiosk, '1.4.0')).toEqual({ version: '1.5.0', allowDowngrade: false })
    expect(await beat(counter, '1.4.0')).toEqual({ version: '1.5.0', allowDowngrade: false })
    expect(await beat(kiosk, '1.5.0')).toEqual({ version: '1.5.0', allowDowngrade: false })
  })

  it('holds: no device takes anything, in the window or not; a step the state does not allow is refused', async () => {
    expect((await act('hold')).status).toBe(200)
    expect(await rollout()).toMatchObject({ state: 'held', heldFrom: 'rest' })
    for (const [device, version] of [[pilot, '1.5.0'], [kiosk, '1.5.0'], [counter, '1.4.0']] as const) expect(await beat(device, version)).toEqual(NONE)
    expect(await act('hold')).toMatchObject({ status: 409, body: { refused: 'not-now' } })
    expect((await act('resume')).status).toBe(200)
    expect(await beat(counter, '1.4.0')).toEqual({ version: '1.5.0', allowDowngrade: false })
    expect((await act('hold')).status).toBe(200)
  })

  it('goes back: every device of the profile returns to the last good version, downgrade allowed, at once', async () => {
    await dayLater(at(28, 14))
    expect((await act('back')).status).toBe(200)
    for (const [device, version] of [[pilot, '1.5.0'], [kiosk, '1.5.0'], [counter, '1.4.0']] as const) {
      expect(await beat(device, version)).toEqual({ version: '1.4.0', allowDowngrade: true })
    }
    expect(await act('resume')).toMatchObject({ status: 409, body: { refused: 'not-now' } })
    const steps = (await rollout()).steps.map((s) => [s.step, s.by])
    expect(steps.slice(3)).toEqual([['held', 'Mei Tan'], ['resumed', 'Mei Tan'], ['held', 'Mei Tan'], ['back', 'Mei Tan']])
    expect((await page()).devices.map((d) => d.version)).toEqual(['1.5.0', '1.5.0', '1.4.0'])
  })

  it("holds a new rollout on its own when a pilot raises an alert, and the new one replaces the old", async () => {
    const started = await manager.send('POST', '/api/rollouts', { profileId, version: '1.5.1', lastGood: '1.4.0', pilots: [kiosk.deviceId], restAfterHours: 1, window: { from: '22:00', to: '04:00' } })
    const answer = RolloutsAnswer.parse(started.body)
    expect(answer.rollouts.map((r) => r.state)).toEqual(['pilot', 'replaced'])
    rolloutId = answer.rollouts[0]!.id
    clock = at(28, 23)
    expect(await beat(kiosk, '1.4.0')).toEqual({ version: '1.5.1', allowDowngrade: false })
    // The pilot takes it, and its printer then cannot print: an alert.
    await beat(kiosk, '1.5.1', { printer: { state: 'cannot-print', problems: ['printer-fault'] } })
    await hub().sweepRollouts()
    expect(await rollout()).toMatchObject({ state: 'held', heldFrom: 'pilot' })
    expect((await rollout()).steps.at(-1)).toMatchObject({ step: 'held-on-alert', by: 'hub' })
    expect(await beat(kiosk, '1.5.1')).toEqual(NONE)
  })

  it("pushes every step to the managers' open pages, the hub's own too, and each device's version and update report from its heartbeat", async () => {
    const stream = await manager.events()
    const rolloutPushed = (state: string) => stream.next((e) => e.type === 'rollouts' && e.rollouts.rollouts.some((r) => r.id === rolloutId && r.state === state))
    try {
      // A manager's step: the page another manager has open shows it without reading again. (Resumed later than the
      // pilot's alert, which is then not counted again.)
      clock = at(28, 23, 5)
      expect((await act('resume')).status).toBe(200)
      const resumed = await rolloutPushed('pilot')
      expect(resumed.type === 'rollouts' && resumed.rollouts).toEqual(await page())
      // The device's heartbeat: the version it runs and what it did with its order, on its tile.
      await beat(kiosk, '1.5.1', { update: { state: 'idle' } })
      const tile = await stream.next((e) => e.type === 'device' && e.device.id === kiosk.deviceId && e.device.update?.state === 'idle')
      expect(tile).toMatchObject({ type: 'device', device: { appVersion: '1.5.1', update: { state: 'idle' } } })
      // The hub's own step, found by its sweep: every pilot runs the version.
      await hub().sweepRollouts()
      const onVersion = await stream.next((e) => e.type === 'rollouts' && e.rollouts.rollouts.some((r) => r.id === rolloutId && r.pilotsOnVersionAt !== null))
      expect(onVersion.type === 'rollouts' && onVersion.rollouts.rollouts[0]!.steps.at(-1)).toMatchObject({ step: 'pilots-on-version', by: 'hub' })
    } finally {
      stream.close()
    }
  })
})
