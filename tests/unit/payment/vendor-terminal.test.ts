import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BackendKind, ChannelName } from '../../../electron/contract'
import { adminHandlers } from '../../../electron/services/admin-service'
import { vendorConnection, type BackendConnection } from '../../../electron/services/backend-connection'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { newTerminalChain } from '../../../electron/sandbox/terminal/terminal-certificates'
import type { Settings } from '../../../electron/settings/settings-schema'
import { SettingsFile } from '../../../electron/settings/settings-file'
import { KeytarVault } from '../../../electron/vault/keytar-vault'
import { storeBoundSecret } from '../../../electron/vault/origin-bound-secret'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest, sandboxConnection } from '../../support/checkout-fixtures'
import { firstPin, testEnrolment, testStaff } from '../../support/staff-runtime'
import { keychainUnavailableReason, onCi } from '../../support/keychain'
import { terminalControls } from '../../support/terminal-controls'

/**
 * A kiosk on a vendor backend pays at the card terminal staff set up on the
 * staff screen. A real sandbox stands in for the vendor (its API, as a staging
 * backend) and its Terminal API simulator for the venue's Adyen terminal,
 * trusted through a root certificate file as Adyen's would be. The passphrase
 * is in the OS keychain (scripts/with-keyring.sh; CI must have one).
 */
const vault = new KeytarVault()
const reason = await keychainUnavailableReason(vault)
if (reason && onCi()) throw new Error(`keychain required under CI: ${reason}`)

const PIN = '246813'
const TENANT = `foyer-terminal-${randomBytes(4).toString('hex')}`

