import { beforeAll, describe, expect, it } from 'vitest'
import { HeartbeatAnswer, SUPPORT_FILE_PATHS, SupportFile, SupportFilesAnswer, SupportFileView, type DashboardEvent } from '../../hub/protocol'
import { supportFileAudit } from '../../hub/storage/support-file-table'
import { HUB_BACKENDS } from '../support/hub-backends'
import { addedAndEnrolled, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { readyHeartbeat } from '../support/hub-heartbeats'
import { managerBrowser, type ManagerBrowser } from '../support/hub-manager'

/** A support file as a device makes it (electron/services/support-bundle.ts), small. */
const file = (note: string): SupportFile => ({
  kind: 'foyer-support',
  savedAt: '2026-12-01T09:59:30.000Z',
  system: { appVersion: '0.1.0', mode: 'counter', backend: 'sandbox', platform: 'linux' },
  settings: { mode: 'counter', holdWindowMinutes: 10, languages: ['en-SG'], staging: null },
  journal: [{ saleId: 'sale-1', step: 'paid', at: '2026-12-01T09:58:00.000Z', detail: { note }, state: 'confirmed', amountCents: 2500 }],
  logs: [{ file: 'foyer.2026-12-01.1.log', lines: [{ level: 30, msg: note }, 'a line that was not JSON \u0000'] }],
})

/** Issue #36 §5: a manager asks for a device's support file; the device sends it at its next heartbeat; the manager downloads it; each kept in their name. */
describe.each(HUB_BACKENDS)('support files asked for from the office on %s', (backend) => {
  let clock = Date.parse('2026-12-01T10:00:00Z')
  const hub = hubForFile(backend, () => clock)
  let mei: ManagerBrowser
  let ahmad: ManagerBrowser
  let counter: EnrolledDevice
  let kiosk: EnrolledDevice

  beforeAll(async () => {
    mei = await managerBrowser(hub().url)
    await mei.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })
    counter = await addedAndEnrolled(mei, hub().url, { name: 'Counter 1', place: 'Window 1' })
    kiosk = await addedAndEnrolled(mei, hub().url, { name: 'Kiosk 1', place: 'Lobby' })
    await mei.send('POST', '/api/staff', { name: 'Ahmad Faiz', role: 'manager', password: 'another long password', pin: '481537' })
    ahmad = await managerBrowser(hub().url)
    expect((await ahmad.send('POST', '/api/session', { name: 'Ahmad Faiz', password: 'another long password' })).status).toBe(200)
  })

  const beat = async (device: EnrolledDevice) => {
    const answer = await device.post('/device/heartbeat', readyHeartbeat)
    expect(answer.status).toBe(200)
    const parsed = HeartbeatAnswer.parse(answer.body)
    return parsed.status === 'ok' ? parsed.supportFileWanted : undefined
  }
  const ask = async (manager: ManagerBrowser, device: EnrolledDevice) => {
    const answer = await manager.send('POST', SUPPORT_FILE_PATHS.ask(device.deviceId), {})
    expect(answer.status).toBe(200)
    return SupportFileView.parse(answer.body)
  }
  const listed = async (device: EnrolledDevice) =>
    SupportFilesAnswer.parse((await mei.send('GET', SUPPORT_FILE_PATHS.list)).body).supportFiles.find((f) => f.deviceId === device.deviceId)

  it('asks the device at its next heartbeat, once however often asked, in the name of the manager who asked', async () => {
    expect(await beat(counter)).toBeUndefined()
    const events = await mei.events()
    const asked = await ask(mei, counter)
    expect(asked).toMatchObject({ deviceId: counter.deviceId, state: 'asked', askedBy: 'Mei Tan', askedAt: new Date(clock).toISOString(), receivedAt: null, downloaded: null })
    expect(await events.next((e: DashboardEvent) => e.type === 'support-file')).toEqual({ type: 'support-file', supportFile: asked })
    events.close()
    expect((await ask(ahmad, counter)).id).toBe(asked.id)
    expect(await beat(counter)).toEqual({ id: asked.id })
    expect(await beat(kiosk)).toBeUndefined()
    expect(await listed(counter)).toEqual(asked)
    expect((await supportFileAudit(hub().db, asked.id)).map((a) => [a.what, a.manager_name])).toEqual([['asked', 'Mei Tan']])
  })

  it('keeps the file the device sends for it, once; another id or another device is told it was not asked', async () => {
    const { id } = (await listed(counter))!
    clock += 15_000
    expect(await kiosk.post(SUPPORT_FILE_PATHS.upload, { requestId: id, file: file('not mine') })).toEqual({ status: 200, body: { outcome: 'not-asked' } })
    expect(await counter.post(SUPPORT_FILE_PATHS.upload, { requestId: id, file: file('first') })).toEqual({ status: 200, body: { outcome: 'stored' } })
    expect(await counter.post(SUPPORT_FILE_PATHS.upload, { requestId: id, file: file('again') })).toEqual({ status: 200, body: { outcome: 'already-stored' } })
    expect(await counter.post(SUPPORT_FILE_PATHS.upload, { requestId: crypto.randomUUID(), file: file('none') })).toEqual({ status: 200, body: { outcome: 'not-asked' } })
    expect(await beat(counter)).toBeUndefined()
    expect(await listed(counter)).toMatchObject({ id, state: 'ready', madeAt: '2026-12-01T09:59:30.000Z', receivedAt: new Date(clock).toISOString() })
    expect((await supportFileAudit(hub().db, id)).map((a) => [a.what, a.manager_name])).toEqual([['asked', 'Mei Tan'], ['made', 'Mei Tan']])
  })

  it('gives the manager the file as an attachment, as the device sent it, and keeps who downloaded it', async () => {
    const { id } = (await listed(counter))!
    clock += 60_000
    const answer = await ahmad.send('GET', SUPPORT_FILE_PATHS.download(id))
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe('attachment; filename="foyer-support-Counter-1-2026-12-01T09-59-30-000Z.json"')
    expect(SupportFile.parse(JSON.parse(answer.bytes.toString('utf8')))).toEqual(file('first'))
    expect(await listed(counter)).toMatchObject({ state: 'downloaded', downloaded: { by: 'Ahmad Faiz', at: new Date(clock).toISOString() } })
    expect((await supportFileAudit(hub().db, id)).map((a) => [a.what, a.manager_name])).toEqual([['asked', 'Mei Tan'], ['made', 'Mei Tan'], ['downloaded', 'Ahmad Faiz']])
    // Asked again once answered: a new request.
    expect((await ask(ahmad, counter)).id).not.toBe(id)
  })

  it('refuses a file that does not read as one, one holding its own device token, and one over the limit; keeps none of them', async () => {
    const { id } = await ask(mei, kiosk)
    const refused = [
      { requestId: id, file: { ...file('x'), kind: 'something-else' } },
      { requestId: id, file: { ...file('x'), journal: 'not steps' } },
      { requestId: id, file: file(`authorization: Bearer ${kiosk.token}`) },
    ]
    for (const body of refused) expect(await kiosk.post(SUPPORT_FILE_PATHS.upload, body)).toEqual({ status: 400, body: { error: 'unreadable-request' } })
    const huge = { requestId: id, file: { ...file('x'), logs: [{ file: 'foyer.log', lines: [' '.repeat(13 * 1024 * 1024)] }] } }
    expect((await kiosk.post(SUPPORT_FILE_PATHS.upload, huge)).status).toBe(413)
    expect(await listed(kiosk)).toMatchObject({ id, state: 'asked' })
    expect(await beat(kiosk)).toEqual({ id })
  })

  it('asks nothing of a device revoked or unknown, and downloads nothing not yet made', async () => {
    const { id } = (await listed(kiosk))!
    expect((await mei.send('GET', SUPPORT_FILE_PATHS.download(id))).body).toEqual({ refused: 'not-found' })
    expect((await mei.send('POST', `/api/devices/${kiosk.deviceId}/revoke`, {})).status).toBe(200)
    expect(await counter.post(SUPPORT_FILE_PATHS.upload, { requestId: id, file: file('x') })).toEqual({ status: 200, body: { outcome: 'not-asked' } })
    expect(await kiosk.post(SUPPORT_FILE_PATHS.upload, { requestId: id, file: file('x') })).toEqual({ status: 403, body: { error: 'revoked' } })
    expect((await mei.send('POST', SUPPORT_FILE_PATHS.ask(kiosk.deviceId), {})).body).toEqual({ refused: 'not-found' })
    expect((await mei.send('POST', SUPPORT_FILE_PATHS.ask(crypto.randomUUID()), {})).body).toEqual({ refused: 'not-found' })
  })
})
