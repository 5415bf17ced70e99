import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DashboardProfile, Heartbeat, ServiceRulesAnswer } from '../../../hub/protocol'
import type { PushName } from '../../../electron/contract'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import type { Runtime } from '../../../electron/services/runtime'
import { KeytarVault } from '../../../electron/vault/keytar-vault'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest, listShows } from '../../support/checkout-fixtures'
import { hubBehindProxyForFile } from '../../support/hub-behind-proxy'
import { managerBrowser, type ManagerBrowser } from '../../support/hub-manager'
import { keychainUnavailableReason, onCi } from '../../support/keychain'
import { allShows, isOnSale, sectionsOf, type ShowFixture } from '../../support/sandbox-fixtures'
import { firstPin } from '../../support/staff-runtime'
import { staffedRuntime } from '../../support/staffed-runtime'

/**
 * A counter Foyer connected to a real Foyer Hub (in-process, on PGlite), selling on the real sandbox:
 * the profile the manager gives it, and the box office's service rules, reach it at its next
 * heartbeat and are obeyed by main, never in the middle of a sale. One device and one hub for the
 * file: each test goes on from where the one before left it.
 */
const vault = new KeytarVault()
const reason = await keychainUnavailableReason(vault)
if (reason && onCi()) throw new Error(`keychain required under CI: ${reason}`)

const SUPERVISOR_PIN = '482615'
const CASHIER_PIN = '739104'
const WAIT = { timeout: 60_000, interval: 100 }
const counterProfile = { name: 'Counter', settings: { holdWindowMinutes: 12, counterLockMinutes: 30 }, overridable: ['counterLockMinutes'] }
const refusedOutOfService = { ok: false, error: { code: 'hub.out-of-service', messageKey: 'hub.errors.outOfService' } }
const anOffer = { productId: 1, priceCategoryId: 1, sectionId: 1, mode: 'BA', quantity: 1 } as const

