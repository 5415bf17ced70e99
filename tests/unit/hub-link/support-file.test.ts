import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SUPPORT_FILE_PATHS, SupportFile, SupportFilesAnswer, SupportFileView } from '../../../hub/protocol'
import { supportFileAudit } from '../../../hub/storage/support-file-table'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import type { Runtime } from '../../../electron/services/runtime'
import { readHubDeviceToken } from '../../../electron/vault/hub-device-token'
import { KeytarVault } from '../../../electron/vault/keytar-vault'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { hubBehindProxyForFile } from '../../support/hub-behind-proxy'
import { managerBrowser, type ManagerBrowser } from '../../support/hub-manager'
import { keychainUnavailableReason, onCi } from '../../support/keychain'
import { firstPin } from '../../support/staff-runtime'
import { staffedRuntime } from '../../support/staffed-runtime'

/**
 * Issue #36 §5 from the device's side: a Foyer connected to a real hub (in-process, PGlite, through a relay), its vendor
 * secret, terminal passphrase and device token in the real keychain, and a log file that names all three
 * (as an older Foyer's, or a careless line, might). A manager asks for its support file; the device makes
 * it as "Save logs for support" does at its next heartbeat and sends it once; what the hub keeps and the
 * manager downloads holds none of the three.
 */
const vault = new KeytarVault()
const reason = await keychainUnavailableReason(vault)
if (reason && onCi()) throw new Error(`keychain required under CI: ${reason}`)

const PIN = '482615'
const TENANT = `foyer-support-${randomBytes(4).toString('hex')}`
const SECRET = `s3cret-${randomBytes(12).toString('hex')}`
const PASSPHRASE = `pass-${randomBytes(12).toString('hex')}`
const staging = { baseUrl: `https://127.0.0.1:9/api/v0/${TENANT}`, authUrl: `https://127.0.0.1:9/auth/v0/${TENANT}/oauth/token`, imageBaseUrl: 'https://127.0.0.1:9', tenant: TENANT, clientId: 'foyer-kiosk' }
const terminal = { address: '192.168.20.31', poiid: 'V400m-324688179', keyIdentifier: 'foyer_kiosk.key-1', keyVersion: 1, environment: 'live' as const, rootCertificatePath: '/etc/foyer/root.pem' }
const WAIT = { timeout: 30_000, interval: 100 }

