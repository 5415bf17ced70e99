import { flushPromises } from '@vue/test-utils'
import { expect, vi } from 'vitest'
import type { AppServices } from '../../electron/services/app-services'
import { mountApp, type MountedApp } from './mount-app'

/**
 * The staff screen's settings as a supervisor reaches them in the mounted app (./mount-app.ts), and
 * its buttons and fields as the settings-form tests work them.
 */

/** How long a button may stay disabled while the staff screen loads or saves, with both cores busy. */
const ENABLED = { timeout: 30_000 }

/** Clicks a button once the screen lets it be pressed: a tap while it is disabled is not taken. */
export async function press(app: MountedApp, testId: string): Promise<void> {
  await vi.waitFor(() => expect((app.find(testId) as HTMLButtonElement | null)?.disabled).toBe(false), ENABLED)
  await app.click(testId)
}

/** Types `value` into a field, as the keyboard would (one input event). */
export function type(app: MountedApp, testId: string, value: string): void {
  const input = app.find(testId) as HTMLInputElement
  input.value = value
  input.dispatchEvent(new Event('input'))
}

/**
 * The app on the staff screen, `pin` pressed on its pad, once the settings section `section` (its test
 * id) shows. The PIN is checked with scrypt in the services: over 30 s has been seen with both cores busy.
 */
export async function staffSettings(services: AppServices, pin: string, section: string): Promise<MountedApp> {
  const app = await mountApp(services)
  await app.router.push({ name: 'staff' })
  await flushPromises()
  for (const digit of pin) await press(app, `pin-${digit}`)
  await press(app, 'pin-enter')
  await vi.waitFor(() => expect(app.find(section)).not.toBeNull(), { timeout: 60_000 })
  return app
}
