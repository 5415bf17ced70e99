import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { mountApp, unmountApp } from '../support/mount-app'

/**
 * The offline banner follows main's reachability, pushed with system.changed
 * (tests/unit/connectivity.test.ts shows main flipping it against a stopped
 * and restarted sandbox). Here: the renderer's side, on more than one screen.
 */

async function mountKiosk() {
  const { root, router, services, find } = await mountApp()
  const banner = () => find('offline-banner')
  const reachable = async (backendReachable: boolean) => {
    services.pushes.publish('system.changed', { ...services.system.info(), backendReachable })
    await flushPromises()
  }
  return { root, router, services, banner, reachable }
}

afterEach(() => {
  unmountApp()
})

describe('offline banner', () => {
  it('is absent while the backend answers', async () => {
    const { banner } = await mountKiosk()
    expect(banner()).toBeNull()
  })

  it('says so on every screen, in the customer language, while main cannot reach the backend, and clears itself', async () => {
    const { root, router, banner, reachable } = await mountKiosk()
    await reachable(false)
    expect(banner()?.getAttribute('role')).toBe('alert')
    expect(banner()?.textContent).toContain('The ticketing system cannot be reached right now.')
    expect(banner()?.textContent).toContain('ask a staff member')

    root.querySelector<HTMLElement>('[data-testid="language-zh-CN"]')!.click()
    await flushPromises()
    expect(banner()?.textContent).toContain('目前无法连接票务系统。')

    await router.push({ name: 'staff' })
    await flushPromises()
    expect(root.querySelector('[data-testid="staff-pin-screen"]')).not.toBeNull()
    expect(banner()?.textContent).toContain('目前无法连接票务系统。')

    await reachable(true)
    expect(banner()).toBeNull()
  })

  it('keeps the training band and the rest of the system facts as they were', async () => {
    const { root, reachable } = await mountKiosk()
    await reachable(false)
    expect(root.querySelector('[data-testid="training-band"]')).not.toBeNull()
    expect(root.querySelector('[data-testid="system-backend"]')?.textContent).toBe('Training backend')
  })
})
