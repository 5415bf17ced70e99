import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BackendKind, ChannelName } from '../../../electron/contract'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import { adminHandlers } from '../../../electron/services/admin-service'
import type { BackendConnection } from '../../../electron/services/backend-connection'
import { inProcessSandbox } from '../../support/in-process-sandbox'
import { startHostRuntime, type HostRuntime } from '../../../electron/services/host-runtime'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import type { Settings } from '../../../electron/settings/settings-schema'
import { SettingsFile } from '../../../electron/settings/settings-file'
import { KeytarVault } from '../../../electron/vault/keytar-vault'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { freePort as closedPort } from '../../support/free-port'
import { keychainUnavailableReason, onCi } from '../../support/keychain'
import { TEST_ENROLMENT_CODE, firstPin, testEnrolment, testStaff } from '../../support/staff-runtime'

/**
 * Staff switching the backend Foyer sells through: the new backend must
 * connect and answer before the old one is let go and before the switch is
 * saved. A switch that fails leaves everything as it was (settings on disk,
 * the old backend with its holds, nothing pushed); one that works gives the
 * old backend's holds back, sells through the new one, saves, and tells the
 * screens. Real sandboxes throughout; a second sandbox stands in for a vendor.
 */
const PIN = '246813'
const quiet = { warn: () => {}, error: () => {} }


/** A vendor configuration settings accept (https); where the connection really goes is up to the test's connect. */
const vendorConfig = (tenant: string, port = 9) => ({
  baseUrl: `https://127.0.0.1:${port}/api/v0/${tenant}`,
  authUrl: `https://127.0.0.1:${port}/auth/v0/${tenant}/oauth/token`,
  imageBaseUrl: `https://127.0.0.1:${port}`,
  tenant,
  clientId: 'foyer-kiosk',
})

/** Two seats in the Grand Theatre's Stalls Centre, found through Foyer's own channels. */
async function stallsRequest(dispatcher: Dispatcher) {
  const events = await call(dispatcher, 'catalogue.events', { lang: 'EN_SG', size: 100 })
  if (!events.ok) throw new Error(events.error.code)
  for (const event of events.value.events.filter((e) => e.venue === 'Grand Theatre')) {
    const shows = await call(dispatcher, 'catalogue.shows', { code: event.code, lang: 'EN_SG' })
    const show = shows.ok ? shows.value.shows.find((s) => s.availability === 'available') : undefined
    if (!show) continue
    const overview = await call(dispatcher, 'seatmap.overview', { productId: show.productId })
    const section = overview.ok ? overview.value?.sections.find((s) => s.sectionAlias === 'Stalls Centre') : undefined
    if (section) return { productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.sectionId, mode: 'HS' as const, quantity: 2 }
  }
  throw new Error('no Stalls Centre seats in the training data')
}

async function holdSeats(dispatcher: Dispatcher, request: Awaited<ReturnType<typeof stallsRequest>>): Promise<number[]> {
  const held = await call(dispatcher, 'offers.request', request)
  if (!held.ok) throw new Error(held.error.code)
  return held.value.offer.sets.flat().map((s) => s.inventoryId)
}

async function savedBackend(dataDir: string): Promise<BackendKind> {
  return (JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as { backend: BackendKind }).backend
}

