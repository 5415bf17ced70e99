import { beforeAll, describe, expect, it } from 'vitest'
import { AddDeviceAnswer, DevicesAnswer, type Heartbeat } from '../../hub/protocol'
import { HUB_BACKENDS } from '../support/hub-backends'
import { enrolAt, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { readyHeartbeat } from '../support/hub-heartbeats'
import { managerBrowser, type ManagerBrowser } from '../support/hub-manager'

const MINUTE = 60_000

/** A counter's cash drawer on its tile (issue #34): open, and for how long by the hub's own reckoning once it is two minutes or more. */
describe.each(HUB_BACKENDS)("a counter's cash drawer on the devices grid on %s", (backend) => {
  let clock = Date.parse('2026-11-26T10:00:00Z')
  const hub = hubForFile(backend, () => clock)
  let manager: ManagerBrowser
  let counter: EnrolledDevice

  beforeAll(async () => {
    manager = await managerBrowser(hub().url)
    await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })
    const answer = AddDeviceAnswer.parse((await manager.send('POST', '/api/devices', { name: 'Counter 1', place: 'Window 1' })).body)
    counter = (await enrolAt(hub().url, answer.code)).device!
  })

  /** A heartbeat sent now by a device whose clock is `skewMs` off the hub's. */
  async function beat(drawer: Heartbeat['drawer'], skewMs = 0): Promise<void> {
    const sentAt = new Date(clock + skewMs).toISOString()
    expect((await counter.post('/device/heartbeat', { ...readyHeartbeat, mode: 'counter', sentAt, drawer })).status).toBe(200)
  }
  // Parsed as the dashboard parses it: the hub's tiles held to the protocol's schema.
  const drawer = async () => DevicesAnswer.parse((await manager.send('GET', '/api/devices')).body).devices.find((d) => d.id === counter.deviceId)!.drawer

  it('says a drawer open 3 minutes as left open for 3 minutes, since when on the hub’s clock', async () => {
    await beat({ state: 'open', openSince: new Date(clock - 3 * MINUTE - 10_000).toISOString() })
    expect(await drawer()).toEqual({ state: 'open', openSince: new Date(clock - 3 * MINUTE - 10_000).toISOString(), leftOpenMinutes: 3 })
  })

  it('reckons how long by the device’s own clock against its heartbeat, so a clock an hour off says the same', async () => {
    const skew = -60 * MINUTE
    await beat({ state: 'open', openSince: new Date(clock + skew - 3 * MINUTE).toISOString() }, skew)
    expect(await drawer()).toMatchObject({ state: 'open', openSince: new Date(clock - 3 * MINUTE).toISOString(), leftOpenMinutes: 3 })
  })

  it('counts on from the heartbeat to the hub’s now, and says a drawer open under two minutes only as open', async () => {
    await beat({ state: 'open', openSince: new Date(clock - 90_000).toISOString() })
    expect(await drawer()).toMatchObject({ state: 'open', leftOpenMinutes: null })
    clock += 40_000
    expect(await drawer()).toMatchObject({ state: 'open', leftOpenMinutes: 2 })
  })

  it('says closed and not known as the printer reports them, and nothing for a heartbeat without a drawer', async () => {
    await beat({ state: 'closed', openSince: null })
    expect(await drawer()).toEqual({ state: 'closed', openSince: null, leftOpenMinutes: null })
    await beat({ state: 'unknown', openSince: null })
    expect(await drawer()).toMatchObject({ state: 'unknown' })
    await beat(undefined)
    expect(await drawer()).toBeNull()
  })

  it('shows no drawer for a counter gone quiet: its last heartbeat is not the drawer now', async () => {
    await beat({ state: 'open', openSince: new Date(clock - 5 * MINUTE).toISOString() })
    expect(await drawer()).toMatchObject({ leftOpenMinutes: 5 })
    clock += 2 * MINUTE
    expect(await drawer()).toBeNull()
  })
})
