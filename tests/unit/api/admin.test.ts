import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channels, type ChannelName, type SystemInfo } from '../../../electron/contract'
import { call } from '../../../electron/ipc-core/dispatcher'
import { inProcessSandbox } from '../../support/in-process-sandbox'
import { startHostRuntime, type HostRuntime } from '../../../electron/services/host-runtime'
import { KeytarVault } from '../../../electron/vault/keytar-vault'
import { readBoundSecret } from '../../../electron/vault/origin-bound-secret'
import { keychainUnavailableReason, onCi } from '../../support/keychain'
import { TEST_ENROLMENT_CODE, firstPin } from '../../support/staff-runtime'

/**
 * The staff services as the hosts run them: real settings file, real OS
 * keychain, the built-in sandbox. Without a Secret Service these skip (and
 * fail under CI, which must prove the keychain works).
 */
const vault = new KeytarVault()
const reason = await keychainUnavailableReason(vault)
if (reason && onCi()) throw new Error(`keychain required under CI: ${reason}`)

const SECRET = `s3cret-${randomBytes(12).toString('hex')}`
const TENANT = `foyer-test-${randomBytes(4).toString('hex')}`
const PIN = '246813'
/** https, so settings accept it; nothing listens there, so connecting fails fast. */
const unreachable = { baseUrl: `https://127.0.0.1:9/api/v0/${TENANT}`, authUrl: `https://127.0.0.1:9/auth/v0/${TENANT}/oauth/token`, imageBaseUrl: 'https://127.0.0.1:9', tenant: TENANT, clientId: 'foyer-kiosk' }

let runtime: HostRuntime
const quiet = { warn: () => {}, error: () => {} }
const ask = <C extends ChannelName>(channel: C, request: unknown) => runtime.services.dispatcher.dispatch(channel, request, { transport: 'test' })

