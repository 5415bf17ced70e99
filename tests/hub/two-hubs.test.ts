import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { AlertsAnswer, type DeviceAlert } from '../../hub/protocol'
import { startHub, type Hub } from '../../hub/server/hub-server'
import { enrolAt } from '../support/hub-device'
import { readyHeartbeat } from '../support/hub-heartbeats'
import { managerBrowser, signIn, type ManagerBrowser } from '../support/hub-manager'
import { createDatabase } from '../support/postgres-cluster'

/** A venue group: two hub processes on one PostgreSQL server, each with its own pool and LISTEN connection. */
describe('two hub processes on one PostgreSQL', () => {
  let clock = Date.parse('2026-11-26T18:00:00Z')
  const dirs: string[] = []
  let a: Hub
  let b: Hub
  let managerOnB: ManagerBrowser
  let databaseUrl: string
  beforeAll(async () => {
    databaseUrl = await createDatabase(inject('hubPostgresAdminUrl'))
    const start = async () => {
      dirs.push(mkdtempSync(join(tmpdir(), 'foyer-hub-')))
      // No timer sweeps here: the test sweeps both processes itself, at once.
      return startHub({ dataDir: dirs.at(-1)!, databaseUrl, now: () => clock, sweepIntervalMs: 3_600_000 })
    }
    a = await start()
    b = await start()
    managerOnB = await managerBrowser(b.url)
    await managerOnB.send('POST', '/api/managers/first', { code: b.firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })
    await signIn(managerOnB, 'Mei Tan', 'correct horse battery')
  })
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('shows a heartbeat sent to one on a dashboard connected to the other', async () => {
    const { code } = await a.createDeviceEnrolmentCode({ name: 'Lobby kiosk 1' })
    const { device: kiosk } = await enrolAt(a.url, code)
    const stream = await managerOnB.events()
    try {
      const sent = performance.now()
      await kiosk!.post('/device/heartbeat', readyHeartbeat)
      const event = await stream.next((e) => e.type === 'device' && e.device.id === kiosk!.deviceId)
      // Measured, not asserted (the machine may be slow): the figure is within 1 s.
      console.log(`heartbeat at A to B's event stream: ${Math.round(performance.now() - sent)} ms`)
      expect(event).toMatchObject({ device: { state: 'online', lastHeartbeatAt: new Date(clock).toISOString() } })
    } finally {
      stream.close()
    }
  })

  it('raises one alert for a device gone quiet when both processes notice it at once', async () => {
    const { code } = await b.createDeviceEnrolmentCode({ name: 'Lobby kiosk 2' })
    const { device: kiosk } = await enrolAt(b.url, code)
    await kiosk!.post('/device/heartbeat', readyHeartbeat)
    clock += 46_000
    await Promise.all([a.sweep(), b.sweep(), a.sweep(), b.sweep()])
    const alerts = AlertsAnswer.parse((await managerOnB.send('GET', '/api/alerts')).body).alerts.filter((x): x is DeviceAlert => x.subject === 'device' && x.deviceId === kiosk!.deviceId)
    expect(alerts.map((x) => [x.from, x.to])).toEqual([
      ['online', 'offline'],
      ['offline', 'online'],
    ])
  })

  it("carries heartbeats to the other's stream again after the server cut every connection (as a restart does)", async () => {
    const { code } = await a.createDeviceEnrolmentCode({ name: 'Lobby kiosk 3' })
    const { device: kiosk } = await enrolAt(a.url, code)
    const stream = await managerOnB.events()
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    try {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')
      // What was notified while B was not listening is lost (the page reads everything again when its
      // stream reconnects): the device keeps sending, as it does every 15 s, until one is heard.
      let heard = false
      const event = stream.next((e) => e.type === 'device' && e.device.id === kiosk!.deviceId).then((e) => ((heard = true), e))
      // Bounded so a failing run stops sending: 200 tries is far beyond any wait the test's timeout allows.
      for (let tries = 0; !heard && tries < 200; tries++) {
        await kiosk!.post('/device/heartbeat', readyHeartbeat).catch(() => undefined)
        await Promise.race([event, new Promise((resolve) => setTimeout(resolve, 250))])
      }
      expect(await event).toMatchObject({ device: { state: 'online' } })
    } finally {
      stream.close()
      await admin.end()
    }
  })
})
