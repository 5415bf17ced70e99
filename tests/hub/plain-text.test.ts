import { beforeAll, describe, expect, it } from 'vitest'
import { DashboardRefusal, StaffAnswer } from '../../hub/protocol'
import { HUB_BACKENDS } from '../support/hub-backends'
import { hubForFile } from '../support/hub-for-file'
import { managerBrowser, type ManagerBrowser } from '../support/hub-manager'

/**
 * Text a manager types that the hub stores (a device's name and place, a staff name and places, a
 * profile's name and group, the first manager's name) holds no control character: a NUL reached
 * PostgreSQL, which refuses the byte, and came back as 500 `hub-error`. Now refused at the route's
 * schema (hub/protocol/plain-text.ts), 400 naming the field, and nothing is stored.
 */
describe.each(HUB_BACKENDS)('text with control characters, at the hub on %s', (backend) => {
  const hub = hubForFile(backend, () => Date.parse('2026-11-29T10:00:00Z'))
  let manager: ManagerBrowser

  beforeAll(async () => {
    manager = await managerBrowser(hub().url)
    const first = await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei\u0000Tan', password: 'correct horse battery' })
    expect({ status: first.status, body: first.body }).toEqual({ status: 400, body: { refused: 'invalid-request', fields: ['name'] } })
    expect((await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })).status).toBe(200)
  })

  it.each(['a\u0000b', 'Counter\n1', 'Lobby\u001b[31m', 'Kiosk\u0085'])('refuses a device named %j: 400 with the field, nothing added', async (name) => {
    const before = (await manager.send('GET', '/api/devices')).body
    const answer = await manager.send('POST', '/api/devices', { name, place: 'Box office' })
    expect(answer.status).toBe(400)
    expect(DashboardRefusal.parse(answer.body)).toEqual({ refused: 'invalid-request', fields: ['name'] })
    expect((await manager.send('POST', '/api/devices', { name: 'Counter 1', place: 'Box\u0000office' })).body).toEqual({ refused: 'invalid-request', fields: ['place'] })
    expect((await manager.send('GET', '/api/devices')).body).toEqual(before)
  })

  it('refuses a staff name or place holding a NUL: 400 with the field, nothing added; the same name without it is taken', async () => {
    const person = { name: 'a\u0000b', role: 'cashier', pin: '482913', devices: [], places: [] }
    const answer = await manager.send('POST', '/api/staff', person)
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { refused: 'invalid-request', fields: ['name'] } })
    expect((await manager.send('POST', '/api/staff', { ...person, name: 'Ana Lim', places: ['Box\u0000office'] })).body).toEqual({
      refused: 'invalid-request',
      fields: ['places.0'],
    })
    expect(StaffAnswer.parse((await manager.send('GET', '/api/staff')).body).accounts.map((s) => s.name)).toEqual(['Mei Tan'])
    expect((await manager.send('POST', '/api/staff', { ...person, name: 'ab' })).status).toBe(200)
  })

  it('refuses a profile named with a control character', async () => {
    const answer = await manager.send('POST', '/api/profiles', { name: 'Lobby\tkiosks', settings: {}, overridable: [] })
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { refused: 'invalid-request', fields: ['name'] } })
  })
})
