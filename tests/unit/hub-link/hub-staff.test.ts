import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AddDeviceAnswer, DashboardStaff, StaffAnswer } from '../../../hub/protocol'
import { call } from '../../../electron/ipc-core/dispatcher'
import type { Runtime } from '../../../electron/services/runtime'
import { KeytarVault } from '../../../electron/vault/keytar-vault'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { hubBehindProxyForFile } from '../../support/hub-behind-proxy'
import { managerBrowser, type ManagerBrowser } from '../../support/hub-manager'
import { keychainUnavailableReason, onCi } from '../../support/keychain'
import { firstPin } from '../../support/staff-runtime'
import { staffedRuntime } from '../../support/staffed-runtime'

/**
 * Staff, once (issue #26): two counter Foyers connected to one real hub (in-process, PGlite, behind a
 * relay that can take it down), on the real sandbox, their device tokens in the real keychain. A
 * cashier made on the hub signs in at both with one PIN, also with the hub down; disabling them signs
 * them out on the next heartbeat; wrong PINs at both counters count together.
 */
const vault = new KeytarVault()
const reason = await keychainUnavailableReason(vault)
if (reason && onCi()) throw new Error(`keychain required under CI: ${reason}`)

const SUPERVISOR_PIN = '482615'
const AISHA_PIN = '739104'
const WAIT = { timeout: 60_000, interval: 100 }

interface Counter {
  dir: string
  runtime: Runtime
  pushed: unknown[]
}