describe('switching backend: connect and check the new one before letting the old one go', () => {
  let sandbox: ApiRig
  let vendor: ApiRig
  let runtime: Runtime
  let settings: SettingsFile
  let dataDir: string
  let pushed: string[]
  let connections: BackendKind[]
  const ask = <C extends ChannelName>(channel: C, request: unknown) => runtime.services.dispatcher.dispatch(channel, request, { transport: 'test' })

  /** Whether the sandbox still holds these seats for someone: if so, nobody else can reserve them. */
  async function heldAt(rig: ApiRig, productId: number, ids: number[]): Promise<boolean> {
    const attempt = await rig.direct.post(`/products/${productId}/seats`, { reservedSeatList: ids })
    if (attempt.body.status === 0) await rig.direct.post(`/products/${productId}/seats`, { releasedSeatList: ids })
    return attempt.body.status !== 0
  }

  beforeEach(async () => {
    ;[sandbox, vendor] = await Promise.all([apiRig(), apiRig()])
    const unreachable = await closedPort()
    dataDir = await mkdtemp(join(tmpdir(), 'foyer-backend-switch-'))
    settings = await SettingsFile.open(dataDir)
    const staff = await testStaff(dataDir)
    // The sandboxes outlive their connections, so the test can look at both after a switch.
    const over = (rig: ApiRig, kind: BackendKind, baseUrl = rig.sandbox.baseUrl): BackendConnection => ({
      endpoints: { ...rig.api.endpoints, kind, baseUrl, authUrl: baseUrl === rig.sandbox.baseUrl ? rig.sandbox.authUrl : `${baseUrl}/oauth/token` },
      secret: async () => rig.sandbox.clientSecret,
      holdWindowMs: 900_000,
      close: async () => {},
    })
    // Staging is a second real sandbox (unless its tenant is "acme-moved": nothing answers there);
    // production is configured but nothing answers at its address.
    connections = []
    const connect = async (kind: BackendKind, candidate?: Settings): Promise<BackendConnection> => {
      connections.push(kind)
      const moved = (candidate ?? settings.get()).backends.staging?.tenant === 'acme-moved'
      if (kind === 'sandbox') return over(sandbox, 'sandbox')
      if (kind === 'staging') return moved ? over(vendor, 'staging', `http://127.0.0.1:${unreachable}/api`) : over(vendor, 'staging')
      return over(vendor, 'production', `http://127.0.0.1:${unreachable}/api`)
    }
    runtime = await startRuntime({
      facts: { appVersion: 't', mode: 'self-service', host: 'browser' },
      dataDir,
      backend: 'sandbox',
      connect,
      log: quiet,
      staff: staff.check,
      admin: ({ sales, pushes, system }) => adminHandlers({ settings, vault: new KeytarVault(), ...staff, enrolment: testEnrolment(), sales, system, pushes, connect }),
    })
    pushed = []
    runtime.services.pushes.attach((name, payload) => name === 'system.changed' && pushed.push((payload as { backend: string }).backend))
    expect(await ask('staff.setPin', firstPin(PIN))).toMatchObject({ ok: true })
  })
  afterEach(async () => {
    await runtime.close()
    await Promise.all([sandbox.close(), vendor.close()])
    await rm(dataDir, { recursive: true, force: true })
  })

  it('a backend that does not answer: a typed error, nothing saved or pushed, the old backend keeps its holds and sells on', async () => {
    const request = await stallsRequest(runtime.services.dispatcher)
    const held = await holdSeats(runtime.services.dispatcher, request)
    // The production configuration comes in the same change as the switch to it.
    const refused = await ask('settings.update', { pin: PIN, patch: { backend: 'production', production: vendorConfig('acme-theatres') } })
    expect(refused).toMatchObject({ ok: false, error: { code: 'api.network', messageKey: 'errors.api.offline' } })

    expect(settings.get()).toMatchObject({ backend: 'sandbox', backends: { production: null } })
    expect(await ask('settings.get', {})).toMatchObject({ ok: true, value: { backend: 'sandbox' } })
    expect(await ask('system.info', {})).toMatchObject({ ok: true, value: { backend: 'sandbox' } })
    expect(pushed).toEqual([])
    expect(runtime.sales.kind).toBe('sandbox')
    // Still held, at the sandbox and on record, and the kiosk still sells there: the next offer gets other seats.
    expect(runtime.holds.status().count).toBe(2)
    expect(await heldAt(sandbox, request.productId, held)).toBe(true)
    const next = await holdSeats(runtime.services.dispatcher, request)
    expect(next.some((id) => held.includes(id))).toBe(false)
    expect(runtime.holds.status().count).toBe(4)
  })

  it('a backend that answers: old holds given back, the new one sells, then saved, then the screens are told', async () => {
    const request = await stallsRequest(runtime.services.dispatcher)
    const held = await holdSeats(runtime.services.dispatcher, request)
    expect(await heldAt(sandbox, request.productId, held)).toBe(true)

    const switched = await ask('settings.update', { pin: PIN, patch: { backend: 'staging', staging: vendorConfig('acme-staging') } })
    expect(switched).toMatchObject({ ok: true, value: { backend: 'staging', backends: { staging: { config: vendorConfig('acme-staging') } } } })
    expect(pushed).toEqual(['staging'])
    expect(await savedBackend(dataDir)).toBe('staging')
    expect(runtime.sales.kind).toBe('staging')
    // The sandbox's seats were given back; the next offer is held at staging.
    expect(await heldAt(sandbox, request.productId, held)).toBe(false)
    expect(runtime.holds.status().count).toBe(0)
    // A new backend, a new catalogue: its shows are listed again before its seats are asked for.
    expect(await stallsRequest(runtime.services.dispatcher)).toEqual(request)
    const atStaging = await holdSeats(runtime.services.dispatcher, request)
    expect(await heldAt(vendor, request.productId, atStaging)).toBe(true)
    expect(await heldAt(sandbox, request.productId, atStaging)).toBe(false)
  })

  it('new addresses for the backend in use: it connects to them (checked first) without waiting for a restart', async () => {
    expect(await ask('settings.update', { pin: PIN, patch: { backend: 'staging', staging: vendorConfig('acme-staging') } })).toMatchObject({ ok: true })
    const request = await stallsRequest(runtime.services.dispatcher)
    const held = await holdSeats(runtime.services.dispatcher, request)
    connections.length = 0

    // Addresses where nothing answers: refused, the old ones kept (saved and in use), the seats still held.
    const refused = await ask('settings.update', { pin: PIN, patch: { staging: vendorConfig('acme-moved') } })
    expect(refused).toMatchObject({ ok: false, error: { code: 'api.network' } })
    expect(connections).toEqual(['staging'])
    expect(settings.get().backends.staging).toMatchObject({ tenant: 'acme-staging' })
    expect(runtime.holds.status().count).toBe(2)
    expect(await heldAt(vendor, request.productId, held)).toBe(true)

    // Addresses that answer: connected to at once; the old connection's holds were given back first.
    const moved = await ask('settings.update', { pin: PIN, patch: { staging: { ...vendorConfig('acme-staging'), clientId: 'foyer-kiosk-2' } } })
    expect(moved).toMatchObject({ ok: true, value: { backend: 'staging', backends: { staging: { config: { clientId: 'foyer-kiosk-2' } } } } })
    expect(connections).toEqual(['staging', 'staging'])
    expect(runtime.holds.status().count).toBe(0)
    expect(await heldAt(vendor, request.productId, held)).toBe(false)
    expect(pushed).toEqual(['staging'])

    // Other settings (or the same addresses again) do not reconnect.
    expect(await ask('settings.update', { pin: PIN, patch: { idleSeconds: 120, staging: { ...vendorConfig('acme-staging'), clientId: 'foyer-kiosk-2' } } })).toMatchObject({ ok: true })
    expect(connections).toEqual(['staging', 'staging'])
  })

  it('a refused setting in the same change stops the switch before anything connects', async () => {
    const refused = await ask('settings.update', { pin: PIN, patch: { backend: 'staging', staging: vendorConfig('acme-staging'), idleSeconds: 1 } })
    expect(refused).toMatchObject({ ok: false, error: { code: 'settings.invalid' } })
    expect(runtime.sales.kind).toBe('sandbox')
    expect(settings.get().backends.staging).toBeNull()
  })
})

