import { flushPromises } from '@vue/test-utils'
import { nextTick } from 'vue'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppMode } from '../../electron/contract'
import { inProcessSandbox } from '../support/in-process-sandbox'
import { startHostRuntime, type HostRuntime } from '../../electron/services/host-runtime'
import { useCounterStore } from '../../renderer/src/stores/counter'
import { mountApp, unmountApp, type MountedApp } from '../support/mount-app'
import { TEST_ENROLMENT_CODE, firstPin } from '../support/staff-runtime'

/**
 * The real renderer app in counter mode, against the real staff services:
 * the sign-in is the first screen, sale screens stay behind it, the counter
 * bar appears once signed in, and self-service mode is untouched.
 */
const PIN = '579135'
const quiet = { warn: () => {}, error: () => {} }
const runtimes: HostRuntime[] = []
const dirs: string[] = []

async function runtimeIn(mode: AppMode): Promise<HostRuntime> {
  const dir = await mkdtemp(join(tmpdir(), 'foyer-counter-screen-'))
  const runtime = await startHostRuntime({ enrolmentCode: TEST_ENROLMENT_CODE, mode }, { appVersion: 't', host: 'browser' }, dir, quiet, inProcessSandbox)
  runtimes.push(runtime)
  dirs.push(dir)
  return runtime
}

const mountCounter = (runtime: HostRuntime) => mountApp(runtime.services)

let counterRuntime: HostRuntime
beforeAll(async () => {
  counterRuntime = await runtimeIn('counter')
})
afterEach(() => {
  unmountApp()
})
afterAll(async () => {
  for (const runtime of runtimes) await runtime.close()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

describe('the app in counter mode', () => {
  it('without a staff PIN, says staff must set one, and offers the staff settings', async () => {
    const { router, find } = await mountCounter(counterRuntime)
    expect(router.currentRoute.value.name).toBe('counter-sign-in')
    expect(find('counter-no-pin')?.textContent).toContain('Staff must set one in Staff settings first')
    expect(find('counter-pin')).toBeNull()
    find('counter-staff-settings')!.click()
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('staff')
  })

  it('opens on the sign-in, never the attract loop, and keeps sale screens behind it until signed in', async () => {
    await counterRuntime.services.dispatcher.dispatch('staff.setPin', firstPin(PIN), { transport: 'test' })
    const { root, router, find } = await mountCounter(counterRuntime)
    expect(router.currentRoute.value.name).toBe('counter-sign-in')
    expect(find('attract-screen')).toBeNull()
    expect(find('counter-bar')).toBeNull()
    expect(root.querySelector('.app-shell')?.getAttribute('data-mode')).toBe('counter')
    await router.push({ name: 'seats' })
    expect(router.currentRoute.value.name).toBe('counter-sign-in')

    // Your name (the first supervisor's), then the PIN typed on the pad; Sign in is offered only with 4 digits or more.
    typeName(find)
    for (const digit of PIN.slice(0, 3)) find(`counter-pin-${digit}`)!.click()
    await flushPromises()
    expect(find('counter-sign-in')!.hasAttribute('disabled')).toBe(true)
    for (const digit of PIN.slice(3)) find(`counter-pin-${digit}`)!.click()
    await flushPromises()
    find('counter-sign-in')!.click()
    // The PIN is checked with scrypt in main: real time, not just a microtask.
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('events'), { timeout: 15_000 })
    await flushPromises()
    expect(find('counter-bar')).not.toBeNull()
    expect(find('counter-new-sale')?.getAttribute('aria-keyshortcuts')).toBe('Alt+N')
    // Signed in, the attract loop is skipped.
    await router.push({ name: 'attract' })
    expect(router.currentRoute.value.name).toBe('events')

    find('counter-sign-out')!.click()
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('counter-sign-in'))
    expect(find('counter-bar')).toBeNull()
  })

  it('signs in on Enter even while the screen is still asking whether a PIN is set', async () => {
    await counterRuntime.services.dispatcher.dispatch('staff.setPin', { currentPin: PIN, newPin: PIN }, { transport: 'test' })
    const { router, find } = await mountCounter(counterRuntime)
    // The question the screen asks on arrival, still unanswered (a slow machine) when staff press Enter.
    const asking = useCounterStore().checkPinSet()
    expect(useCounterStore().busy).toBe(true)
    typeName(find)
    const field = find('counter-pin') as HTMLInputElement
    field.value = PIN
    field.dispatchEvent(new Event('input'))
    await nextTick()
    expect(find('counter-sign-in')!.hasAttribute('disabled')).toBe(false)
    field.form!.requestSubmit()
    await asking
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('events'), { timeout: 15_000 })
    find('counter-sign-out')!.click()
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('counter-sign-in'))
  })

  it('goes to the sign-in, saying why, when main signs the counter out for idleness', async () => {
    const { router, find } = await signedIn()
    // A touch is reported to main's own count (counter-idle.test.ts pins that it counts).
    const asked = vi.spyOn(counterRuntime.services.dispatcher, 'dispatch')
    document.dispatchEvent(new Event('pointerdown'))
    await flushPromises()
    expect(asked.mock.calls.map(([channel]) => channel)).toContain('counter.stillHere')
    asked.mockRestore()
    // Main's own count ran out (counter-idle.test.ts pins when): it signs out and says so.
    counterRuntime.services.counter.signOut()
    counterRuntime.services.pushes.publish('counter.signedOut', { why: 'idle', minutes: 7 })
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('counter-sign-in'))
    await flushPromises()
    expect(find('counter-auto-locked')?.textContent).toBe('Signed out after 7 minutes without use. Sign in again to go on.')
    expect(find('counter-bar')).toBeNull()
  })

  it('goes to the sign-in, saying why, when main signs the counter out because the hub disabled the account', async () => {
    const { router, find } = await signedIn()
    // The hub's staff pull found the account disabled (tests/unit/hub-link/hub-staff.test.ts pins that main does this).
    counterRuntime.services.counter.signOut()
    counterRuntime.services.pushes.publish('counter.signedOut', { why: 'account-disabled' })
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('counter-sign-in'))
    await flushPromises()
    expect(find('counter-account-disabled')?.textContent).toBe('Signed out: the box office manager has disabled this account.')
    expect(find('counter-auto-locked')).toBeNull()
  })

  it('refuses a wrong PIN on the screen, in words', async () => {
    const { find } = await mountCounter(counterRuntime)
    typeName(find)
    const field = find('counter-pin') as HTMLInputElement
    field.value = '000000'
    field.dispatchEvent(new Event('input'))
    await flushPromises()
    find('counter-sign-in')!.click()
    // scrypt, then the wrong try saved to disk (the lockout survives restarts): real time on a loaded machine.
    await vi.waitFor(() => expect(find('counter-sign-in-notice')?.textContent).toBe('That name and PIN do not match an active staff account.'), { timeout: 15_000 })
    expect(field.value).toBe('')
  })
})