describe.skipIf(reason !== null)("a Foyer following the box office hub's profile and service rules", () => {
  const hub = hubBehindProxyForFile()
  const dir = mkdtempSync(join(tmpdir(), 'foyer-hub-profile-'))
  let rig: ApiRig
  let runtime: Runtime
  let manager: ManagerBrowser
  let deviceId = ''
  let profileId = ''
  // The device's clock: real time, moved on where a test needs another hour of the venue's day.
  let offset = 0
  const pushed: { name: PushName; payload: unknown }[] = []
  const dispatcher = (): Dispatcher => runtime.services.dispatcher
  const settingsNow = async () => {
    const answer = await call(dispatcher(), 'settings.get', {})
    if (!answer.ok) throw new Error(answer.error.code)
    return answer.value
  }
  /** What the device's last heartbeat said of its profile. */
  const heardProfile = async () => {
    const { rows } = await hub().db.query('SELECT last_heartbeat AS beat FROM devices WHERE id = $1', [deviceId])
    return Heartbeat.parse((rows[0] as { beat: unknown }).beat).profile
  }
  const hubRevision = async () => String(((await hub().db.query('SELECT revision FROM settings_revision')).rows[0] as { revision: unknown }).revision)
  const changeProfile = async (settings: Record<string, unknown>) => {
    const answer = await manager.send('PUT', `/api/profiles/${profileId}`, { ...counterProfile, settings })
    expect(answer.status).toBe(200)
    return hubRevision()
  }

  beforeAll(async () => {
    rig = await apiRig()
    runtime = await staffedRuntime(rig, {
      mode: 'counter',
      dir,
      vault,
      hub: { vault, tuning: { intervalMs: 200, backoff: { baseMs: 50, maxMs: 400 }, now: () => Date.now() + offset } },
    })
    runtime.services.pushes.attach((name, payload) => pushed.push({ name, payload }))
    expect(await call(dispatcher(), 'staff.setPin', { ...firstPin(SUPERVISOR_PIN), name: 'Mei Ling' })).toMatchObject({ ok: true })
    expect(await call(dispatcher(), 'staff.addAccount', { pin: SUPERVISOR_PIN, name: 'Aisha Rahman', role: 'cashier', newPin: CASHIER_PIN })).toMatchObject({ ok: true })
    expect(await call(dispatcher(), 'counter.signIn', { name: 'Aisha Rahman', pin: CASHIER_PIN })).toMatchObject({ ok: true, value: { ok: true } })
    expect(await call(dispatcher(), 'shift.open', { floatCents: 10_000 })).toMatchObject({ ok: true })
    const { code } = await hub().hub.createDeviceEnrolmentCode({ name: 'Counter 1', place: 'Box office' })
    expect(await call(dispatcher(), 'hub.connect', { pin: SUPERVISOR_PIN, address: hub().url, code, fingerprint: hub().hub.fingerprint })).toMatchObject({ ok: true })
    deviceId = (await hub().hub.devices()).find((d) => d.name === 'Counter 1')!.id
    // The manager works on the hub's own address (the device reaches it through the relay).
    manager = await managerBrowser(hub().hub.url)
    expect((await manager.send('POST', '/api/managers/first', { code: hub().hub.firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })).status).toBe(200)
  }, 120_000)
  afterAll(async () => {
    await runtime?.close()
    await rig?.close()
  })

  it('applies a profile at the next heartbeat without a restart, pushed to the screens; staff may change only what it allows, and keep it', async () => {
    profileId = DashboardProfile.parse((await manager.send('POST', '/api/profiles', counterProfile)).body).id
    expect((await manager.send('PUT', `/api/devices/${deviceId}/setup`, { profileId, group: 'Windows' })).status).toBe(200)
    const revision = await hubRevision()
    await vi.waitFor(async () => expect(await settingsNow()).toMatchObject({ holdWindowMinutes: 12, counterLockMinutes: 30 }), WAIT)
    expect(pushed.some((p) => p.name === 'settings.changed' && (p.payload as { holdWindowMinutes: number }).holdWindowMinutes === 12)).toBe(true)
    await vi.waitFor(async () => expect(await heardProfile()).toEqual({ revision, state: 'applied' }), WAIT)
    // The hub may know which devices lack a secret, never the secret: a training counter without a terminal needs neither.
    const { rows } = await hub().db.query('SELECT last_heartbeat AS beat FROM devices WHERE id = $1', [deviceId])
    expect(Heartbeat.parse((rows[0] as { beat: unknown }).beat).secrets).toEqual({ vendorSecret: null, terminalPassphrase: null })

    const setByHub = { ok: false, error: { code: 'settings.set-by-hub', messageKey: 'errors.settings.setByHub' } }
    expect(await call(dispatcher(), 'settings.update', { pin: SUPERVISOR_PIN, patch: { holdWindowMinutes: 15 } })).toMatchObject(setByHub)
    expect(await call(dispatcher(), 'settings.update', { pin: SUPERVISOR_PIN, patch: { counterLockMinutes: 5 } })).toMatchObject({ ok: true })

    // The next change of the profile leaves what staff set here as they set it.
    const next = await changeProfile({ holdWindowMinutes: 14, counterLockMinutes: 45 })
    await vi.waitFor(async () => expect(await heardProfile()).toEqual({ revision: next, state: 'applied' }), WAIT)
    expect(await settingsNow()).toMatchObject({ holdWindowMinutes: 14, counterLockMinutes: 5 })
  }, 120_000)

  it("applies a profile's languages (Simplified Chinese first, and English) as this device's own languages setting, pushed to the screens", async () => {
    const revision = await changeProfile({ holdWindowMinutes: 14, counterLockMinutes: 45, languages: ['zh-CN', 'en-SG'] })
    await vi.waitFor(async () => expect(await heardProfile()).toEqual({ revision, state: 'applied' }), WAIT)
    expect(await settingsNow()).toMatchObject({ languages: ['zh-CN', 'en-SG'], counterLockMinutes: 5 })
    expect(pushed.some((p) => p.name === 'settings.changed' && (p.payload as { languages: string[] }).languages[0] === 'zh-CN')).toBe(true)
  }, 120_000)

  it('holds a change back while a sale is under way and applies it once the sale is over; a profile the device refuses is applied in nothing', async () => {
    await heldOrderRequest(dispatcher(), rig.direct)
    const revision = await changeProfile({ holdWindowMinutes: 20 })
    await vi.waitFor(async () => expect(await heardProfile()).toEqual({ revision, state: 'held' }), WAIT)
    expect((await settingsNow()).holdWindowMinutes).toBe(14)

    expect(await call(dispatcher(), 'holds.releaseAll', {})).toMatchObject({ ok: true })
    await vi.waitFor(async () => expect((await settingsNow()).holdWindowMinutes).toBe(20), WAIT)
    await vi.waitFor(async () => expect(await heardProfile()).toEqual({ revision, state: 'applied' }), WAIT)

    // A value the device's own settings rules refuse (selling through production, which this device has no addresses for; the hub
    // cannot know which backends a device has): nothing of that profile is applied, and the hub is told which.
    const refused = await changeProfile({ backend: 'production', counterLockMinutes: 50 })
    await vi.waitFor(async () => expect(await heardProfile()).toEqual({ revision: refused, state: 'refused', refused: 'backend' }), WAIT)
    expect(await settingsNow()).toMatchObject({ holdWindowMinutes: 20, counterLockMinutes: 5 })
  }, 120_000)

  it("closed now for every device of its profile: the customer already paying finishes first, then main refuses sales and the screen shows the manager's words; opened again", async () => {
    const order = { ...(await heldOrderRequest(dispatcher(), rig.direct)), paymentMethodCode: 'CASH' }
    const invoice = await call(dispatcher(), 'checkout.submit', { order })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const words = 'Tickets for tonight are on sale at the box office'
    const closed = await manager.send('POST', '/api/service-rules', { target: { scope: 'profile', profileId }, rule: { kind: 'closed', from: null, message: words } })
    expect(closed.status).toBe(200)
    const revision = await hubRevision()
    await vi.waitFor(async () => expect((await heardProfile())?.revision).toBe(revision), WAIT)
    // The device has the closure, and a customer at the counter paying: they finish, unhindered.
    expect(runtime.services.system.info().closedByHub).toBeUndefined()
    const paid = await call(dispatcher(), 'checkout.pay', { saleId: invoice.value.saleId, tender: 'cash', tenderedCents: invoice.value.amountCents })
    expect(paid).toMatchObject({ ok: true, value: { state: 'confirmed' } })

    await vi.waitFor(() => expect(runtime.services.system.info().closedByHub).toEqual({ message: words }), WAIT)
    expect(pushed.some((p) => p.name === 'system.changed' && (p.payload as { closedByHub?: unknown }).closedByHub !== undefined)).toBe(true)
    expect(await call(dispatcher(), 'offers.request', anOffer)).toMatchObject(refusedOutOfService)

    const rule = ServiceRulesAnswer.parse((await manager.send('GET', '/api/service-rules')).body).rules[0]!
    expect((await manager.send('DELETE', `/api/service-rules/${rule.id}`)).status).toBe(200)
    await vi.waitFor(() => expect(runtime.services.system.info().closedByHub).toBeUndefined(), WAIT)
    expect(await call(dispatcher(), 'offers.request', anOffer)).not.toMatchObject(refusedOutOfService)
  }, 120_000)

  it("closes on a schedule (sells 10:00-22:00 in the venue's zone) by the device's own clock, also with the hub out of reach", async () => {
    const at = (time: string) => {
      offset = Date.parse(time) - Date.now()
    }
    at('2026-11-26T21:50:00+08:00')
    const hours = { kind: 'hours', opens: '10:00', closes: '22:00', timeZone: 'Asia/Singapore', message: 'The kiosks sell from 10:00 to 22:00' }
    expect((await manager.send('POST', '/api/service-rules', { target: { scope: 'venue' }, rule: hours })).status).toBe(200)
    const revision = await hubRevision()
    await vi.waitFor(async () => expect((await heardProfile())?.revision).toBe(revision), WAIT)
    expect(runtime.services.system.info().closedByHub).toBeUndefined()

    await hub().stop()
    at('2026-11-26T22:00:30+08:00')
    await vi.waitFor(() => expect(runtime.services.system.info().closedByHub).toEqual({ message: hours.message }), WAIT)
    expect(await call(dispatcher(), 'offers.request', anOffer)).toMatchObject(refusedOutOfService)
    at('2026-11-27T10:00:30+08:00')
    await vi.waitFor(() => expect(runtime.services.system.info().closedByHub).toBeUndefined(), WAIT)
    offset = 0
    await hub().start()
  }, 120_000)

  it("stops selling a show 30 minutes before it starts, by the device's clock and with the hub out of reach: marked with the manager's words, no seats offered or new order placed; seats held before the cut-off are ordered and paid; a later show sells", async () => {
    // The hub was started again (on another port of its own): the manager signs in there.
    manager = await managerBrowser(hub().hub.url)
    expect((await manager.send('POST', '/api/session', { name: 'Mei Tan', password: 'correct horse battery' })).status).toBe(200)
    // The rules before this one's are ended: the device sells whatever the hour.
    for (const rule of ServiceRulesAnswer.parse((await manager.send('GET', '/api/service-rules')).body).rules) {
      expect((await manager.send('DELETE', `/api/service-rules/${rule.id}`)).status).toBe(200)
    }
    const words = 'Tickets for tonight are on sale at the box office'
    expect((await manager.send('POST', '/api/service-rules', { target: { scope: 'venue' }, rule: { kind: 'showCutoff', minutesBefore: 30, message: words } })).status).toBe(200)
    const revision = await hubRevision()
    await vi.waitFor(async () => expect((await heardProfile())?.revision).toBe(revision), WAIT)
    await vi.waitFor(() => expect(runtime.services.system.info().closedByHub).toBeUndefined(), WAIT)

    // The show heldOrderRequest sells, and one starting hours after it.
    const onSale = (await allShows(rig.direct)).filter((s) => isOnSale(s) && s.ticketType === 'RS')
    const soon = onSale.find((s) => s.venue === 'Grand Theatre')!
    const later = onSale.find((s) => Date.parse(s.showDate) - Date.parse(soon.showDate) > 3 * 3_600_000)!
    const offerOf = async (show: ShowFixture) => {
      const section = (await sectionsOf(rig.direct, show.productId))[0]!
      return { productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.seatSectionId, mode: 'BA', quantity: 1 } as const
    }
    const listed = async (show: ShowFixture) => {
      const answer = await call(dispatcher(), 'catalogue.shows', { code: show.eventCode, lang: 'EN_SG' })
      if (!answer.ok) throw new Error(answer.error.code)
      return answer.value.shows.find((s) => s.productId === show.productId)!
    }
    const cutOff = { ok: false, error: { code: 'checkout.show-cut-off', messageKey: 'checkout.errors.showCutOff' } }

    // 40 minutes before the show a customer holds two seats; 20 minutes before, the show is past its cut-off here.
    offset = Date.parse(soon.showDate) - 40 * 60_000 - Date.now()
    expect((await listed(soon)).notSoldHere).toBeUndefined()
    const order = { ...(await heldOrderRequest(dispatcher(), rig.direct)), paymentMethodCode: 'CASH' }
    expect(order.items[0]!.productId).toBe(soon.productId)
    offset = Date.parse(soon.showDate) - 20 * 60_000 - Date.now()
    expect((await listed(soon)).notSoldHere).toEqual({ message: words })
    expect(await call(dispatcher(), 'offers.request', await offerOf(soon))).toMatchObject(cutOff)

    // The customer already at the counter finishes: their held seats are ordered and paid.
    const invoice = await call(dispatcher(), 'checkout.submit', { order })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const paid = await call(dispatcher(), 'checkout.pay', { saleId: invoice.value.saleId, tender: 'cash', tenderedCents: invoice.value.amountCents })
    expect(paid).toMatchObject({ ok: true, value: { state: 'confirmed' } })
    // Seats not held here (those two are sold and no longer held) are a new sale of that show: refused before the vendor is asked.
    expect(await call(dispatcher(), 'checkout.submit', { order })).toMatchObject(cutOff)

    // The rule is the device's own: kept while the hub is out of reach. A show hours later still sells.
    await hub().stop()
    expect(await call(dispatcher(), 'offers.request', await offerOf(soon))).toMatchObject(cutOff)
    await listShows(dispatcher(), later.eventCode)
    expect((await listed(later)).notSoldHere).toBeUndefined()
    expect(await call(dispatcher(), 'offers.request', await offerOf(later))).toMatchObject({ ok: true })
    expect(await call(dispatcher(), 'holds.releaseAll', {})).toMatchObject({ ok: true })
    offset = 0
    await hub().start()
  }, 120_000)
})
