import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import { type Runtime } from '../../../electron/services/runtime'
import { STAFF_FILE, StaffAccounts } from '../../../electron/settings/staff-accounts'
import { hashPin } from '../../../electron/settings/staff-pin'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { countOf } from '../../support/cash-count'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { firstPin } from '../../support/staff-runtime'
import { staffedRuntime } from '../../support/staffed-runtime'

/**
 * Staff are people: a cashier signs in as themselves and everything they do
 * is filed under their name; refunds, a drawer over the tolerance and the
 * settings are a supervisor's, who is either signed in or types their PIN for
 * that one action. Before, one shared PIN signed in nobody in particular.
 */
const SUPERVISOR_PIN = '482615'
const CASHIER_PIN = '739104'
let rig: ApiRig
let runtime: Runtime
let dir: string

beforeEach(async () => {
  rig = await apiRig()
  dir = mkdtempSync(join(tmpdir(), 'foyer-staff-roles-'))
  runtime = await staffedRuntime(rig, { mode: 'counter', dir })
}, 60_000)
afterEach(async () => {
  await runtime.close()
  await rig.close()
})

/** The first supervisor (enrolment) and a cashier they add; the cashier signed in. */
async function cashierAtCounter(dispatcher: Dispatcher): Promise<void> {
  expect(await call(dispatcher, 'staff.setPin', { ...firstPin(SUPERVISOR_PIN), name: 'Mei Ling' })).toMatchObject({ ok: true })
  expect(await call(dispatcher, 'staff.addAccount', { pin: SUPERVISOR_PIN, name: 'Aisha Rahman', role: 'cashier', newPin: CASHIER_PIN })).toMatchObject({
    ok: true,
    value: { name: 'Aisha Rahman', role: 'cashier', disabled: false },
  })
  expect(await call(dispatcher, 'counter.signIn', { name: 'aisha  rahman', pin: CASHIER_PIN })).toMatchObject({ ok: true, value: { ok: true, staff: { name: 'Aisha Rahman', role: 'cashier' } } })
}

async function cashSale(dispatcher: Dispatcher): Promise<{ saleId: string; amountCents: number }> {
  const order = { ...(await heldOrderRequest(dispatcher, rig.direct)), paymentMethodCode: 'CASH' }
  const invoice = await call(dispatcher, 'checkout.submit', { order })
  if (!invoice.ok) throw new Error(invoice.error.code)
  const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'cash', tenderedCents: invoice.value.amountCents })
  expect(paid).toMatchObject({ ok: true, value: { state: 'confirmed' } })
  return { saleId: invoice.value.saleId, amountCents: invoice.value.amountCents }
}