describe.skipIf(reason !== null)('the card terminal of a vendor backend, as set up on the staff screen', () => {
  let rig: ApiRig
  let runtime: Runtime
  let settings: SettingsFile
  let dataDir: string
  let rootFile: string
  const replies: string[] = []
  const logLines: string[] = []

  async function ask(channel: ChannelName, request: unknown) {
    const reply = await runtime.services.dispatcher.dispatch(channel, request, { transport: 'test' })
    replies.push(JSON.stringify(reply))
    return reply
  }

  /** The simulator as a box office would enter its terminal. */
  const simulator = (overrides: Record<string, unknown> = {}) => ({
    address: rig.sandbox.terminal.address,
    poiid: rig.sandbox.terminal.poiid,
    keyIdentifier: rig.sandbox.terminal.keyIdentifier,
    keyVersion: rig.sandbox.terminal.keyVersion,
    environment: 'test',
    rootCertificatePath: rootFile,
    ...overrides,
  })
  const setTerminal = (terminal: Record<string, unknown>) => ask('settings.update', { pin: PIN, patch: { terminal } })
  const storePassphrase = (passphrase = rig.sandbox.terminal.passphrase) => ask('terminal.storePassphrase', { pin: PIN, passphrase })
  const testTerminal = async () => {
    const reply = await ask('terminal.test', { pin: PIN })
    if (!reply.ok) throw new Error(reply.error.code)
    return reply.value as { state: string; detail: string }
  }

  /** A sale of two seats paid by card: what checkout answered, and what the terminal itself recorded for it. */
  async function sellByCard(): Promise<{ state: string; taken: { state: string; saleId: string }[] }> {
    const { dispatcher } = runtime.services
    const order = await heldOrderRequest(dispatcher, rig.direct)
    const invoice = await ask('checkout.submit', { order })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const { saleId, reference } = invoice.value as { saleId: string; reference: string }
    const paid = await ask('checkout.pay', { saleId, tender: 'card' })
    if (!paid.ok) throw new Error(paid.error.code)
    const state = (paid.value as { state: string }).state
    // Nothing left held for the next sale: an order not paid for is voided.
    if (state !== 'confirmed') await ask('checkout.cancel', { saleId })
    const transactions = await terminalControls(rig.sandbox, rig.direct).transactions()
    return { state, taken: transactions.filter((t) => t.transactionId.startsWith(`${reference}-`)) }
  }

  beforeAll(async () => {
    rig = await apiRig()
    dataDir = await mkdtemp(join(tmpdir(), 'foyer-vendor-terminal-'))
    rootFile = join(dataDir, 'adyen-terminal-root.pem')
    await writeFile(rootFile, rig.sandbox.terminal.rootCertificatePem)
    settings = await SettingsFile.open(dataDir)
    const staff = await testStaff(dataDir)
    // The vendor is the rig's sandbox on plain http, which settings rightly refuse: its addresses stand in for the saved ones.
    const api = { baseUrl: rig.sandbox.baseUrl, authUrl: rig.sandbox.authUrl, imageBaseUrl: rig.sandbox.imageBaseUrl }
    const connect = async (kind: BackendKind, candidate?: Settings): Promise<BackendConnection> => {
      if (kind === 'sandbox') return sandboxConnection(rig)
      const chosen = candidate ?? settings.get()
      const staging = chosen.backends.staging && { ...chosen.backends.staging, ...api }
      return vendorConnection(kind, { get: () => ({ ...chosen, backends: { ...chosen.backends, staging } }) }, vault)
    }
    const record = (message: string, fields?: Record<string, unknown>) =>
      void logLines.push(JSON.stringify({ message, fields }, (_key, value: unknown) => (value instanceof Error ? { message: value.message, stack: value.stack } : value)))
    runtime = await startRuntime({
      facts: { appVersion: 't', mode: 'self-service', host: 'browser' },
      dataDir,
      backend: 'sandbox',
      connect,
      log: { warn: record, error: record },
      checkout: { sleep: async () => {} },
      staff: staff.check,
      admin: ({ sales, pushes, system }) => adminHandlers({ settings, vault, ...staff, enrolment: testEnrolment(), sales, system, pushes, connect }),
    })
    expect(await ask('staff.setPin', firstPin(PIN))).toMatchObject({ ok: true })
    const placeholder = { baseUrl: `https://127.0.0.1:9/api/v0/${TENANT}`, authUrl: `https://127.0.0.1:9/oauth/token`, imageBaseUrl: 'https://127.0.0.1:9', tenant: TENANT, clientId: rig.sandbox.clientId }
    expect(await ask('settings.update', { pin: PIN, patch: { staging: placeholder } })).toMatchObject({ ok: true })
    await storeBoundSecret(vault, { backend: 'staging', tenant: TENANT }, rig.sandbox.clientSecret, api)
  }, 60_000)

  afterAll(async () => {
    await runtime?.close()
    await rig?.close()
    const id = settings?.get().installationId
    if (id) await vault.remove({ terminalOf: id }).catch(() => {})
    await vault.remove({ backend: 'staging', tenant: TENANT }).catch(() => {})
    await rm(dataDir, { recursive: true, force: true })
  })

  it('on the training backend, Test terminal asks the sandbox’s own simulator, whatever is set up for vendors', async () => {
    expect(await testTerminal()).toMatchObject({ state: 'ready' })
    // A terminal set up (no passphrase yet) changes nothing for training.
    expect(await setTerminal(simulator({ address: '127.0.0.1:9' }))).toMatchObject({ ok: true, value: { terminal: { hasPassphrase: false } } })
    expect(await testTerminal()).toMatchObject({ state: 'ready' })
  })

  it('a staging backend takes no card before the passphrase is stored, then sells by card at that terminal', async () => {
    expect(await setTerminal(simulator())).toMatchObject({ ok: true })
    expect(await ask('settings.update', { pin: PIN, patch: { backend: 'staging' } })).toMatchObject({ ok: true, value: { backend: 'staging' } })
    expect(runtime.sales.kind).toBe('staging')

    expect(await testTerminal()).toMatchObject({ state: 'passphrase-missing', detail: expect.stringContaining('no passphrase is stored') })
    expect(await ask('checkout.terminal', {})).toMatchObject({ ok: true, value: { cards: true, state: 'key-refused', testCards: [] } })
    const before = await sellByCard()
    expect(before).toEqual({ state: 'unavailable', taken: [] })

    expect(await storePassphrase()).toEqual({ ok: true, value: { stored: true } })
    expect(await ask('settings.get', {})).toMatchObject({ ok: true, value: { terminal: { hasPassphrase: true, saleId: settings.get().installationId } } })
    expect(await testTerminal()).toMatchObject({ state: 'ready' })
    const sold = await sellByCard()
    expect(sold.state).toBe('confirmed')
    // Paid at that terminal, as this installation's till.
    expect(sold.taken).toEqual([expect.objectContaining({ state: 'approved', saleId: settings.get().installationId })])
  }, 60_000)

  it('a passphrase entered for another terminal address is never used: no card taken, and Test terminal says why', async () => {
    // The same simulator under another name: the kiosk reconnects to it at once, without the old passphrase.
    const moved = simulator({ address: rig.sandbox.terminal.address.replace('127.0.0.1', 'localhost') })
    expect(await setTerminal(moved)).toMatchObject({ ok: true, value: { terminal: { hasPassphrase: false } } })
    expect(await testTerminal()).toMatchObject({ state: 'passphrase-other-terminal' })
    expect(await sellByCard()).toEqual({ state: 'unavailable', taken: [] })
    // Entered again for it, it sells; the address and port spelled another way are the same terminal.
    expect(await storePassphrase()).toMatchObject({ ok: true })
    expect((await sellByCard()).state).toBe('confirmed')
    expect(await setTerminal(simulator())).toMatchObject({ ok: true, value: { terminal: { hasPassphrase: false } } })
    expect(await storePassphrase()).toMatchObject({ ok: true })
  }, 60_000)

  it('a root certificate file that does not exist, or is not the terminal’s root: untrusted, and nothing taken', async () => {
    const foreign = join(dataDir, 'foreign-root.pem')
    await writeFile(foreign, newTerminalChain(rig.sandbox.terminal.poiid).rootPem)
    const notACertificate = join(dataDir, 'notes.txt')
    await writeFile(notACertificate, 'the terminal root goes here')
    for (const path of [join(dataDir, 'no-such-root.pem'), foreign, notACertificate]) {
      // The file is no part of what the passphrase is bound to: it stays stored.
      expect(await setTerminal(simulator({ rootCertificatePath: path }))).toMatchObject({ ok: true, value: { terminal: { hasPassphrase: true } } })
      expect(await testTerminal()).toMatchObject({ state: 'untrusted' })
      expect(await ask('checkout.terminal', {})).toMatchObject({ ok: true, value: { state: 'untrusted' } })
      expect(await sellByCard()).toEqual({ state: 'unavailable', taken: [] })
    }
    expect(await setTerminal(simulator())).toMatchObject({ ok: true })
    expect(await testTerminal()).toMatchObject({ state: 'ready' })
  }, 90_000)

  it('another terminal at that address, or a passphrase the terminal does not share: said in words', async () => {
    expect(await setTerminal(simulator({ poiid: 'V400m-111111111' }))).toMatchObject({ ok: true })
    expect(await storePassphrase()).toMatchObject({ ok: true })
    expect(await testTerminal()).toMatchObject({ state: 'wrong-terminal', detail: expect.stringContaining(rig.sandbox.terminal.poiid) })

    expect(await setTerminal(simulator())).toMatchObject({ ok: true })
    expect(await storePassphrase('not-the-terminal-passphrase')).toMatchObject({ ok: true })
    expect(await testTerminal()).toMatchObject({ state: 'key-refused' })
    expect(await sellByCard()).toEqual({ state: 'unavailable', taken: [] })
    expect(await storePassphrase()).toMatchObject({ ok: true })
  }, 60_000)

  it('the passphrase never appears in a reply, a log line or the settings file', async () => {
    const passphrase = rig.sandbox.terminal.passphrase
    expect(replies.length).toBeGreaterThan(20)
    expect(replies.filter((text) => text.includes(passphrase))).toEqual([])
    expect(logLines.filter((line) => line.includes(passphrase))).toEqual([])
    const file = await readFile(join(dataDir, 'settings.json'), 'utf8')
    expect(file).not.toContain(passphrase)
    expect(JSON.parse(file)).toMatchObject({ terminal: simulator(), installationId: settings.get().installationId })
  })
})

if (reason) {
  describe('the card terminal of a vendor backend', () => {
    it.skip(`needs the OS keychain: ${reason}`, () => {})
  })
}
