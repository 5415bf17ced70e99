import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DashboardStaff } from '../../hub/protocol'
import { hubApp } from '../../hub/server/app'
import { DeviceWatch } from '../../hub/server/devices/device-watch'
import { HUB_BACKENDS } from '../support/hub-backends'
import { addedAndEnrolled, postJson, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { readyHeartbeat } from '../support/hub-heartbeats'
import { managerBrowser, type ManagerBrowser } from '../support/hub-manager'

/**
 * What the hub's route groups hold for every route in them, pinned over the routes as registered
 * (an onRoute hook on the hub's own app), so a route added later without its group's hook or its
 * schemas fails here: a manager's routes answer a browser without a session 401 before anything
 * else; a device's answer a stranger 401 before judging its body; every answer is written through
 * the protocol's schema, so a field it does not name never leaves the hub.
 */

/** Open to anyone: how a manager comes to be signed in, and out. */
const OPEN = ['GET /api/session', 'POST /api/session', 'DELETE /api/session', 'POST /api/managers/first']
/** Routes without an answer schema of their own yet: the event stream (a stream, not a JSON answer), a support file (a file), and the day's, converted later. */
const NO_ANSWER_SCHEMA = /^(GET \/api\/events|GET \/api\/today|GET \/api\/sales|\S+ \/api\/days\/|GET \/api\/range\/|GET \/api\/support-files\/:id\/file|POST \/device\/sales\/find|GET \/\*)/

const withParams = (url: string) => url.replace(/:\w+/g, 'not-an-id')

describe.each(HUB_BACKENDS)("the hub's route groups on %s", (backend) => {
  const clock = Date.parse('2026-11-30T10:00:00Z')
  const hub = hubForFile(backend, () => clock)
  const routes: { method: string; url: string; schema: RouteOptions['schema'] }[] = []
  let listed: FastifyInstance
  let manager: ManagerBrowser
  let counter: EnrolledDevice

  beforeAll(async () => {
    // The hub's app as startHub builds it, on the same database, only to list its routes.
    listed = Fastify()
    listed.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema })
    })
    const services = { db: hub().db, clock: () => clock, live: hub().live, watch: new DeviceWatch(hub().db, hub().live, () => clock) }
    await listed.register(hubApp, { ...services, hub: { fingerprint: hub().fingerprint, origins: new Set<string>(), venue: 'Foyer Hub', firstManagerMade: async () => {}, backupSchedule: null } })
    await listed.ready()
    manager = await managerBrowser(hub().url)
    expect((await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })).status).toBe(200)
    counter = await addedAndEnrolled(manager, hub().url, { name: 'Counter 1', place: 'Box office' })
  })
  afterAll(async () => {
    await listed?.close()
  })

  it('answers every manager route 401 signed-out without a session, before judging its id or body', async () => {
    const signedOut = await managerBrowser(hub().url)
    const managers = routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !OPEN.includes(`${r.method} ${r.url}`))
    expect(managers.length).toBeGreaterThan(25)
    for (const route of managers) {
      const answer = await signedOut.send(route.method, withParams(route.url), route.method === 'GET' || route.method === 'DELETE' ? undefined : { not: 'a request' })
      expect({ route: `${route.method} ${route.url}`, status: answer.status, body: answer.body }).toEqual({ route: `${route.method} ${route.url}`, status: 401, body: { refused: 'signed-out' } })
    }
  })

  it("answers every device route but enrolment 401 unknown-device for a stranger's token, before judging its body", async () => {
    const devices = routes.filter((r) => r.url.startsWith('/device/') && r.method === 'POST' && r.url !== '/device/enrol')
    expect(devices.map((r) => r.url).sort()).toEqual(['/device/heartbeat', '/device/profile', '/device/records', '/device/sales/find', '/device/staff', '/device/staff/pin-try', '/device/support-file'])
    for (const route of devices) {
      const answer = await postJson(hub().url, route.url, { not: 'a request' }, { pinned: counter.pinned, token: 'A'.repeat(43) })
      expect({ route: route.url, ...answer }).toEqual({ route: route.url, status: 401, body: { error: 'unknown-device' } })
    }
  })

  it('declares the schemas of every route: its params when its path has any, its answer for each 2xx', () => {
    const converted = routes.filter((r) => r.method !== 'HEAD' && !NO_ANSWER_SCHEMA.test(`${r.method} ${r.url}`))
    for (const route of converted) {
      const name = `${route.method} ${route.url}`
      if (route.url.includes(':')) expect(route.schema?.params, name).toBeDefined()
      expect(Object.keys(route.schema?.response ?? {}).filter((status) => status.startsWith('2')), name).not.toEqual([])
    }
  })

  it("sends only what the answer's schema names: the sign-in answer is made from the stored account, its hashes stay at the hub", async () => {
    const browser = await managerBrowser(hub().url)
    const signedIn = await browser.send('POST', '/api/session', { name: 'Mei Tan', password: 'correct horse battery' })
    expect(Object.keys(signedIn.body as object)).toEqual(['manager'])
    expect(Object.keys((signedIn.body as { manager: object }).manager).sort()).toEqual(['id', 'name'])
    expect((await browser.send('GET', '/api/session')).body).toEqual(signedIn.body)
  })

  it('answers a malformed id 404 not-found and a wrong body 400 naming its fields, before the route runs', async () => {
    const ben = DashboardStaff.parse((await manager.send('POST', '/api/staff', { name: 'Ben Ong', role: 'cashier', pin: '482913' })).body)
    expect((await manager.send('PUT', '/api/staff/not-an-id', { name: 'Ben Ong', role: 'cashier' })).body).toEqual({ refused: 'not-found' })
    expect((await manager.send('PUT', `/api/staff/${ben.id}`, { name: 'Ben Ong', role: 'usher', pin: '12' })).body).toEqual({ refused: 'invalid-request', fields: ['role', 'pin'] })
    expect((await manager.send('POST', '/api/devices/not-an-id/revoke')).body).toEqual({ refused: 'not-found' })
    expect((await counter.post('/device/heartbeat', { ...readyHeartbeat, mode: 'juggler' })).body).toEqual({ error: 'unreadable-request' })
  })
})