describe('staff accounts', () => {
  it('keeps only scrypt hashes on disk, signs in by name and own PIN, and refuses a cashier the settings', async () => {
    const { dispatcher } = runtime.services
    await cashierAtCounter(dispatcher)
    const file = readFileSync(join(dir, STAFF_FILE), 'utf8')
    expect(file).not.toContain(CASHIER_PIN)
    expect(file).not.toContain(SUPERVISOR_PIN)
    // At a test run's cost (tests/support/test-pin-cost.ts); a kiosk's is pinned in staff-pin.test.ts.
    expect(file.match(/"pinHash": "scrypt\$\d+\$8\$1\$/g)).toHaveLength(2)

    expect(await call(dispatcher, 'counter.signIn', { name: 'Mei Ling', pin: CASHIER_PIN })).toMatchObject({ ok: true, value: { ok: false, reason: 'wrong' } })
    expect(await call(dispatcher, 'counter.whoIsIn', {})).toMatchObject({ ok: true, value: { name: 'Aisha Rahman' } })
    expect(await call(dispatcher, 'staff.verify', { pin: CASHIER_PIN })).toEqual({ ok: true, value: { ok: false, reason: 'not-supervisor' } })
    expect(await call(dispatcher, 'settings.update', { pin: CASHIER_PIN, patch: { idleSeconds: 90 } })).toMatchObject({ ok: false, error: { code: 'staff.supervisor-needed' } })
    expect(await call(dispatcher, 'staff.accounts', { pin: CASHIER_PIN })).toMatchObject({ ok: false, error: { code: 'staff.supervisor-needed' } })
    const accounts = await call(dispatcher, 'staff.accounts', { pin: SUPERVISOR_PIN })
    expect(JSON.stringify(accounts)).not.toMatch(/scrypt|pinHash/)

    // A disabled cashier cannot sign in again; the last supervisor cannot be disabled.
    if (!accounts.ok) throw new Error(accounts.error.code)
    const [supervisor, cashier] = [accounts.value.find((a) => a.role === 'supervisor')!, accounts.value.find((a) => a.role === 'cashier')!]
    expect(await call(dispatcher, 'staff.disableAccount', { pin: SUPERVISOR_PIN, staffId: supervisor.staffId })).toMatchObject({ ok: false, error: { code: 'staff.last-supervisor' } })
    expect(await call(dispatcher, 'staff.disableAccount', { pin: SUPERVISOR_PIN, staffId: cashier.staffId })).toMatchObject({ ok: true, value: { disabled: true } })
    expect(await call(dispatcher, 'counter.signIn', { name: 'Aisha Rahman', pin: CASHIER_PIN })).toMatchObject({ ok: true, value: { ok: false, reason: 'wrong' } })
  }, 180_000)

  it('files the sale under the cashier; a refund needs a supervisor, whose PIN approves that refund only', async () => {
    const { dispatcher } = runtime.services
    await cashierAtCounter(dispatcher)
    expect(await call(dispatcher, 'shift.open', { floatCents: 10_000 })).toMatchObject({ ok: true, value: { openedBy: { name: 'Aisha Rahman' } } })
    const sale = await cashSale(dispatcher)
    expect(await call(dispatcher, 'shift.sales', {})).toMatchObject({ ok: true, value: [{ saleId: sale.saleId, soldBy: 'Aisha Rahman', refundedBy: null }] })

    expect(await call(dispatcher, 'checkout.refund', { saleId: sale.saleId })).toMatchObject({ ok: false, error: { code: 'staff.supervisor-needed' } })
    expect(await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: CASHIER_PIN })).toMatchObject({ ok: false, error: { code: 'staff.supervisor-needed', messageKey: 'staff.errors.cashierPin' } })
    const refunded = await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: SUPERVISOR_PIN })
    expect(refunded).toMatchObject({ ok: true, value: { state: 'refunded', askedBy: { name: 'Aisha Rahman' }, approvedBy: { name: 'Mei Ling', role: 'supervisor' } } })
    expect(await call(dispatcher, 'shift.sales', {})).toMatchObject({ ok: true, value: [{ state: 'refunded', soldBy: 'Aisha Rahman', refundedBy: 'Mei Ling', refundAskedBy: 'Aisha Rahman' }] })
    // The cash went back out of the drawer: it is expected no more; the sale stays sold and the refund is its own line.
    const x = await call(dispatcher, 'shift.current', {})
    expect(x).toMatchObject({ ok: true, value: { expectedCashCents: 10_000, cash: { sales: 1, refunds: 1, refundedCents: sale.amountCents, netCents: 0 }, cashier: { name: 'Aisha Rahman' } } })
    // Refunded once: a second refund of the same sale is refused.
    expect(await call(dispatcher, 'checkout.refund', { saleId: sale.saleId, approvalPin: SUPERVISOR_PIN })).toMatchObject({ ok: false, error: { code: 'checkout.not-refundable' } })
  }, 180_000)

  it('locks a supervisor\'s approval PIN after wrong tries, in the same words as every staff lockout', async () => {
    const { dispatcher } = runtime.services
    await cashierAtCounter(dispatcher)
    const saleId = '00000000-0000-4000-8000-000000000000'
    for (const pin of ['111111', '222222', '333333', '444444', '555555']) await call(dispatcher, 'checkout.refund', { saleId, approvalPin: pin })
    expect(await call(dispatcher, 'checkout.refund', { saleId, approvalPin: SUPERVISOR_PIN })).toMatchObject({
      ok: false,
      error: { code: 'staff.locked', messageKey: 'errors.staff.locked', retryable: true },
    })
    expect(await call(dispatcher, 'settings.update', { pin: SUPERVISOR_PIN, patch: {} })).toMatchObject({
      ok: false,
      error: { code: 'staff.locked', messageKey: 'errors.staff.locked', retryable: true },
    })
  }, 180_000)

  it('closes within the tolerance alone; over it, only with a supervisor, who the Z report names', async () => {
    const { dispatcher } = runtime.services
    await cashierAtCounter(dispatcher)
    expect(await call(dispatcher, 'shift.open', { floatCents: 10_000 })).toMatchObject({ ok: true })
    // S$5 tolerance by default: S$20 short is over it.
    const short = countOf(8_000)
    expect(await call(dispatcher, 'shift.close', { count: short })).toMatchObject({ ok: false, error: { code: 'staff.supervisor-needed' } })
    expect(await call(dispatcher, 'shift.close', { count: short, approvalPin: CASHIER_PIN })).toMatchObject({ ok: false, error: { code: 'staff.supervisor-needed' } })
    expect(await call(dispatcher, 'shift.current', {})).toMatchObject({ ok: true, value: { kind: 'X' } })
    const z = await call(dispatcher, 'shift.close', { count: short, approvalPin: SUPERVISOR_PIN })
    expect(z).toMatchObject({
      ok: true,
      value: { kind: 'Z', varianceCents: -2_000, toleranceCents: 500, cashier: { name: 'Aisha Rahman' }, openedBy: { name: 'Aisha Rahman' }, approvedBy: { name: 'Mei Ling' } },
    })

    // Within the tolerance (S$3 over), the cashier closes alone and nobody is named as approving.
    expect(await call(dispatcher, 'shift.open', { floatCents: 10_000 })).toMatchObject({ ok: true })
    expect(await call(dispatcher, 'shift.close', { count: countOf(10_300) })).toMatchObject({ ok: true, value: { varianceCents: 300, approvedBy: null } })
  }, 180_000)
})

describe('an older Foyer upgraded in place', () => {
  it('turns the one shared PIN into a supervisor named "Supervisor", who keeps signing in with it', async () => {
    const legacy = await hashPin('246813')
    const upgraded = mkdtempSync(join(tmpdir(), 'foyer-staff-upgrade-'))
    const accounts = await StaffAccounts.open(upgraded, legacy)
    expect(accounts.list()).toMatchObject([{ name: 'Supervisor', role: 'supervisor', pinHash: legacy, disabledAt: null }])
    expect(await accounts.signIn('supervisor', '246813')).toMatchObject({ name: 'Supervisor' })
    // Kept on disk: the next start reads the accounts, whatever settings.json still says.
    const again = await StaffAccounts.open(upgraded, null)
    expect(again.hasSupervisor()).toBe(true)
  }, 120_000)
})
