import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vendorConnection } from '../../../electron/services/backend-connection'
import { inProcessSandbox } from '../../support/in-process-sandbox'
import { startHostRuntime, type HostRuntime } from '../../../electron/services/host-runtime'
import { checkBackendAnswers } from '../../../electron/services/sales-runtime'
import { DEFAULT_SETTINGS, type BackendConfig, type Settings } from '../../../electron/settings/settings-file'
import { KeytarVault } from '../../../electron/vault/keytar-vault'
import { bindLegacySecrets, readBoundSecret, storeBoundSecret } from '../../../electron/vault/origin-bound-secret'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { askOf, firstPin, TEST_ENROLMENT_CODE, type Ask } from '../../support/staff-runtime'
import { keychainUnavailableReason, onCi } from '../../support/keychain'

/**
 * The stored client secret goes only to the addresses it was entered for.
 * A real sandbox is the vendor; a second listener records every Authorization
 * header it is sent. Once staff point the token (or API) address at that
 * listener, the secret must not arrive there: it has to be entered again.
 * Needs the OS keychain (scripts/with-keyring.sh; CI must have one).
 */
const vault = new KeytarVault()
const reason = await keychainUnavailableReason(vault)
if (reason && onCi()) throw new Error(`keychain required under CI: ${reason}`)

const PIN = '246813'
let rig: ApiRig
let recorder: Server
let recorderOrigin: string
const authorizations: string[] = []
let config: BackendConfig
const ref = () => ({ backend: 'staging' as const, tenant: config.tenant })

/** Settings with `staging` as given, as the host hands them to vendorConnection. */
const settingsWith = (staging: BackendConfig) => ({ get: (): Settings => ({ ...DEFAULT_SETTINGS, backends: { staging, production: null } }) })

describe.skipIf(reason !== null)('a client secret is bound to the addresses it was entered for', () => {
  beforeAll(async () => {
    rig = await apiRig()
    recorder = createServer((req, res) => {
      if (req.headers.authorization) authorizations.push(req.headers.authorization)
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"errorCode":"unauthorized"}')
    })
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve))
    recorderOrigin = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`
    const { baseUrl, authUrl, imageBaseUrl, clientId } = rig.sandbox
    config = { baseUrl, authUrl, imageBaseUrl, tenant: `foyer-origin-${process.pid}`, clientId }
  })
  afterAll(async () => {
    await vault.remove(ref()).catch(() => {})
    await rig?.close()
    await new Promise((resolve) => recorder?.close(resolve))
  })

  it('sells where it was entered; a changed token or API address never receives it', async () => {
    await storeBoundSecret(vault, ref(), rig.sandbox.clientSecret, config)
    await checkBackendAnswers(vendorConnection('staging', settingsWith(config), vault))

    for (const moved of [
      { ...config, authUrl: `${recorderOrigin}/auth/v0/acme/oauth/token` },
      { ...config, baseUrl: `${recorderOrigin}/api/v0/acme`, authUrl: `${recorderOrigin}/oauth/token` },
      { ...config, baseUrl: `${recorderOrigin}/api/v0/acme` },
    ]) {
      const refused = checkBackendAnswers(vendorConnection('staging', settingsWith(moved), vault))
      await expect(refused).rejects.toMatchObject({ code: 'credentials.secret-other-address', messageKey: 'errors.settings.secretOtherAddress' })
      expect(await readBoundSecret(vault, ref(), moved)).toEqual({ state: 'other-address' })
    }
    expect(authorizations).toEqual([])

    // Entered again for the new address, it goes there (so the listener above would have seen it).
    const moved = { ...config, authUrl: `${recorderOrigin}/oauth/token` }
    await storeBoundSecret(vault, ref(), rig.sandbox.clientSecret, moved)
    await expect(checkBackendAnswers(vendorConnection('staging', settingsWith(moved), vault))).rejects.toBeDefined()
    expect(authorizations).toHaveLength(1)
    expect(Buffer.from(authorizations[0]!.replace(/^Basic /, ''), 'base64').toString()).toBe(`${config.clientId}:${rig.sandbox.clientSecret}`)
    // And no longer to the old one.
    expect(await readBoundSecret(vault, ref(), config)).toEqual({ state: 'other-address' })
  })

  it('a secret an older Foyer stored bare is bound, at start, to the addresses saved then', async () => {
    await vault.store(ref(), rig.sandbox.clientSecret)
    expect(await readBoundSecret(vault, ref(), config)).toEqual({ state: 'other-address' })
    await bindLegacySecrets(vault, { staging: config, production: null }, () => {})
    expect(await readBoundSecret(vault, ref(), config)).toEqual({ state: 'ok', secret: rig.sandbox.clientSecret })
    await checkBackendAnswers(vendorConnection('staging', settingsWith(config), vault))
  })
})

describe.skipIf(reason !== null)('staff changing a backend’s address (the staff channels)', () => {
  let runtime: HostRuntime
  let dataDir: string
  let ask: Ask
  const tenant = `foyer-readdress-${process.pid}`
  const at = (port: number, path = '') => ({
    baseUrl: `https://127.0.0.1:${port}/api/v0/${tenant}${path}`,
    authUrl: `https://127.0.0.1:${port}/auth/v0/${tenant}/oauth/token`,
    imageBaseUrl: `https://127.0.0.1:${port}`,
    tenant,
    clientId: 'foyer-kiosk',
  })

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'foyer-readdress-'))
    runtime = await startHostRuntime({ enrolmentCode: TEST_ENROLMENT_CODE }, { appVersion: 't', host: 'browser' }, dataDir, { warn: () => {}, error: () => {} }, inProcessSandbox)
    ask = askOf(runtime.services)
    expect(await ask('staff.setPin', firstPin(PIN))).toMatchObject({ ok: true })
  })
  afterAll(async () => {
    await runtime?.close()
    await vault.remove({ backend: 'staging', tenant }).catch(() => {})
    await rm(dataDir, { recursive: true, force: true })
  })

  it('a new origin: the stored secret no longer counts and must be entered again; a new path on the same origin keeps it', async () => {
    expect(await ask('settings.update', { pin: PIN, patch: { staging: at(9) } })).toMatchObject({ ok: true })
    expect(await ask('credentials.store', { pin: PIN, backend: 'staging', clientSecret: 'the-venue-secret' })).toEqual({ ok: true, value: { stored: true } })
    expect(await ask('settings.get')).toMatchObject({ ok: true, value: { backends: { staging: { hasSecret: true } } } })

    expect(await ask('settings.update', { pin: PIN, patch: { staging: at(9, '/v2') } })).toMatchObject({ ok: true, value: { backends: { staging: { hasSecret: true } } } })
    expect(await ask('settings.update', { pin: PIN, patch: { staging: at(10) } })).toMatchObject({ ok: true, value: { backends: { staging: { hasSecret: false } } } })
    expect(await ask('credentials.test', { pin: PIN, backend: 'staging' })).toMatchObject({
      ok: true,
      value: { ok: false, error: { code: 'credentials.secret-other-address', messageKey: 'errors.settings.secretOtherAddress' } },
    })

    expect(await ask('credentials.store', { pin: PIN, backend: 'staging', clientSecret: 'the-venue-secret' })).toMatchObject({ ok: true })
    expect(await ask('settings.get')).toMatchObject({ ok: true, value: { backends: { staging: { hasSecret: true } } } })
  })
})

if (reason) {
  describe('a client secret is bound to its addresses', () => {
    it.skip(`needs the OS keychain: ${reason}`, () => {})
  })
}
