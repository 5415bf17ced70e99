import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { mountApp, unmountApp } from '../support/mount-app'

/**
 * A device the box office's hub revoked (main's side: tests/unit/hub-link/device-link.test.ts) says so
 * on every screen and offers no start; it comes back when main says it is back in service.
 */
afterEach(() => {
  unmountApp()
})

describe('out of service by the hub', () => {
  it('says so on the attract screen and the next, in the customer language, with touch-to-start off, until main says otherwise', async () => {
    const { root, services, find } = await mountApp()
    const revoke = async (revoked: boolean) => {
      services.system.setRevokedByHub(revoked)
      services.pushes.publish('system.changed', services.system.info())
      await flushPromises()
    }
    const start = () => root.querySelector<HTMLButtonElement>('[data-testid="touch-to-start"]')!
    expect(find('hub-out-of-service')).toBeNull()
    expect(start().disabled).toBe(false)

    await revoke(true)
    expect(find('hub-out-of-service')?.textContent).toContain('Out of service')
    expect(start().disabled).toBe(true)
    root.querySelector<HTMLElement>('[data-testid="language-ms-MY"]')!.click()
    await flushPromises()
    expect(find('hub-out-of-service')?.textContent).toContain('Tidak berfungsi')

    await revoke(false)
    expect(find('hub-out-of-service')).toBeNull()
    expect(start().disabled).toBe(false)
  })
})

describe('out of service by the box office (closed now or outside its hours: main decides)', () => {
  it("shows the manager's words as text on the attract screen, with touch-to-start off, until main opens it again", async () => {
    const { root, services, find } = await mountApp()
    const close = async (message: string | null) => {
      services.system.setClosedByHub(message === null ? null : { message })
      services.pushes.publish('system.changed', services.system.info())
      await flushPromises()
    }
    const start = () => root.querySelector<HTMLButtonElement>('[data-testid="touch-to-start"]')!
    const words = 'Tickets for tonight are on sale at the box office <b>now</b>'
    await close(words)
    const banner = find('hub-out-of-service')!
    expect(banner.textContent).toContain('Out of service')
    // The manager's text, as text: markup in it is shown, never made.
    expect(banner.textContent).toContain(words)
    expect(banner.querySelector('b')).toBeNull()
    expect(start().disabled).toBe(true)

    await close(null)
    expect(find('hub-out-of-service')).toBeNull()
    expect(start().disabled).toBe(false)
  })
})
