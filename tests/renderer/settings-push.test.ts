import { createPinia, setActivePinia } from 'pinia'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { inProcessSandbox } from '../support/in-process-sandbox'
import { startHostRuntime, type HostRuntime } from '../../electron/services/host-runtime'
import { provideFoyer } from '../../renderer/src/bridge/foyer'
import { useIdleStore } from '../../renderer/src/stores/idle'
import { useSettingsStore } from '../../renderer/src/stores/settings'
import { useShiftStore } from '../../renderer/src/stores/shift'
import { useStaffStore } from '../../renderer/src/stores/staff'
import { createInProcessFoyer } from '../support/in-process-foyer'
import { TEST_ENROLMENT_CODE, firstPin } from '../support/staff-runtime'

/**
 * One settings store, fed by main's push: a change staff save reaches every
 * screen's store without a reload, and the times they count with (the kiosk's
 * quiet time, the counter's sign-out minutes, the drawer's tolerance) are the new ones.
 */
const PIN = '581372'
const quiet = { warn: () => {}, error: () => {} }
const SAVE = { timeout: 15_000 }
let runtime: HostRuntime

beforeAll(async () => {
  runtime = await startHostRuntime({ enrolmentCode: TEST_ENROLMENT_CODE, mode: 'self-service', backend: 'sandbox' }, { appVersion: 't', host: 'browser' }, null, quiet, inProcessSandbox)
  await runtime.services.dispatcher.dispatch('staff.setPin', firstPin(PIN), { transport: 'test' })
})
beforeEach(() => {
  setActivePinia(createPinia())
  provideFoyer(createInProcessFoyer(runtime.services))
})
afterEach(() => {
  useSettingsStore().dispose()
  provideFoyer(null)
})
afterAll(async () => {
  await runtime.close()
})

describe('the settings store', { timeout: 60_000 }, () => {
  it('asks main once, then every reader shares the answer', async () => {
    const settings = useSettingsStore()
    const [first, second] = await Promise.all([settings.ready(), settings.ready()])
    expect(first).toBe(second)
    expect(first?.idleSeconds).toBe(useIdleStore().quietSeconds)
  })

  it('takes a change saved on the staff screen, pushed by main, without asking again', async () => {
    const settings = useSettingsStore()
    const before = await settings.ready()
    const idle = useIdleStore()
    const shift = useShiftStore()
    expect(idle.quietSeconds).toBe(before!.idleSeconds)

    // The staff screen in another window (its own stores) saves new times.
    const staffWindow = createPinia()
    setActivePinia(staffWindow)
    const staff = useStaffStore()
    expect((await staff.unlock(PIN)).ok).toBe(true)
    const next = { idleSeconds: before!.idleSeconds + 45, counterLockMinutes: before!.counterLockMinutes + 2, cashToleranceCents: before!.cashToleranceCents + 100 }
    expect(await staff.save(next)).toBe(true)
    useSettingsStore().dispose()

    // This window's stores never asked again: the push brought the saved view.
    await vi.waitFor(() => expect(settings.view?.idleSeconds).toBe(next.idleSeconds), SAVE)
    expect(idle.quietSeconds).toBe(next.idleSeconds)
    expect(settings.view?.counterLockMinutes).toBe(next.counterLockMinutes)
    expect(shift.toleranceCents).toBe(next.cashToleranceCents)
  })
})