describe.skipIf(reason !== null)('staff services (settings, PIN, credentials)', () => {
  beforeAll(async () => {
    runtime = await startHostRuntime({ enrolmentCode: TEST_ENROLMENT_CODE }, { appVersion: 't', host: 'browser' }, mkdtempSync(join(tmpdir(), 'foyer-admin-')), quiet, inProcessSandbox)
  })
  afterAll(async () => {
    await runtime.close()
    await vault.remove({ backend: 'staging', tenant: TENANT }).catch(() => {})
  })

  it('starts on the sandbox with no PIN; the first PIN is set freely, later changes need it', async () => {
    expect(await call(runtime.services.dispatcher, 'settings.get', {})).toMatchObject({ ok: true, value: { backend: 'sandbox', pinSet: false } })
    expect(await ask('staff.verify', { pin: PIN })).toEqual({ ok: true, value: { ok: false, reason: 'not-set' } })
    expect(await ask('settings.update', { pin: PIN, patch: { idleSeconds: 90 } })).toMatchObject({ ok: false, error: { code: 'staff.pin-not-set' } })
    expect(await ask('staff.setPin', firstPin(PIN))).toEqual({ ok: true, value: { ok: true } })
    expect(await ask('staff.setPin', { newPin: '135724' })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
    expect(await ask('staff.verify', { pin: PIN })).toEqual({ ok: true, value: { ok: true } })
  })

  it('refuses changes without the right PIN, and invalid settings by field', async () => {
    expect(await ask('settings.update', { pin: '0000', patch: { idleSeconds: 90 } })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
    const insecure = await ask('settings.update', { pin: PIN, patch: { staging: { ...unreachable, baseUrl: 'http://plain.example/api' } } })
    expect(insecure).toMatchObject({ ok: false, error: { code: 'settings.invalid' } })
    expect(await ask('settings.update', { pin: PIN, patch: { idleSeconds: 90 } })).toMatchObject({ ok: true, value: { idleSeconds: 90 } })
  })

  it('stores the client secret in the keychain, write-only', async () => {
    expect(await ask('credentials.store', { pin: PIN, backend: 'staging', clientSecret: SECRET })).toMatchObject({ ok: false, error: { code: 'settings.backend-unconfigured' } })
    expect(await ask('settings.update', { pin: PIN, patch: { staging: unreachable } })).toMatchObject({ ok: true, value: { backends: { staging: { hasSecret: false } } } })
    expect(await ask('credentials.store', { pin: PIN, backend: 'staging', clientSecret: SECRET })).toEqual({ ok: true, value: { stored: true } })
    expect(await readBoundSecret(vault, { backend: 'staging', tenant: TENANT }, unreachable)).toEqual({ state: 'ok', secret: SECRET })
    expect(await ask('settings.get', {})).toMatchObject({ ok: true, value: { backends: { staging: { hasSecret: true, config: unreachable } } } })
  })

  it('tests a connection: the sandbox answers, an unreachable vendor says so', async () => {
    const sandbox = await ask('credentials.test', { pin: PIN, backend: 'sandbox' })
    expect(sandbox).toMatchObject({ ok: true, value: { ok: true } })
    const staging = await ask('credentials.test', { pin: PIN, backend: 'staging' })
    expect(staging).toMatchObject({ ok: true, value: { ok: false, error: { code: 'api.network', messageKey: 'errors.api.offline' } } })
  })

  it('refuses a switch to a backend that does not answer: nothing saved or pushed, the sandbox keeps its holds', async () => {
    const pushed: SystemInfo[] = []
    runtime.services.pushes.attach((name, payload) => name === 'system.changed' && pushed.push(payload as SystemInfo))
    // Hold the best two seats of a theatre show on the sandbox.
    const theatre = await call(runtime.services.dispatcher, 'catalogue.events', { lang: 'EN_SG', size: 100 })
    if (!theatre.ok) throw new Error(theatre.error.code)
    let request: { productId: number; priceCategoryId: number; sectionId: number; mode: 'HS'; quantity: number } | null = null
    for (const event of theatre.value.events.filter((e) => e.venue === 'Grand Theatre')) {
      const shows = await call(runtime.services.dispatcher, 'catalogue.shows', { code: event.code, lang: 'EN_SG' })
      const show = shows.ok ? shows.value.shows.find((s) => s.availability === 'available') : undefined
      if (!show) continue
      const overview = await call(runtime.services.dispatcher, 'seatmap.overview', { productId: show.productId })
      const section = overview.ok ? overview.value?.sections.find((s) => s.sectionAlias === 'Stalls Centre') : undefined
      if (section) request = { productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.sectionId, mode: 'HS', quantity: 2 }
      if (request) break
    }
    const held = await call(runtime.services.dispatcher, 'offers.request', request!)
    if (!held.ok) throw new Error(held.error.code)
    const heldIds = held.value.offer.sets.flat().map((s) => s.inventoryId)
    // Staging is unreachable here: the switch is tried before anything is saved, and refused in words.
    const switched = await ask('settings.update', { pin: PIN, patch: { backend: 'staging', mode: 'counter', boxOfficeEmail: 'boxoffice@venue.example' } })
    expect(switched).toMatchObject({ ok: false, error: { code: 'api.network', messageKey: 'errors.api.offline', retryable: true } })
    expect(await ask('settings.get', {})).toMatchObject({ ok: true, value: { backend: 'sandbox', mode: 'self-service' } })
    expect(pushed).toEqual([])
    // Still selling on the sandbox, the seats still held: the next customer is offered others.
    const again = await call(runtime.services.dispatcher, 'offers.request', request!)
    if (!again.ok) throw new Error(again.error.code)
    expect(again.value.offer.sets.flat().map((s) => s.inventoryId).some((id) => heldIds.includes(id))).toBe(false)
    await ask('holds.releaseAll', {})
  })

  it('never answers any channel with the secret, whatever it is asked', async () => {
    const replies: unknown[] = []
    const payloads = (channel: ChannelName): unknown[] => [
      {},
      { pin: PIN },
      { pin: PIN, backend: 'staging' },
      { pin: PIN, backend: 'staging', clientSecret: SECRET },
      { pin: PIN, patch: {} },
      { lang: 'EN_SG' },
      { productId: 10001 },
      { path: 'images/events/x.svg' },
      channel,
      null,
      SECRET,
    ]
    for (const channel of Object.keys(channels) as ChannelName[]) {
      for (const payload of payloads(channel)) replies.push(await ask(channel, payload))
    }
    replies.push(await ask('settings.get', {}), await ask('credentials.test', { pin: PIN, backend: 'staging' }))
    const text = JSON.stringify(replies)
    expect(text).not.toContain(SECRET)
    expect(text).not.toContain(Buffer.from(SECRET).toString('base64'))
    expect(replies.length).toBeGreaterThan(Object.keys(channels).length * 5)
  })

  it('locks the PIN after five wrong tries', async () => {
    for (let i = 0; i < 4; i++) expect(await ask('staff.verify', { pin: '9999' })).toMatchObject({ ok: true, value: { ok: false, reason: 'wrong' } })
    expect(await ask('staff.verify', { pin: '9999' })).toMatchObject({ ok: true, value: { ok: false, reason: 'locked' } })
    expect(await ask('staff.verify', { pin: PIN })).toMatchObject({ ok: true, value: { ok: false, reason: 'locked' } })
    expect(await ask('settings.update', { pin: PIN, patch: {} })).toMatchObject({ ok: false, error: { code: 'staff.locked', retryable: true } })
  })
})
