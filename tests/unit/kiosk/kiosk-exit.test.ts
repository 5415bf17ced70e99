import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserHost, type BrowserHost } from '../../../electron/browser-host/server'
import { adminMessageKeys } from '../../../electron/services/admin-service'
import { inProcessSandbox } from '../../support/in-process-sandbox'
import { startHostRuntime, type HostRuntime } from '../../../electron/services/host-runtime'
import { RecordedKioskWindow } from '../../support/kiosk-window'
import { startKioskHost, type Ask, TEST_ENROLMENT_CODE, firstPin } from '../../support/staff-runtime'
import { messages } from '../../../renderer/src/i18n/messages'

/**
 * kiosk.exit: staff leave the self-service kiosk lock with the staff PIN. The
 * hosts are started exactly as electron/main and the browser host start them
 * (startHostRuntime with the built-in sandbox), only the kiosk window is a
 * stand-in: Electron cannot run here.
 */
const quiet = { warn: () => {}, error: () => {} }
const PIN = '482615'

describe('kiosk.exit in the browser host', () => {
  let runtime: HostRuntime
  let host: BrowserHost
  const token = 'kiosk-exit-test-token-0123456789'
  beforeAll(async () => {
    runtime = await startHostRuntime({ enrolmentCode: TEST_ENROLMENT_CODE, mode: 'self-service', backend: 'sandbox' }, { appVersion: 't', host: 'browser' }, null, quiet, inProcessSandbox)
    host = await startBrowserHost({ services: runtime.services, rendererDir: '/nonexistent', token })
  })
  afterAll(async () => {
    await host?.close()
    await runtime?.close()
  })

  it('answers a typed "not here" over HTTP, with a worded message, and costs no PIN attempt', async () => {
    expect(await runtime.services.dispatcher.dispatch('staff.setPin', firstPin(PIN), { transport: 'test' })).toMatchObject({ ok: true })
    const response = await fetch(new URL('ipc/kiosk.exit', host.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pin: PIN }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      ok: false,
      error: { code: 'kiosk.not-here', messageKey: 'kiosk.errors.notHere', retryable: false, detail: 'this host has no kiosk window' },
    })
    expect(messages['en-SG'].kiosk.errors.notHere).toBeTruthy()
    expect(adminMessageKeys).toContain('kiosk.errors.notHere')
  })
})

describe('kiosk.exit with a kiosk window (as in Electron main)', () => {
  let runtime: HostRuntime
  let ask: Ask
  const kiosk = new RecordedKioskWindow()
  beforeAll(async () => {
    ;({ runtime, ask } = await startKioskHost(kiosk))
  })
  afterAll(() => runtime?.close())

  it('refuses before a PIN is set, and refuses a malformed PIN by the contract', async () => {
    expect(await ask('kiosk.exit', { pin: PIN })).toMatchObject({ ok: false, error: { code: 'staff.pin-not-set' } })
    expect(await ask('kiosk.exit', { pin: 'abcd' })).toMatchObject({ ok: false, error: { code: 'contract.invalid-request' } })
    expect(await ask('kiosk.exit', { pin: PIN, extra: 1 })).toMatchObject({ ok: false, error: { code: 'contract.invalid-request' } })
    expect(kiosk.state).toBe('locked')
  })

  it('keeps the kiosk locked on a wrong PIN, through the same lockout as every staff action', async () => {
    expect(await ask('staff.setPin', firstPin(PIN))).toMatchObject({ ok: true })
    expect(await ask('kiosk.exit', { pin: '0000' })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong', messageKey: 'errors.staff.pinWrong' } })
    expect(kiosk).toMatchObject({ state: 'locked', windowLocked: true, leaves: 0 })
    // Four more wrong tries (one through staff.verify) lock the gate: then even the right PIN is refused.
    for (const pin of ['1111', '2222', '3333']) await ask('kiosk.exit', { pin })
    expect(await ask('staff.verify', { pin: '5555' })).toMatchObject({ ok: true, value: { ok: false, reason: 'locked' } })
    expect(await ask('kiosk.exit', { pin: PIN })).toMatchObject({ ok: false, error: { code: 'staff.locked', retryable: true } })
    expect(kiosk).toMatchObject({ state: 'locked', windowLocked: true, leaves: 0 })
  })
})

describe('kiosk.exit with the right PIN', () => {
  let runtime: HostRuntime
  let ask: Ask
  const kiosk = new RecordedKioskWindow()
  beforeAll(async () => {
    ;({ runtime, ask } = await startKioskHost(kiosk))
  })
  afterAll(() => runtime?.close())

  it('leaves the kiosk once; asked again, there is no kiosk to leave', async () => {
    expect(await ask('staff.setPin', firstPin(PIN))).toMatchObject({ ok: true })
    expect(await ask('kiosk.exit', { pin: PIN })).toEqual({ ok: true, value: { left: true } })
    expect(kiosk).toMatchObject({ state: 'left', windowLocked: false, leaves: 1 })
    expect(await ask('kiosk.exit', { pin: PIN })).toMatchObject({ ok: false, error: { code: 'kiosk.not-here' } })
    expect(kiosk.leaves).toBe(1)
  })
})
