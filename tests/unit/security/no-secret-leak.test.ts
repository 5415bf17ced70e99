import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channels, type ChannelName } from '../../../electron/contract'
import { call } from '../../../electron/ipc-core/dispatcher'
import { installedTerminal } from '../../../electron/payment/installed-terminal'
import { KeytarVault } from '../../../electron/vault/keytar-vault'
import { readBoundSecret } from '../../../electron/vault/origin-bound-secret'
import { readTerminalPassphrase } from '../../../electron/vault/terminal-passphrase'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { keychainUnavailableReason, onCi } from '../../support/keychain'
import { channelSamples, STAFF_PIN } from './channel-samples'
import { arbitraryPayloads, hostileValues } from './hostile-payloads'
import { startSecurityRig, type SecurityRig } from './security-rig'
import { firstPin } from '../../support/staff-runtime'

/**
 * The client secret goes into main and never comes back out: not in a reply
 * of any channel (well-formed requests, a whole sale, the fuzz storm, requests
 * that carry the secret themselves), not in a push, not in a log line, not in
 * an error's detail. Checked for the sandbox connection's secret, for one
 * stored through credentials.store in the OS keychain, and for the card
 * terminal's passphrase stored through terminal.storePassphrase (where a
 * keychain answers; CI must have one, like the other keychain tests).
 */
const vault = new KeytarVault()
const keychainReason = await keychainUnavailableReason(vault)
if (keychainReason && onCi()) throw new Error(`keychain required under CI: ${keychainReason}`)

const VAULT_SECRET = `leak-canary-${randomBytes(16).toString('hex')}`
const TERMINAL_PASSPHRASE = `leak-passphrase-${randomBytes(16).toString('hex')}`
const TENANT = `foyer-leak-${randomBytes(4).toString('hex')}`
const unreachable = { baseUrl: `https://127.0.0.1:9/api/v0/${TENANT}`, authUrl: `https://127.0.0.1:9/auth/v0/${TENANT}/oauth/token`, imageBaseUrl: 'https://127.0.0.1:9', tenant: TENANT, clientId: 'foyer-kiosk' }

let security: SecurityRig
/** Everything that left main: replies and pushes, as the renderer would receive them. */
const outbound: string[] = []

/** The secret as itself and in the encodings it travels in (basic auth, base64, URL). */
function needles(secret: string, clientId: string): string[] {
  return [
    secret,
    Buffer.from(secret).toString('base64'),
    Buffer.from(secret).toString('base64url'),
    Buffer.from(`${clientId}:${secret}`).toString('base64'),
    encodeURIComponent(secret),
  ]
}

async function ask(channel: string, payload: unknown): Promise<unknown> {
  const reply = await security.runtime.services.dispatcher.dispatch(channel, payload, { transport: 'test' })
  outbound.push(JSON.stringify(reply, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)))
  return reply
}

function expectNoLeak(secretNeedles: string[]): void {
  const logs = security.logLines
  expect(outbound.length).toBeGreaterThan(100)
  for (const needle of secretNeedles) {
    expect(outbound.filter((text) => text.includes(needle)), 'a reply or push carries the secret').toEqual([])
    expect(logs.filter((line) => line.includes(needle)), 'a log line carries the secret').toEqual([])
  }
}

beforeAll(async () => {
  security = await startSecurityRig()
  security.runtime.services.pushes.attach((name, payload) => void outbound.push(JSON.stringify({ name, payload })))
  expect(await call(security.runtime.services.dispatcher, 'staff.setPin', firstPin(STAFF_PIN))).toMatchObject({ ok: true })
})
afterAll(async () => {
  const installation = security?.settings.get().installationId
  await security?.close()
  if (!keychainReason) await vault.remove({ backend: 'staging', tenant: TENANT }).catch(() => {})
  if (!keychainReason && installation) await vault.remove({ terminalOf: installation }).catch(() => {})
})