/** The counter mounted and signed in by the first supervisor with the PIN typed and Sign in clicked, on the events screen. */
async function signedIn(): Promise<MountedApp> {
  const mounted = await mountCounter(counterRuntime)
  typeName(mounted.find)
  const field = mounted.find('counter-pin') as HTMLInputElement
  field.value = PIN
  field.dispatchEvent(new Event('input'))
  await flushPromises()
  mounted.find('counter-sign-in')!.click()
  await vi.waitFor(() => expect(mounted.router.currentRoute.value.name).toBe('events'), { timeout: 15_000 })
  return mounted
}

/** Staff sign in as themselves: the name of the first supervisor, whom staff.setPin enrolled. */
function typeName(find: (testId: string) => HTMLElement | null): void {
  const name = find('counter-name') as HTMLInputElement
  name.value = 'Supervisor'
  name.dispatchEvent(new Event('input'))
}

describe('the app in self-service mode', () => {
  it('is the kiosk as before: attract first, no sign-in, no counter bar, no counter sign-in screen', async () => {
    const { root, router, find } = await mountCounter(await runtimeIn('self-service'))
    expect(router.currentRoute.value.name).toBe('attract')
    expect(find('attract-screen')).not.toBeNull()
    expect(find('counter-bar')).toBeNull()
    expect(root.querySelector('.app-shell')?.getAttribute('data-mode')).toBe('self-service')
    await router.push({ name: 'counter-sign-in' })
    expect(router.currentRoute.value.name).toBe('attract')
  })
})