describe.skipIf(reason !== null)("the venue's staff, kept at the hub, at two counters", () => {
  const hub = hubBehindProxyForFile()
  let rig: ApiRig
  let manager: ManagerBrowser
  const counters: Counter[] = []

  async function start(dir: string): Promise<Counter> {
    const runtime = await staffedRuntime(rig, { mode: 'counter', dir, vault, hub: { vault, tuning: { intervalMs: 200, backoff: { baseMs: 50, maxMs: 400 } } } })
    const pushed: unknown[] = []
    runtime.services.pushes.attach((name, payload) => pushed.push({ name, payload }))
    return { dir, runtime, pushed }
  }
  const signIn = (counter: Counter, name: string, pin: string) => call(counter.runtime.services.dispatcher, 'counter.signIn', { name, pin })
  const signedIn = { ok: true, value: { ok: true } }
  const who = (counter: Counter) => call(counter.runtime.services.dispatcher, 'counter.whoIsIn', {})
  /**
   * Waits until the counter has `name` among the accounts that may sign in there, as its supervisor's
   * settings list them: the hub's accounts arrive at a heartbeat. Not by trying the PIN until it works:
   * each try before then is a wrong PIN, and five in a row lock the person out, as they would a cashier.
   */
  async function arrived(counter: Counter, name: string): Promise<void> {
    await vi.waitFor(async () => {
      const listed = await call(counter.runtime.services.dispatcher, 'staff.accounts', { pin: SUPERVISOR_PIN })
      expect(listed.ok && listed.value.some((account) => account.name === name && !account.disabled)).toBe(true)
    }, WAIT)
  }

  /** A fresh counter with a supervisor and a cashier of its own, connected to the hub as Counter `n`. */
  async function connectedCounter(n: number): Promise<Counter> {
    const counter = await start(mkdtempSync(join(tmpdir(), 'foyer-hub-staff-')))
    const ask = (channel: 'staff.setPin' | 'staff.addAccount' | 'hub.connect', request: object) => call(counter.runtime.services.dispatcher, channel, request as never)
    expect(await ask('staff.setPin', { ...firstPin(SUPERVISOR_PIN), name: 'Mei Ling' })).toMatchObject({ ok: true })
    expect(await ask('staff.addAccount', { pin: SUPERVISOR_PIN, name: `Till ${n} Temp`, role: 'cashier', newPin: '246810' })).toMatchObject({ ok: true })
    const added = AddDeviceAnswer.parse((await manager.send('POST', '/api/devices', { name: `Counter ${n}`, place: 'Box office' })).body)
    expect(await ask('hub.connect', { pin: SUPERVISOR_PIN, address: hub().url, code: added.code, fingerprint: hub().hub.fingerprint })).toMatchObject({ ok: true })
    return counter
  }

  beforeAll(async () => {
    rig = await apiRig()
    manager = await managerBrowser(hub().hub.url)
    expect((await manager.send('POST', '/api/managers/first', { code: hub().hub.firstManagerCode, name: 'Wei Lim', password: 'correct horse battery' })).status).toBe(200)
    counters.push(await connectedCounter(1), await connectedCounter(2))
  }, 120_000)
  afterAll(async () => {
    for (const counter of counters) await counter.runtime.close()
    await rig?.close()
  })

  const aisha = async () => StaffAnswer.parse((await manager.send('GET', '/api/staff')).body).accounts.find((a) => a.name === 'Aisha Rahman')!

  it('a cashier made on the hub signs in at both counters with one PIN, also with the hub stopped and across a restart', async () => {
    const made = await manager.send('POST', '/api/staff', { name: 'Aisha Rahman', role: 'cashier', pin: AISHA_PIN, places: ['Box office'] })
    DashboardStaff.parse(made.body)
    for (const counter of counters) {
      await arrived(counter, 'Aisha Rahman')
      expect(await signIn(counter, 'Aisha Rahman', AISHA_PIN)).toMatchObject(signedIn)
      expect(await who(counter)).toMatchObject({ ok: true, value: { name: 'Aisha Rahman', role: 'cashier' } })
      await call(counter.runtime.services.dispatcher, 'counter.signOut', {})
    }
    await hub().stop()
    await counters[0]!.runtime.close()
    const first = (counters[0] = await start(counters[0]!.dir))
    expect(await signIn(first, 'Aisha Rahman', '000000')).toMatchObject({ ok: true, value: { ok: false, reason: 'wrong' } })
    expect(await signIn(first, 'aisha rahman', AISHA_PIN)).toMatchObject(signedIn)
    await call(first.runtime.services.dispatcher, 'counter.signOut', {})
    await hub().start()
    // The hub started again on another port (the devices reach it through the same relay): the manager's browser follows it.
    const again = await managerBrowser(hub().hub.url)
    again.cookie = manager.cookie
    manager = again
  }, 120_000)

  it("lists each counter's own accounts on the dashboard; one the manager drops no longer signs in there", async () => {
    const listed = StaffAnswer.parse((await manager.send('GET', '/api/staff')).body).localAccounts
    expect(listed.map((l) => `${l.deviceName}: ${l.name}`).sort()).toEqual(['Counter 1: Mei Ling', 'Counter 1: Till 1 Temp', 'Counter 2: Mei Ling', 'Counter 2: Till 2 Temp'])
    const till = listed.find((l) => l.name === 'Till 1 Temp')!
    expect(await signIn(counters[0]!, 'Till 1 Temp', '246810')).toMatchObject(signedIn)
    await call(counters[0]!.runtime.services.dispatcher, 'counter.signOut', {})
    expect((await manager.send('POST', `/api/devices/${till.deviceId}/local-staff/${till.staffId}`, { decision: 'drop' })).status).toBe(204)
    await vi.waitFor(async () => expect(await signIn(counters[0]!, 'Till 1 Temp', '246810')).toMatchObject({ ok: true, value: { ok: false, reason: 'wrong' } }), WAIT)
    // Counter 2's own cashier is not Counter 1's: it still signs in there.
    expect(await signIn(counters[1]!, 'Till 2 Temp', '246810')).toMatchObject(signedIn)
    await call(counters[1]!.runtime.services.dispatcher, 'counter.signOut', {})
  }, 120_000)

  it('disabling an account on the hub signs that person out at the counter within one heartbeat', async () => {
    const [counter] = counters
    expect(await signIn(counter!, 'Aisha Rahman', AISHA_PIN)).toMatchObject(signedIn)
    expect((await manager.send('POST', `/api/staff/${(await aisha()).id}/disable`)).status).toBe(200)
    await vi.waitFor(async () => expect(await who(counter!)).toMatchObject({ ok: true, value: null }), WAIT)
    expect(counter!.pushed).toContainEqual({ name: 'counter.signedOut', payload: { why: 'account-disabled' } })
    expect(await signIn(counter!, 'Aisha Rahman', AISHA_PIN)).toMatchObject({ ok: true, value: { ok: false, reason: 'wrong' } })
    expect((await manager.send('POST', `/api/staff/${(await aisha()).id}/enable`)).status).toBe(200)
    // Enabled again at both counters (each on its own next heartbeat), so the next test starts from one venue-wide account.
    for (const each of counters) {
      await arrived(each!, 'Aisha Rahman')
      expect(await signIn(each!, 'Aisha Rahman', AISHA_PIN)).toMatchObject(signedIn)
      await call(each!.runtime.services.dispatcher, 'counter.signOut', {})
    }
  }, 120_000)

  it('five wrong PINs for one person at two counters lock them out at both, a right PIN included', async () => {
    const [one, two] = counters
    const wrong = { ok: true, value: { ok: false, reason: 'wrong' } }
    for (const counter of [one, two, one, two]) expect(await signIn(counter!, 'Aisha Rahman', '111111')).toMatchObject(wrong)
    // The fifth: neither counter has seen five of its own, but the venue has.
    expect(await signIn(one!, 'Aisha Rahman', '111111')).toMatchObject({ ok: true, value: { ok: false, reason: 'locked', retryAfterSeconds: 60 } })
    expect(await signIn(two!, 'Aisha Rahman', AISHA_PIN)).toMatchObject({ ok: true, value: { ok: false, reason: 'locked' } })
    // Someone else still signs in at that counter: the lock is the person's, not the device's.
    expect(await signIn(two!, 'Mei Ling', SUPERVISOR_PIN)).toMatchObject(signedIn)
  }, 120_000)
})
