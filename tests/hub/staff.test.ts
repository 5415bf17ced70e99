import { verify } from '@node-rs/argon2'
import { beforeAll, describe, expect, it } from 'vitest'
import { DashboardRefusal, DashboardStaff, HeartbeatAnswer, PinTryAnswer, StaffAnswer, StaffPullAnswer } from '../../hub/protocol'
import { HUB_BACKENDS } from '../support/hub-backends'
import { addedAndEnrolled, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { readyHeartbeat } from '../support/hub-heartbeats'
import { managerBrowser, type ManagerBrowser } from '../support/hub-manager'

/**
 * The venue's staff accounts at the hub (issue #26): made, edited and disabled by a manager; pulled by
 * each device with every PIN only as its Argon2id hash; PIN tries counted per person across devices.
 */
describe.each(HUB_BACKENDS)("the hub's staff accounts on %s", (backend) => {
  let clock = Date.parse('2026-11-26T10:00:00Z')
  const hub = hubForFile(backend, () => clock)
  let manager: ManagerBrowser
  let counter1: EnrolledDevice
  let counter2: EnrolledDevice
  let kiosk: EnrolledDevice

  const addAndEnrol = (name: string, place: string) => addedAndEnrolled(manager, hub().url, { name, place })
  const beat = async (device: EnrolledDevice) => HeartbeatAnswer.parse((await device.post('/device/heartbeat', readyHeartbeat)).body)
  const staffVersionAt = async (device: EnrolledDevice) => {
    const answer = await beat(device)
    if (answer.status !== 'ok') throw new Error('revoked')
    return answer.staffVersion!
  }
  const pull = async (device: EnrolledDevice, localAccounts: unknown[] = []) => {
    const answer = await device.post('/device/staff', { localAccounts })
    expect(answer.status).toBe(200)
    return StaffPullAnswer.parse(answer.body)
  }

  beforeAll(async () => {
    manager = await managerBrowser(hub().url)
    expect((await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })).status).toBe(200)
    counter1 = await addAndEnrol('Counter 1', 'Box office')
    counter2 = await addAndEnrol('Counter 2', 'Box office')
    kiosk = await addAndEnrol('Kiosk 1', 'Lobby')
  })

  it('keeps each PIN only as an Argon2id hash, gives devices the hash and never the PIN, and only the accounts that may work there', async () => {
    const before = await staffVersionAt(counter1)
    const made = await manager.send('POST', '/api/staff', { name: 'Aisha Rahman', role: 'cashier', pin: '739104', places: ['Box office'] })
    expect(made.status).toBe(200)
    const aisha = DashboardStaff.parse(made.body)
    expect(JSON.stringify(made.body)).not.toMatch(/739104|argon2/)
    const boss = DashboardStaff.parse((await manager.send('POST', '/api/staff', { name: 'Wei Lim', role: 'manager', pin: '551902', password: 'lantern over the river' })).body)
    const { rows } = await hub().db.query('SELECT pin_hash FROM staff_accounts WHERE id = $1', [aisha.id])
    const hash = (rows[0] as { pin_hash: string }).pin_hash
    expect(hash).toMatch(/^\$argon2id\$/)
    expect(await verify(hash, '739104')).toBe(true)
    // The heartbeat's answer says the list changed; the device pulls it.
    expect(await staffVersionAt(counter1)).toBeGreaterThan(before)
    const atCounter = await pull(counter1)
    expect(atCounter.accounts.map((a) => a.name)).toEqual(['Aisha Rahman', 'Wei Lim'])
    expect(atCounter.accounts[0]).toEqual({ staffId: aisha.id, name: 'Aisha Rahman', role: 'cashier', pinHash: hash })
    expect(JSON.stringify(atCounter)).not.toContain('739104')
    // A lobby kiosk is not where Aisha works; Wei may work anywhere.
    expect((await pull(kiosk)).accounts.map((a) => a.staffId)).toEqual([boss.id])
    // Named for one device: there and nowhere else.
    const edited = await manager.send('PUT', `/api/staff/${boss.id}`, { name: 'Wei Lim', role: 'manager', devices: [kiosk.deviceId] })
    expect(DashboardStaff.parse(edited.body).devices).toEqual([kiosk.deviceId])
    expect((await pull(counter1)).accounts.map((a) => a.name)).toEqual(['Aisha Rahman'])
    expect((await pull(kiosk)).accounts.map((a) => a.name)).toEqual(['Wei Lim'])
  })

  it('refuses a second active account of one name, a PIN that is not 6 to 12 digits, and a page from elsewhere', async () => {
    const taken = await manager.send('POST', '/api/staff', { name: ' aisha rahman ', role: 'supervisor', pin: '123456' })
    expect(taken.status).toBe(409)
    expect(DashboardRefusal.parse(taken.body)).toEqual({ refused: 'name-taken' })
    expect((await manager.send('POST', '/api/staff', { name: 'Ben', role: 'cashier', pin: '1234' })).status).toBe(400)
    expect((await manager.send('POST', '/api/staff', { name: 'Ben', role: 'cashier', pin: '123456' }, { origin: 'https://evil.example' })).status).toBe(403)
    const signedOut = await managerBrowser(hub().url)
    expect((await signedOut.send('GET', '/api/staff')).status).toBe(401)
  })

  it('disabling an account takes it off every device at their next pull; its new PIN replaces the old', async () => {
    const list = StaffAnswer.parse((await manager.send('GET', '/api/staff')).body)
    const aisha = list.accounts.find((a) => a.name === 'Aisha Rahman')!
    const version = await staffVersionAt(counter2)
    expect((await manager.send('POST', `/api/staff/${aisha.id}/disable`)).status).toBe(200)
    expect(await staffVersionAt(counter2)).toBeGreaterThan(version)
    expect((await pull(counter2)).accounts).toEqual([])
    const back = DashboardStaff.parse((await manager.send('POST', `/api/staff/${aisha.id}/enable`)).body)
    expect(back.disabled).toBe(false)
    await manager.send('PUT', `/api/staff/${aisha.id}`, { name: 'Aisha Rahman', role: 'cashier', pin: '864201', places: ['Box office'] })
    const [pulled] = (await pull(counter2)).accounts
    expect(await verify(pulled!.pinHash, '864201')).toBe(true)
    expect(await verify(pulled!.pinHash, '739104')).toBe(false)
  })

  it('counts wrong PINs for one person across devices: five at two counters lock them everywhere, a right PIN included', async () => {
    const aisha = (await pull(counter1)).accounts[0]!
    const tryPin = async (device: EnrolledDevice, right: boolean) => PinTryAnswer.parse((await device.post('/device/staff/pin-try', { staffId: aisha.staffId, right })).body)
    expect(await tryPin(counter1, false)).toEqual({ locked: false })
    expect(await tryPin(counter2, false)).toEqual({ locked: false })
    // A right PIN starts the count again.
    expect(await tryPin(counter1, true)).toEqual({ locked: false })
    for (const device of [counter1, counter2, counter1, counter2]) expect(await tryPin(device, false)).toEqual({ locked: false })
    expect(await tryPin(counter1, false)).toEqual({ locked: true, retryAfterSeconds: 60 })
    expect(await tryPin(counter2, true)).toEqual({ locked: true, retryAfterSeconds: 60 })
    clock += 61_000
    expect(await tryPin(counter2, true)).toEqual({ locked: false })
  })

  it("lists each device's own accounts, which the manager merges into a hub account or drops", async () => {
    const local = [
      { staffId: '0b8e1d2c-0000-4000-8000-000000000001', name: 'Aisha Rahman', role: 'cashier' },
      { staffId: '0b8e1d2c-0000-4000-8000-000000000002', name: 'Old Supervisor', role: 'supervisor' },
    ]
    expect((await pull(counter1, local)).settledLocal).toEqual([])
    const listed = StaffAnswer.parse((await manager.send('GET', '/api/staff')).body)
    expect(listed.localAccounts).toEqual(local.map((l) => ({ deviceId: counter1.deviceId, deviceName: 'Counter 1', ...l, decision: null, mergedInto: null })))
    const aisha = listed.accounts.find((a) => a.name === 'Aisha Rahman')!
    const path = (staffId: string) => `/api/devices/${counter1.deviceId}/local-staff/${staffId}`
    expect((await manager.send('POST', path(local[0]!.staffId), { decision: 'merge', into: aisha.id })).status).toBe(204)
    expect((await manager.send('POST', path(local[1]!.staffId), { decision: 'drop' })).status).toBe(204)
    expect((await pull(counter1, local)).settledLocal.sort()).toEqual(local.map((l) => l.staffId))
    expect(StaffAnswer.parse((await manager.send('GET', '/api/staff')).body).localAccounts.map((l) => [l.decision, l.mergedInto])).toEqual([
      ['merged', aisha.id],
      ['dropped', null],
    ])
  })
})