/**
 * The same through the host runtime as the app runs it: the vendor connection
 * with its secret in the OS keychain. Without a Secret Service these skip (and
 * fail under CI, which must prove the keychain works).
 */
const vault = new KeytarVault()
const reason = await keychainUnavailableReason(vault)
if (reason && onCi()) throw new Error(`keychain required under CI: ${reason}`)

describe.skipIf(reason !== null)('switching to a vendor backend that cannot be used (host runtime, keychain)', () => {
  const TENANT = `foyer-switch-${randomBytes(4).toString('hex')}`
  let runtime: HostRuntime
  let dataDir: string
  const pushed: string[] = []
  const ask = <C extends ChannelName>(channel: C, request: unknown) => runtime.services.dispatcher.dispatch(channel, request, { transport: 'test' })

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'foyer-backend-switch-host-'))
    runtime = await startHostRuntime({ enrolmentCode: TEST_ENROLMENT_CODE }, { appVersion: 't', host: 'browser' }, dataDir, quiet, inProcessSandbox)
    runtime.services.pushes.attach((name, payload) => name === 'system.changed' && pushed.push((payload as { backend: string }).backend))
    await ask('staff.setPin', firstPin(PIN))
  })
  afterAll(async () => {
    await runtime.close()
    await vault.remove({ backend: 'staging', tenant: TENANT }).catch(() => {})
    await rm(dataDir, { recursive: true, force: true })
  })

  /** Nothing changed: still on the sandbox (in memory and on disk), the hold kept, and a new offer works. */
  async function expectUnchanged(request: Awaited<ReturnType<typeof stallsRequest>>, held: number[]): Promise<void> {
    expect(runtime.settings.get().backend).toBe('sandbox')
    expect(await savedBackend(dataDir)).toBe('sandbox')
    expect(await ask('system.info', {})).toMatchObject({ ok: true, value: { backend: 'sandbox' } })
    expect(pushed).toEqual([])
    expect(runtime.sales.kind).toBe('sandbox')
    expect(runtime.sales.context?.holds.status().count).toBe(held.length)
    const next = await holdSeats(runtime.services.dispatcher, request)
    expect(next.some((id) => held.includes(id))).toBe(false)
    held.push(...next)
  }

  it('refuses a switch to staging with no client secret stored, and one whose address is a closed port', async () => {
    const request = await stallsRequest(runtime.services.dispatcher)
    const held = await holdSeats(runtime.services.dispatcher, request)
    // Saving an address is fine; selling through it needs the secret first.
    const port = await closedPort()
    expect(await ask('settings.update', { pin: PIN, patch: { staging: vendorConfig(TENANT, port) } })).toMatchObject({ ok: true })
    const noSecret = await ask('settings.update', { pin: PIN, patch: { backend: 'staging' } })
    expect(noSecret).toMatchObject({ ok: false, error: { code: 'credentials.missing', messageKey: 'errors.settings.secretMissing', retryable: false } })
    await expectUnchanged(request, held)

    expect(await ask('credentials.store', { pin: PIN, backend: 'staging', clientSecret: `s3cret-${randomBytes(8).toString('hex')}` })).toMatchObject({ ok: true })
    const closed = await ask('settings.update', { pin: PIN, patch: { backend: 'staging' } })
    expect(closed).toMatchObject({ ok: false, error: { code: 'api.network', messageKey: 'errors.api.offline' } })
    await expectUnchanged(request, held)
  })
})
