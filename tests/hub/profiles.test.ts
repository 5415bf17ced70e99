import { beforeAll, describe, expect, it } from 'vitest'
import { DashboardProfile, DeviceProfileAnswer, HeartbeatAnswer, ProfilesAnswer, ServiceRulesAnswer } from '../../hub/protocol'
import { HUB_BACKENDS } from '../support/hub-backends'
import { addedAndEnrolled, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { readyHeartbeat } from '../support/hub-heartbeats'
import { managerBrowser, type ManagerBrowser } from '../support/hub-manager'

/**
 * Profiles and service rules on the hub: the manager's API, and what each device is told (the
 * heartbeat's answer names the revision; the device pulls its own profile and rules).
 */
const lobby = { name: 'Lobby kiosk', settings: { mode: 'self-service', holdWindowMinutes: 12, idleSeconds: 90 }, overridable: ['idleSeconds'] }
const closedTonight = { kind: 'closed', from: null, message: 'Tickets for tonight are on sale at the box office' } as const

describe.each(HUB_BACKENDS)('profiles and service rules on %s', (backend) => {
  const clock = Date.parse('2026-11-26T10:00:00Z')
  const hub = hubForFile(backend, () => clock)
  let manager: ManagerBrowser
  let kiosk1: EnrolledDevice
  let kiosk2: EnrolledDevice
  let counter: EnrolledDevice
  let lobbyId = ''

  const addAndEnrol = (name: string) => addedAndEnrolled(manager, hub().url, { name, place: 'Lobby' })
  const revisionHeard = async (device: EnrolledDevice) => {
    const answer = HeartbeatAnswer.parse((await device.post('/device/heartbeat', readyHeartbeat)).body)
    if (answer.status !== 'ok') throw new Error('revoked')
    return answer.profileRevision!
  }
  const pulled = async (device: EnrolledDevice) => DeviceProfileAnswer.parse((await device.post('/device/profile', {})).body)

  beforeAll(async () => {
    manager = await managerBrowser(hub().url)
    expect((await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })).status).toBe(200)
    kiosk1 = await addAndEnrol('Lobby kiosk 1')
    kiosk2 = await addAndEnrol('Lobby kiosk 2')
    counter = await addAndEnrol('Counter 1')
  })

  it('keeps a profile by name with the settings it sets and those devices may change; a name is taken once; unknown settings are refused', async () => {
    const made = await manager.send('POST', '/api/profiles', lobby)
    expect(made.status).toBe(200)
    const profile = DashboardProfile.parse(made.body)
    lobbyId = profile.id
    expect(profile).toMatchObject({ ...lobby, updatedBy: 'Mei Tan', updatedAt: new Date(clock).toISOString() })
    expect(await manager.send('POST', '/api/profiles', { ...lobby, settings: {} })).toMatchObject({ status: 409, body: { refused: 'name-taken' } })
    // A secret is no setting: the hub refuses to hold one.
    expect(await manager.send('POST', '/api/profiles', { ...lobby, name: 'Counter', settings: { clientSecret: 's3cret' } })).toMatchObject({ status: 400, body: { refused: 'invalid-request' } })
    expect(await manager.send('POST', '/api/profiles', { ...lobby, name: 'Counter', overridable: ['staffPinHash'] })).toMatchObject({ status: 400 })
    expect((await manager.send('POST', '/api/profiles', lobby, { origin: 'https://evil.example' })).status).toBe(403)
    const signedOut = await managerBrowser(hub().url)
    expect((await signedOut.send('GET', '/api/profiles')).status).toBe(401)
  })

  it("refuses a profile whose value breaks its setting's rules (the device's own), new or changed, and keeps the profile as it was", async () => {
    const vendor = { baseUrl: 'http://api.vendor.example', authUrl: 'https://auth.vendor.example', imageBaseUrl: 'https://img.vendor.example', tenant: 'venue', clientId: 'foyer' }
    const bad = [{ holdWindowMinutes: 0 }, { cashToleranceCents: 5.5 }, { languages: ['zh-HK', 'zh-HK'] }, { languages: [] }, { mode: 'kiosk' }, { backends: { production: vendor } }, { printer: { kind: 'raw', address: 'lobby printer', language: 'escpos' } }, { eticketsWhenCannotPrint: 'yes' }]
    for (const settings of bad) {
      expect(await manager.send('POST', '/api/profiles', { ...lobby, name: 'Box office', settings }), JSON.stringify(settings)).toMatchObject({ status: 400, body: { refused: 'invalid-request' } })
      expect((await manager.send('PUT', `/api/profiles/${lobbyId}`, { ...lobby, settings: { ...lobby.settings, ...settings } })).status, JSON.stringify(settings)).toBe(400)
    }
    const page = ProfilesAnswer.parse((await manager.send('GET', '/api/profiles')).body)
    expect(page.profiles.map((p) => [p.name, p.settings])).toEqual([['Lobby kiosk', lobby.settings]])
    // The same settings within their rules are taken: languages in the venue's order, e-tickets when the printer cannot print.
    const good = { languages: ['zh-HK', 'en-SG'], eticketsWhenCannotPrint: true, backends: { production: { ...vendor, baseUrl: 'https://api.vendor.example' } } }
    const changed = await manager.send('PUT', `/api/profiles/${lobbyId}`, { ...lobby, settings: good })
    expect(changed.status).toBe(200)
    expect(DashboardProfile.parse(changed.body).settings).toEqual(good)
    expect((await manager.send('PUT', `/api/profiles/${lobbyId}`, lobby)).status).toBe(200)
  })

  it("assigns profiles and groups to devices; a change counts the revision up and each device pulls its own profile and rules", async () => {
    const before = await revisionHeard(kiosk1)
    expect(await pulled(kiosk1)).toEqual({ revision: before, profile: null, service: [] })
    for (const kiosk of [kiosk1, kiosk2]) {
      const set = await manager.send('PUT', `/api/devices/${kiosk.deviceId}/setup`, { profileId: lobbyId, group: 'Foyer' })
      expect(set.status).toBe(200)
    }
    const after = await revisionHeard(kiosk1)
    expect(BigInt(after)).toBeGreaterThan(BigInt(before))
    expect(await pulled(kiosk1)).toEqual({ revision: after, profile: { id: lobbyId, name: 'Lobby kiosk', settings: lobby.settings, overridable: ['idleSeconds'] }, service: [] })
    expect((await pulled(counter)).profile).toBeNull()

    const changed = await manager.send('PUT', `/api/profiles/${lobbyId}`, { ...lobby, settings: { ...lobby.settings, holdWindowMinutes: 20 } })
    expect(DashboardProfile.parse(changed.body).settings.holdWindowMinutes).toBe(20)
    expect(BigInt(await revisionHeard(kiosk2))).toBeGreaterThan(BigInt(after))
    expect((await pulled(kiosk2)).profile?.settings).toMatchObject({ holdWindowMinutes: 20 })

    expect((await manager.send('PUT', '/api/devices/6f9a3c1e-0000-4000-8000-000000000009/setup', { profileId: null, group: '' })).status).toBe(404)
    expect((await manager.send('PUT', `/api/devices/${counter.deviceId}/setup`, { profileId: '6f9a3c1e-0000-4000-8000-000000000009', group: '' })).status).toBe(404)
  })

  it('shows on the profiles page what each device said of its profile and whether its keychain lacks a secret', async () => {
    const revision = await revisionHeard(kiosk1)
    await kiosk1.post('/device/heartbeat', { ...readyHeartbeat, profile: { revision, state: 'held' }, secrets: { vendorSecret: false, terminalPassphrase: null } })
    const page = ProfilesAnswer.parse((await manager.send('GET', '/api/profiles')).body)
    expect(page.revision).toBe(revision)
    expect(page.profiles.map((p) => p.name)).toEqual(['Lobby kiosk'])
    expect(page.devices.find((d) => d.id === kiosk1.deviceId)).toMatchObject({
      profileId: lobbyId,
      group: 'Foyer',
      profile: { revision, state: 'held' },
      secrets: { vendorSecret: false, terminalPassphrase: null },
    })
    expect(page.devices.find((d) => d.id === counter.deviceId)).toMatchObject({ profileId: null, group: '', profile: null, secrets: null })
  })

  it('closes a device, a profile\'s devices, a group or the venue, now or on a schedule, each device told only its own; opened again by ending the rule', async () => {
    const hours = { kind: 'hours', opens: '10:00', closes: '22:00', timeZone: 'Asia/Singapore', message: 'Open 10:00 to 22:00' } as const
    const post = (target: unknown, rule: unknown) => manager.send('POST', '/api/service-rules', { target, rule })
    expect((await post({ scope: 'profile', profileId: lobbyId }, hours)).status).toBe(200)
    expect((await post({ scope: 'device', deviceId: kiosk2.deviceId }, closedTonight)).status).toBe(200)
    const later = { kind: 'closed', from: '2026-11-26T14:00:00.000Z', message: 'Closed for the gala' } as const
    expect((await post({ scope: 'group', group: 'Foyer' }, later)).status).toBe(200)
    const venueHours = { ...hours, opens: '09:00', message: 'The box office opens at 09:00' }
    expect((await post({ scope: 'venue' }, venueHours)).status).toBe(200)
    expect((await post({ scope: 'venue' }, { kind: 'hours', opens: '25:00', closes: '22:00', timeZone: 'Asia/Singapore', message: 'x' })).status).toBe(400)
    expect((await post({ scope: 'venue' }, { ...closedTonight, message: '' })).status).toBe(400)

    // Made at the same moment on the test's clock: their order is not the point.
    const serviceOf = async (device: EnrolledDevice) => (await pulled(device)).service.sort((a, b) => a.message.localeCompare(b.message))
    expect(await serviceOf(kiosk1)).toEqual([later, hours, venueHours])
    expect(await serviceOf(kiosk2)).toEqual([later, hours, venueHours, closedTonight])
    expect(await serviceOf(counter)).toEqual([venueHours])

    const rules = ServiceRulesAnswer.parse((await manager.send('GET', '/api/service-rules')).body).rules
    const closure = rules.find((r) => r.rule.kind === 'closed' && r.target.scope === 'device')!
    expect(closure).toMatchObject({ target: { scope: 'device', deviceId: kiosk2.deviceId }, createdBy: 'Mei Tan' })
    const before = await revisionHeard(kiosk2)
    expect((await manager.send('DELETE', `/api/service-rules/${closure.id}`)).status).toBe(200)
    expect(BigInt(await revisionHeard(kiosk2))).toBeGreaterThan(BigInt(before))
    expect((await pulled(kiosk2)).service).not.toContainEqual(closedTonight)
    expect((await manager.send('DELETE', `/api/service-rules/${closure.id}`)).status).toBe(404)
  })

  it("keeps a show cut-off (no show sold N minutes before it starts) for the venue or one device, and sends it with each device's rules; bounds are held", async () => {
    const cutoff = { kind: 'showCutoff', minutesBefore: 30, message: 'Tickets for tonight are on sale at the box office' } as const
    const post = (target: unknown, rule: unknown) => manager.send('POST', '/api/service-rules', { target, rule })
    for (const minutesBefore of [0, 1441, 7.5]) expect((await post({ scope: 'venue' }, { ...cutoff, minutesBefore })).status).toBe(400)
    expect((await post({ scope: 'venue' }, { ...cutoff, message: ' ' })).status).toBe(400)
    const before = await revisionHeard(counter)
    expect((await post({ scope: 'device', deviceId: counter.deviceId }, cutoff)).status).toBe(200)
    expect(BigInt(await revisionHeard(counter))).toBeGreaterThan(BigInt(before))
    expect((await pulled(counter)).service).toContainEqual(cutoff)
    expect((await pulled(kiosk1)).service).not.toContainEqual(cutoff)
    const kept = ServiceRulesAnswer.parse((await manager.send('GET', '/api/service-rules')).body).rules.find((r) => r.rule.kind === 'showCutoff')
    expect(kept).toMatchObject({ target: { scope: 'device', deviceId: counter.deviceId }, rule: cutoff, createdBy: 'Mei Tan' })
  })
})
