import Database from 'better-sqlite3'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HoldStatus } from '../../../electron/contract'
import { call } from '../../../electron/ipc-core/dispatcher'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { migrations, openLocalDb } from '../../../electron/database/local-db'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { listShows } from '../../support/checkout-fixtures'
import { FaultProxy } from '../../support/fault-proxy'
import { findShow, isOnSale, sectionsOf } from '../../support/sandbox-fixtures'

let rig: ApiRig
let runtime: Runtime | null = null
let dataDir: string
let eventCode = ''

const quiet = { warn: () => {}, error: () => {} }
const connection = () => ({ endpoints: rig.api.endpoints, secret: async () => rig.sandbox.clientSecret, holdWindowMs: 900_000, close: async () => {} })
const start = async () =>
  (runtime = await startRuntime({ facts: { appVersion: 't', mode: 'self-service', host: 'browser' }, dataDir, connection: connection(), log: quiet }))

/** Whether the sandbox still holds these seats for someone: if so, nobody else can reserve them. */
async function heldAtVendor(productId: number, ids: number[]): Promise<boolean> {
  const attempt = await rig.direct.post(`/products/${productId}/seats`, { reservedSeatList: ids })
  if (attempt.body.status === 0) await rig.direct.post(`/products/${productId}/seats`, { releasedSeatList: ids })
  return attempt.body.status !== 0
}