describe('no reply carries the secret', () => {
  it('the sandbox connection’s secret: through a whole sale, every channel and the fuzz storm', async () => {
    const { rig } = security
    const { dispatcher } = security.runtime.services
    // A sale from seats to printed tickets, and the staff views of it.
    const invoice = await call(dispatcher, 'checkout.submit', { order: await heldOrderRequest(dispatcher, rig.direct) })
    if (!invoice.ok) throw new Error(invoice.error.code)
    outbound.push(JSON.stringify(invoice))
    await ask('checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    await ask('checkout.reprint', { saleId: invoice.value.saleId, what: 'receipt' })
    await ask('staff.salesNeedingAttention', { pin: STAFF_PIN })
    await ask('credentials.test', { pin: STAFF_PIN, backend: 'sandbox' })
    // Every channel, well-formed, then broken every way.
    const samples = await channelSamples(rig.direct)
    for (const [index, channel] of (Object.keys(channels) as ChannelName[]).entries()) {
      await ask(channel, samples[channel] ?? {})
      for (const payload of [...hostileValues(), ...arbitraryPayloads(20, index)]) await ask(channel, payload)
    }
    // Requests that carry the secret in a wrong or refused field must not echo it in their refusal
    // (a code or a channel name is the caller's own text and may be named back; a value is not).
    const carried = rig.sandbox.clientSecret
    await ask('catalogue.events', { lang: carried })
    await ask('catalogue.events', { lang: 'EN_SG', sort: carried })
    await ask('settings.update', { pin: STAFF_PIN, patch: { staging: { ...unreachable, clientId: carried, baseUrl: `http://${carried}.example` } } })
    await ask('staff.verify', { pin: carried })
    await ask('credentials.store', { pin: '0000', backend: 'staging', clientSecret: carried })
    await ask('credentials.store', { pin: STAFF_PIN, backend: 'sandbox', clientSecret: carried })
    await ask('credentials.store', { pin: STAFF_PIN, backend: 'staging', clientSecret: carried.repeat(500) })
    expectNoLeak(needles(carried, rig.sandbox.clientId))
  }, 180_000)

  it.skipIf(keychainReason !== null)('a secret stored through credentials.store: never read back by any channel', async () => {
    // ^ skipped here when no Secret Service answers: run it with scripts/with-keyring.sh (CI must).
    expect(await ask('settings.update', { pin: STAFF_PIN, patch: { staging: unreachable } })).toMatchObject({ ok: true })
    expect(await ask('credentials.store', { pin: STAFF_PIN, backend: 'staging', clientSecret: VAULT_SECRET })).toEqual({ ok: true, value: { stored: true } })
    expect(await readBoundSecret(vault, { backend: 'staging', tenant: TENANT }, unreachable)).toEqual({ state: 'ok', secret: VAULT_SECRET })
    expect(await ask('settings.get', {})).toMatchObject({ ok: true, value: { backends: { staging: { hasSecret: true } } } })
    // The connection test signs in with it (and fails: nothing listens there); its error must not carry it.
    expect(await ask('credentials.test', { pin: STAFF_PIN, backend: 'staging' })).toMatchObject({ ok: true, value: { ok: false } })
    for (const channel of Object.keys(channels)) {
      await ask(channel, {})
      await ask(channel, { pin: STAFF_PIN, backend: 'staging' })
    }
    expect(await ask('staff.verify', { pin: VAULT_SECRET })).toMatchObject({ ok: false })
    expectNoLeak(needles(VAULT_SECRET, unreachable.clientId))
  }, 60_000)

  it.skipIf(keychainReason !== null)('a terminal passphrase stored through terminal.storePassphrase: never read back, logged or saved', async () => {
    const { rig, settings, dataDir } = security
    const rootCertificatePath = join(dataDir, 'terminal-root.pem')
    await writeFile(rootCertificatePath, rig.sandbox.terminal.rootCertificatePem)
    const { address, poiid, keyIdentifier, keyVersion } = rig.sandbox.terminal
    const terminal = { address, poiid, keyIdentifier, keyVersion, environment: 'test', rootCertificatePath }
    expect(await ask('settings.update', { pin: STAFF_PIN, patch: { terminal } })).toMatchObject({ ok: true, value: { terminal: { hasPassphrase: false } } })
    expect(await ask('terminal.storePassphrase', { pin: STAFF_PIN, passphrase: TERMINAL_PASSPHRASE })).toEqual({ ok: true, value: { stored: true } })
    const installation = settings.get().installationId!
    expect(await readTerminalPassphrase(vault, installation, terminal)).toEqual({ state: 'ok', passphrase: TERMINAL_PASSPHRASE })
    expect(await ask('settings.get', {})).toMatchObject({ ok: true, value: { terminal: { hasPassphrase: true } } })
    await ask('terminal.test', { pin: STAFF_PIN })
    // In use: a vendor connection's terminal seals messages with it for the simulator, which does not share
    // that key and refuses them. What the adapter answers (the journal's and the staff screen's words) must not carry it.
    const vendorTerminal = installedTerminal(settings.get(), vault)!
    const checked = await vendorTerminal.check()
    expect(checked.state).toBe('key-refused')
    outbound.push(JSON.stringify(checked))
    outbound.push(JSON.stringify(await vendorTerminal.charge({ key: 'FY-LEAK-1', amountCents: 1_000, currency: 'SGD' })))
    outbound.push(JSON.stringify(await vendorTerminal.status('FY-LEAK-1')))
    outbound.push(String(await vendorTerminal.refund('FY-LEAK-1').catch((error: unknown) => (error as Error).message)))
    // Every channel, and refusals of requests that carry the passphrase where it does not belong.
    for (const channel of Object.keys(channels)) {
      await ask(channel, {})
      await ask(channel, { pin: STAFF_PIN, passphrase: TERMINAL_PASSPHRASE })
    }
    await ask('terminal.storePassphrase', { pin: '000000', passphrase: TERMINAL_PASSPHRASE })
    await ask('terminal.storePassphrase', { pin: STAFF_PIN, passphrase: TERMINAL_PASSPHRASE.repeat(500) })
    await ask('terminal.storePassphrase', { pin: STAFF_PIN, passphrase: `${TERMINAL_PASSPHRASE}\n` })
    for (const field of ['address', 'poiid', 'keyIdentifier', 'rootCertificatePath']) {
      await ask('settings.update', { pin: STAFF_PIN, patch: { terminal: { ...terminal, [field]: `${TERMINAL_PASSPHRASE} /x` } } })
    }
    await ask('settings.update', { pin: STAFF_PIN, patch: { terminal: { ...terminal, passphrase: TERMINAL_PASSPHRASE } } })
    expect(await ask('staff.verify', { pin: TERMINAL_PASSPHRASE })).toMatchObject({ ok: false })
    expectNoLeak(needles(TERMINAL_PASSPHRASE, keyIdentifier))
    expect(await readFile(join(dataDir, 'settings.json'), 'utf8')).not.toContain(TERMINAL_PASSPHRASE)
  }, 60_000)
})

if (keychainReason) {
  describe('no reply carries a stored secret', () => {
    it.skip(`needs the OS keychain: ${keychainReason}`, () => {})
  })
}