describe.skipIf(reason !== null)('a support file asked for from the hub, made and sent by the device', () => {
  // The hub devices' tests use (its start given the time PGlite's migrations take on a busy machine).
  const hub = hubBehindProxyForFile()
  const dir = mkdtempSync(join(tmpdir(), 'foyer-support-link-'))
  const said: string[] = []
  let rig: ApiRig
  let runtime: Runtime
  let manager: ManagerBrowser
  let deviceId = ''
  let token = ''
  const dispatcher = (): Dispatcher => runtime.services.dispatcher
  const ask = async (channel: string, request: unknown) => call(dispatcher(), channel as never, request as never)

  beforeAll(async () => {
    rig = await apiRig()
    const log = { warn: (m: string) => said.push(m), error: (m: string) => said.push(m), info: (m: string) => said.push(m) }
    runtime = await staffedRuntime(rig, { mode: 'counter', dir, vault, log, hub: { vault, tuning: { intervalMs: 200 }, supportDir: dir } })
    expect(await ask('staff.setPin', { ...firstPin(PIN), name: 'Mei Ling' })).toMatchObject({ ok: true })
    expect(await ask('settings.update', { pin: PIN, patch: { staging, terminal } })).toMatchObject({ ok: true })
    expect(await ask('credentials.store', { pin: PIN, backend: 'staging', clientSecret: SECRET })).toEqual({ ok: true, value: { stored: true } })
    expect(await ask('terminal.storePassphrase', { pin: PIN, passphrase: PASSPHRASE })).toEqual({ ok: true, value: { stored: true } })
    // The manager reaches the hub itself (its own origin); the device, through the relay.
    manager = await managerBrowser(hub().hub.url)
    await manager.send('POST', '/api/managers/first', { code: hub().hub.firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })
    const { code } = await hub().hub.createDeviceEnrolmentCode({ name: 'Counter 1', place: 'Box office' })
    expect(await ask('hub.connect', { pin: PIN, address: hub().url, code, fingerprint: hub().hub.fingerprint })).toMatchObject({ ok: true })
    deviceId = (await hub().hub.devices()).find((d) => d.name === 'Counter 1')!.id
    token = (await readHubDeviceToken(vault, { deviceId, url: hub().url, fingerprint: hub().hub.fingerprint }))!
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // A log that names every secret: in fields of their names, and inside text.
    mkdirSync(join(dir, 'logs'), { recursive: true })
    const lines = [
      { level: 40, msg: 'connecting to the vendor', clientSecret: SECRET, passphrase: PASSPHRASE },
      { level: 40, msg: `the hub answered 401 to authorization: Bearer ${token}` },
      { level: 30, msg: 'a line support wants to read' },
    ]
    writeFileSync(join(dir, 'logs', 'foyer.2026-12-01.1.log'), `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`)
  }, 120_000)
  afterAll(async () => {
    await runtime?.close()
    await rig?.close()
    await vault.remove({ backend: 'staging', tenant: TENANT }).catch(() => {})
  })

  it('is sent at the next heartbeat, once, and downloads as the support file with the logs, journal and settings, without a secret', async () => {
    const answer = await manager.send('POST', SUPPORT_FILE_PATHS.ask(deviceId), {})
    const { id } = SupportFileView.parse(answer.body)
    await vi.waitFor(async () => {
      const listed = SupportFilesAnswer.parse((await manager.send('GET', SUPPORT_FILE_PATHS.list)).body).supportFiles
      expect(listed.find((f) => f.id === id)?.state).toBe('ready')
    }, WAIT)
    // Several heartbeats later, still sent once: the hub stopped asking, the device remembered.
    const beats = async () => Number(((await hub().db.query('SELECT last_heartbeat_at FROM devices WHERE id = $1', [deviceId])).rows[0] as { last_heartbeat_at: Date }).last_heartbeat_at.getTime())
    const after = await beats()
    await vi.waitFor(async () => expect(await beats()).toBeGreaterThan(after + 500), WAIT)
    expect(said.filter((line) => line === 'sent the support file the hub asked for')).toHaveLength(1)

    const downloaded = await manager.send('GET', SUPPORT_FILE_PATHS.download(id))
    expect(downloaded.status).toBe(200)
    const text = downloaded.bytes.toString('utf8')
    const file = SupportFile.parse(JSON.parse(text))
    expect(file.system).toMatchObject({ appVersion: 't', mode: 'counter' })
    expect(file.settings).toMatchObject({ pinSet: true, backends: { staging: { hasSecret: true, config: staging } }, terminal: { hasPassphrase: true } })
    expect(Array.isArray(file.journal)).toBe(true)
    const lines = file.logs.flatMap((log) => log.lines)
    expect(lines).toContainEqual({ level: 30, msg: 'a line support wants to read' })
    expect(lines).toHaveLength(3)
    // None of the three, in what the manager gets nor in what the hub keeps.
    const kept = ((await hub().db.query('SELECT content FROM support_files WHERE id = $1', [id])).rows[0] as { content: string }).content
    for (const secret of [SECRET, PASSPHRASE, token]) {
      expect(text.includes(secret)).toBe(false)
      expect(kept.includes(secret)).toBe(false)
    }
    expect((await supportFileAudit(hub().db, id)).map((a) => [a.what, a.manager_name])).toEqual([['asked', 'Mei Tan'], ['made', 'Mei Tan'], ['downloaded', 'Mei Tan']])
  }, 60_000)
})