async function offerRequest(mode: 'BA' | 'HS', quantity: number) {
  const show = await findShow(rig.direct, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
  const section = (await sectionsOf(rig.direct, show.productId)).find((s) => s.seatSectionAlias === 'Stalls Centre')!
  // Main sells only shows it listed: list them in the running runtime (the crash runner lists its own).
  if (runtime) await listShows(runtime.services.dispatcher, show.eventCode)
  eventCode = show.eventCode
  return { productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode, quantity }
}

beforeEach(async () => {
  rig = await apiRig()
  dataDir = mkdtempSync(join(tmpdir(), 'foyer-holds-'))
})
afterEach(async () => {
  await runtime?.close()
  runtime = null
  await rig.close()
})

describe('seat holds', () => {
  it('keeps the chosen Best Available set and releases the other at once', async () => {
    const { services } = await start()
    const request = await offerRequest('BA', 2)
    const offered = await call(services.dispatcher, 'offers.request', request)
    if (!offered.ok) throw new Error(offered.error.code)
    const [first, second] = offered.value.offer.sets.map((set) => set.map((s) => s.inventoryId)) as [number[], number[]]
    expect(offered.value.expiresAt).toBe(offered.value.offer.expirationTime && new Date(Date.parse(offered.value.offer.expirationTime)).toISOString())
    const kept = await call(services.dispatcher, 'offers.keep', { offerId: offered.value.offerId, setIndex: 1 })
    expect(kept).toEqual({ ok: true, value: { kept: second, released: 2 } })
    expect(await heldAtVendor(request.productId, first)).toBe(false)
    expect(await heldAtVendor(request.productId, second)).toBe(true)
    expect(runtime!.holds.status()).toMatchObject({ count: 2, productIds: [request.productId] })
  })

  it('pushes the hold status on change and counts down while seats are held', async () => {
    const { services } = await start()
    const pushed: HoldStatus[] = []
    services.pushes.attach((name, payload) => name === 'holds.changed' && pushed.push(payload as HoldStatus))
    await call(services.dispatcher, 'offers.request', await offerRequest('HS', 1))
    expect(pushed.at(-1)).toMatchObject({ count: 1 })
    expect(pushed.at(-1)!.secondsLeft).toBeGreaterThan(890)
    await expect.poll(() => pushed.length, { timeout: 3_000 }).toBeGreaterThanOrEqual(3)
    await call(services.dispatcher, 'holds.releaseAll', {})
    expect(pushed.at(-1)).toMatchObject({ count: 0, secondsLeft: null })
  })

  it('gives every hold back on release-all (cancel, idle reset) and on close (quit)', async () => {
    const { services } = await start()
    const request = await offerRequest('HS', 2)
    const a = await call(services.dispatcher, 'offers.request', request)
    const b = await call(services.dispatcher, 'offers.request', request)
    if (!a.ok || !b.ok) throw new Error('offer failed')
    const idsA = a.value.offer.sets.flat().map((s) => s.inventoryId)
    const idsB = b.value.offer.sets.flat().map((s) => s.inventoryId)
    expect(await call(services.dispatcher, 'holds.releaseAll', {})).toEqual({ ok: true, value: { released: 4 } })
    expect(await heldAtVendor(request.productId, [...idsA, ...idsB])).toBe(false)

    const c = await call(services.dispatcher, 'offers.request', request)
    if (!c.ok) throw new Error('offer failed')
    await runtime!.close()
    runtime = null
    expect(await heldAtVendor(request.productId, c.value.offer.sets.flat().map((s) => s.inventoryId))).toBe(false)
  })

  it('releases, on the next start, the seats a crashed run left held', async () => {
    // A run that crashes with seats held, in this process: it lists the show and takes an offer,
    // then nothing of it acts again (no release, no close), as after a SIGKILL; its hold ticker stops.
    const crashed = await startRuntime({ facts: { appVersion: 't', mode: 'self-service', host: 'browser' }, dataDir, connection: connection(), log: quiet })
    const request = await offerRequest('BA', 2)
    await listShows(crashed.services.dispatcher, eventCode)
    const reply = await call(crashed.services.dispatcher, 'offers.request', request)
    if (!reply.ok) throw new Error(reply.error.code)
    crashed.sales.context!.holds.stop()
    const held = reply.value.offer.sets.flat().map((s) => s.inventoryId)
    expect(held).toHaveLength(4)
    expect(await heldAtVendor(request.productId, held)).toBe(true)

    await start()
    expect(await heldAtVendor(request.productId, held)).toBe(false)
    expect(runtime!.holds.status().count).toBe(0)
  })

  it('keeps holds recorded when the backend cannot be reached, and releases them later', async () => {
    const proxy = await FaultProxy.start(new URL(rig.sandbox.baseUrl).origin)
    const endpoints = { ...rig.api.endpoints, baseUrl: proxy.via(rig.sandbox.baseUrl), authUrl: proxy.via(rig.sandbox.authUrl) }
    runtime = await startRuntime({
      facts: { appVersion: 't', mode: 'self-service', host: 'browser' },
      dataDir,
      connection: { ...connection(), endpoints },
      log: quiet,
    })
    const { services } = runtime
    const request = await offerRequest('HS', 2)
    const offered = await call(services.dispatcher, 'offers.request', request)
    if (!offered.ok) throw new Error('offer failed')
    const ids = offered.value.offer.sets.flat().map((s) => s.inventoryId)
    // The kiosk loses the network: the release fails, and the hold stays on record rather than being forgotten.
    proxy.fail(/\/seats$/, { kind: 'close' }, 10)
    const failed = await call(services.dispatcher, 'holds.releaseAll', {})
    expect(failed).toMatchObject({ ok: false, error: { code: 'api.network', retryable: true } })
    expect(runtime.holds.status().count).toBe(2)
    expect(await heldAtVendor(request.productId, ids)).toBe(true)
    proxy.clear()
    expect(await call(services.dispatcher, 'holds.releaseAll', {})).toEqual({ ok: true, value: { released: 2 } })
    expect(await heldAtVendor(request.productId, ids)).toBe(false)
    await proxy.close()
  })
})

describe('a release the vendor refuses', () => {
  it('asks again seat by seat when one seat no longer held refuses the lot, and releases the rest', async () => {
    const { services } = await start()
    const request = await offerRequest('HS', 2)
    const a = await call(services.dispatcher, 'offers.request', request)
    const b = await call(services.dispatcher, 'offers.request', request)
    if (!a.ok || !b.ok) throw new Error('offer failed')
    const ids = [...a.value.offer.sets.flat(), ...b.value.offer.sets.flat()].map((s) => s.inventoryId)
    // One seat goes back behind the kiosk's back (a lost answer of an earlier release did it).
    expect((await rig.direct.post(`/products/${request.productId}/seats`, { releasedSeatList: [ids[0]] })).body.status).toBe(0)
    expect(await call(services.dispatcher, 'holds.releaseAll', {})).toEqual({ ok: true, value: { released: 4 } })
    expect(runtime!.holds.status().count).toBe(0)
    for (const id of ids.slice(1)) expect(await heldAtVendor(request.productId, [id])).toBe(false)
  })

  it('keeps a seat recorded when its own release cannot be asked, and releases it later', async () => {
    const proxy = await FaultProxy.start(new URL(rig.sandbox.baseUrl).origin)
    const endpoints = { ...rig.api.endpoints, baseUrl: proxy.via(rig.sandbox.baseUrl), authUrl: proxy.via(rig.sandbox.authUrl) }
    runtime = await startRuntime({ facts: { appVersion: 't', mode: 'self-service', host: 'browser' }, dataDir, connection: { ...connection(), endpoints }, log: quiet })
    const { services } = runtime
    const request = await offerRequest('HS', 3)
    const offered = await call(services.dispatcher, 'offers.request', request)
    if (!offered.ok) throw new Error('offer failed')
    const ids = offered.value.offer.sets.flat().map((s) => s.inventoryId)
    // The vendor refuses the lot; then the first seat's own release is lost on the wire (every retry of it).
    proxy.fail(/\/seats$/, { kind: 'status', status: 200, body: { status: '1', statusMessage: 'Error releasing seats' } }, 1, 'POST')
    proxy.fail(/\/seats$/, { kind: 'close' }, 3, 'POST')
    const failed = await call(services.dispatcher, 'holds.releaseAll', {})
    expect(failed).toMatchObject({ ok: false, error: { code: 'api.network' } })
    expect(runtime.holds.status().count).toBe(1)
    expect(await heldAtVendor(request.productId, [ids[0]!])).toBe(true)
    for (const id of ids.slice(1)) expect(await heldAtVendor(request.productId, [id])).toBe(false)
    proxy.clear()
    expect(await call(services.dispatcher, 'holds.releaseAll', {})).toEqual({ ok: true, value: { released: 1 } })
    expect(await heldAtVendor(request.productId, ids)).toBe(false)
    await proxy.close()
  })
})

describe('holds are known by show and seat', () => {
  it('releases by show: the same inventory id held at another show is not touched', async () => {
    const { services } = await start()
    const request = await offerRequest('HS', 2)
    const offered = await call(services.dispatcher, 'offers.request', request)
    if (!offered.ok) throw new Error('offer failed')
    const ids = offered.value.offer.sets.flat().map((s) => s.inventoryId)
    // Another show's id list naming these seats releases nothing.
    expect(await call(services.dispatcher, 'offers.release', { productId: request.productId + 1, inventoryIds: ids })).toEqual({ ok: true, value: { released: 0 } })
    expect(await heldAtVendor(request.productId, ids)).toBe(true)
    expect(await call(services.dispatcher, 'offers.release', { productId: request.productId, inventoryIds: ids })).toEqual({ ok: true, value: { released: 2 } })
    expect(await heldAtVendor(request.productId, ids)).toBe(false)
  })

  it('reads the holds a kiosk recorded before holds were keyed by show, and releases them at start', async () => {
    const request = await offerRequest('HS', 2)
    const offered = await rig.direct.get(`/products/${request.productId}/seatmap/availability`, {
      priceCatId: request.priceCategoryId,
      seatSectionId: request.sectionId,
      mode: 'HS',
      quantity: 2,
    })
    const ids = (offered.body.setsReservedList[0].setsReserved as { inventoryId: number }[]).map((s) => s.inventoryId)
    // The kiosk's database as an older Foyer left it: the first three migrations, holds keyed by inventory id.
    const old = new Database(join(dataDir, 'foyer.db'))
    for (const migration of migrations.slice(0, 3)) old.exec(migration)
    const insert = old.prepare('INSERT INTO holds VALUES (?, ?, ?, ?, 0, ?, ?)')
    for (const id of ids) insert.run(`sandbox/${rig.sandbox.tenant}`, request.productId, id, 'old-offer', Date.now() + 600_000, Date.now())
    old.pragma('user_version = 3')
    old.close()
    expect(await heldAtVendor(request.productId, ids)).toBe(true)

    await start()
    expect(await heldAtVendor(request.productId, ids)).toBe(false)
    const db = openLocalDb(dataDir)
    try {
      expect(db.prepare('SELECT COUNT(*) AS n FROM holds').get()).toEqual({ n: 0 })
      // Now the same inventory id may be held at two shows.
      const insertNew = db.prepare("INSERT INTO holds VALUES ('b', ?, 7, 'o', 0, 1, 1)")
      insertNew.run(1)
      insertNew.run(2)
    } finally {
      db.close()
    }
  })
})
