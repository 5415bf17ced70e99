import { flushPromises } from '@vue/test-utils'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import type { AppMode, HostKind } from '../../electron/contract'
import { inProcessSandbox } from '../support/in-process-sandbox'
import { startHostRuntime, type HostRuntime } from '../../electron/services/host-runtime'
import type { KioskControl } from '../../electron/services/kiosk-service'
import { RecordedKioskWindow } from '../support/kiosk-window'
import { mountApp, unmountApp, type MountedApp } from '../support/mount-app'
import { TEST_ENROLMENT_CODE, firstPin } from '../support/staff-runtime'

/**
 * The staff settings screen's "Leave kiosk mode": shown only in the Electron
 * app on a self-service machine, and it works through kiosk.exit with the PIN
 * staff signed in with (main checks it again). The kiosk window is a stand-in
 * for electron/main/kiosk.ts (Electron cannot run here).
 */
const PIN = '319746'
const quiet = { warn: () => {}, error: () => {} }
const runtimes: HostRuntime[] = []

async function staffSettingsOn(host: HostKind, kiosk: KioskControl | null, mode: AppMode = 'self-service'): Promise<MountedApp> {
  const runtime = await startHostRuntime({ enrolmentCode: TEST_ENROLMENT_CODE, mode, backend: 'sandbox' }, { appVersion: 't', host }, null, quiet, inProcessSandbox, null, kiosk)
  runtimes.push(runtime)
  await runtime.services.dispatcher.dispatch('staff.setPin', firstPin(PIN), { transport: 'test' })
  const app = await mountApp(runtime.services)
  await app.router.push({ name: 'staff' })
  await flushPromises()
  for (const digit of PIN) await app.click(`pin-${digit}`)
  await app.click('pin-enter')
  // The PIN is checked with scrypt in the services: wait for the screen rather than for a fixed time.
  await vi.waitFor(() => expect(app.find('admin-screen')).not.toBeNull(), { timeout: 15_000 })
  await flushPromises()
  return app
}

afterEach(() => unmountApp())
afterAll(async () => {
  for (const runtime of runtimes) await runtime.close()
})

// Each test checks a PIN with scrypt: seconds on a busy machine.
describe('leave kiosk mode (staff settings)', { timeout: 60_000 }, () => {
  it('is offered in the Electron app in self-service, leaves the kiosk with the PIN, and locks it again', async () => {
    const kiosk = new RecordedKioskWindow()
    const { find, click } = await staffSettingsOn('electron', kiosk)
    expect(find('kiosk-exit')?.textContent?.trim()).toBe('Leave kiosk mode')
    await click('kiosk-exit')
    await vi.waitFor(() => expect(kiosk).toMatchObject({ state: 'left', windowLocked: false, leaves: 1 }), { timeout: 15_000 })
    // What the screen shows comes from main's push, not from the click.
    await vi.waitFor(() => expect(find('kiosk-left')?.getAttribute('role')).toBe('status'))
    expect(find('kiosk-left')?.textContent).toContain('after 5 minutes on the welcome screen')
    expect(find('kiosk-exit')).toBeNull()
    await click('kiosk-lock-again')
    await vi.waitFor(() => expect(kiosk).toMatchObject({ state: 'locked', windowLocked: true }))
    await vi.waitFor(() => expect(find('kiosk-exit')).not.toBeNull())
    expect(find('kiosk-left')).toBeNull()
  })

  it('shows a kiosk that locked itself again (at rest, or on a mode change) as locked', async () => {
    const kiosk = new RecordedKioskWindow()
    const { find, click } = await staffSettingsOn('electron', kiosk)
    await click('kiosk-exit')
    await vi.waitFor(() => expect(find('kiosk-lock-again')).not.toBeNull(), { timeout: 15_000 })
    // Main locks it by itself (kiosk-service.ts does this at rest): the staff screen follows.
    kiosk.lockAgain()
    await vi.waitFor(() => expect(find('kiosk-exit')).not.toBeNull())
    expect(find('kiosk-lock-again')).toBeNull()
  })

  it('is not offered at a counter, which has no kiosk lock', async () => {
    const kiosk = new RecordedKioskWindow()
    const { find } = await staffSettingsOn('electron', kiosk, 'counter')
    expect(kiosk.state).toBe('none')
    expect(find('kiosk-exit')).toBeNull()
    expect(find('kiosk-lock-again')).toBeNull()
  })

  it('is not offered in the browser host, which has no kiosk window', async () => {
    const { find } = await staffSettingsOn('browser', null)
    expect(find('kiosk-exit')).toBeNull()
  })
})
