import { mkdtempSync } from 'node:fs'
import { readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OrderRequest } from '../../../electron/contract'
import { call } from '../../../electron/ipc-core/dispatcher'
import { openHostLog, type HostLog } from '../../../electron/logging/host-log'
import { type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { firstPin, startStaffHost, TEST_CASHIER } from '../../support/staff-runtime'
import { refusingVault, staffedRuntime } from '../../support/staffed-runtime'

/**
 * "Save logs for support" through the contract: one file in the data folder's support/ with the
 * logs, the journal's recent steps and the settings, and in it no patron data, no PIN, no secret.
 * A supervisor's PIN saves it; a cashier's does not.
 */
const SUPERVISOR = '482615'
const CASHIER = '913572'
let rig: ApiRig
let runtime: Runtime
let host: HostLog
let dir = ''

const patron = { email: 'jo.patron@example.com', firstName: 'Josephine', lastName: 'Pemberton', phone: '+65 6123 4567' }
const address = { addressLine1: '1 Esplanade Drive', postalCode: '038981', country: 'SG' }

beforeEach(async () => {
  rig = await apiRig()
  dir = mkdtempSync(join(tmpdir(), 'foyer-support-'))
  host = await openHostLog(dir, {})
  runtime = await staffedRuntime(rig, { mode: 'counter', dir, vault: refusingVault, log: host.log, admin: (db) => ({ support: { dataDir: dir, db, log: host.log } }) })
  runtime.services.counter.signIn(TEST_CASHIER)
})
afterEach(async () => {
  await runtime?.close()
  await host?.close()
  await rig?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('save logs for support', () => {
  it('writes one file with the logs, the recent journal steps and the settings, without patron data or secrets; a supervisor only', async () => {
    const { dispatcher } = runtime.services
    expect((await call(dispatcher, 'staff.setPin', firstPin(SUPERVISOR))).ok).toBe(true)
    expect((await call(dispatcher, 'staff.addAccount', { pin: SUPERVISOR, name: 'Casey', role: 'cashier', newPin: CASHIER })).ok).toBe(true)

    const held = await heldOrderRequest(dispatcher, rig.direct)
    const order: OrderRequest = { ...held, patron, deliveryAddress: address }
    const invoice = await call(dispatcher, 'checkout.submit', { order })
    if (!invoice.ok) throw new Error(invoice.error.code)
    const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
    expect(paid.ok && paid.value.state).toBe('confirmed')
    host.log.warn('could not release held seats', { seats: 2, email: patron.email, reason: `refused for ${patron.email}` })

    // A cashier's PIN is right, but the staff screen is a supervisor's; a wrong PIN is wrong. Neither writes anything.
    expect(await call(dispatcher, 'support.saveLogs', { pin: CASHIER })).toMatchObject({ ok: false, error: { code: 'staff.supervisor-needed' } })
    expect(await call(dispatcher, 'support.saveLogs', { pin: '000000' })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
    expect(await readdir(dir)).not.toContain('support')

    const saved = await call(dispatcher, 'support.saveLogs', { pin: SUPERVISOR })
    if (!saved.ok) throw new Error(saved.error.code)
    expect(saved.value.path).toBe(join(dir, 'support', saved.value.fileName))
    expect(await readdir(join(dir, 'support'))).toEqual([saved.value.fileName])
    const text = await readFile(saved.value.path, 'utf8')
    expect(saved.value.bytes).toBe(Buffer.byteLength(text))
    const bundle = JSON.parse(text) as { settings: Record<string, unknown>; journal: { saleId: string; step: string; detail: unknown }[]; logs: { file: string; lines: { msg?: string }[] }[] }

    expect(bundle.settings).toMatchObject({ mode: 'counter', backend: 'sandbox', pinSet: true })
    const steps = bundle.journal.filter((step) => step.saleId === invoice.value.saleId).map((step) => step.step)
    expect(steps).toEqual(expect.arrayContaining(['order-submitting', 'order-submitted', 'payment-approved', 'confirmed']))
    const logLines = bundle.logs.flatMap((file) => file.lines)
    expect(logLines.some((line) => line.msg === 'could not release held seats')).toBe(true)

    for (const privateText of [patron.email, patron.firstName, patron.lastName, patron.phone, address.addressLine1, address.postalCode, SUPERVISOR, CASHIER, rig.sandbox.clientSecret]) {
      expect(text, privateText).not.toContain(privateText)
    }
    // The PIN hashes kept beside the settings stay there.
    const accounts = await readFile(join(dir, 'staff-accounts.json'), 'utf8')
    for (const hash of accounts.match(/[A-Za-z0-9+/=_-]{32,}/g) ?? []) expect(text).not.toContain(hash)
  }, 60_000)

  it('is wired in the hosts: the staff host saves into its own data folder', async () => {
    const staffHost = await startStaffHost('foyer-support-host-', SUPERVISOR)
    try {
      const saved = await staffHost.ask('support.saveLogs', { pin: SUPERVISOR })
      expect(saved).toMatchObject({ ok: true, value: { path: expect.stringContaining(join(staffHost.dataDir, 'support')) } })
    } finally {
      await staffHost.close()
    }
  }, 60_000)
})
