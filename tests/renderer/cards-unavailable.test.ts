import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { useCardTerminalStore } from '../../renderer/src/stores/card-terminal'
import { useCatalogueStore } from '../../renderer/src/stores/catalogue'
import { kioskOverSandbox } from '../support/kiosk-over-sandbox'
import { mountApp } from '../support/mount-app'
import { terminalControls } from '../support/terminal-controls'

/**
 * A self-service kiosk takes only cards: when its terminal does not answer,
 * the customer is told as they start looking (events, shows), before any seat
 * is chosen, and no show can be chosen; once the terminal answers again, it
 * sells. Real renderer, real main, the sandbox's terminal simulator unplugged
 * through its training controls.
 */
const kiosk = kioskOverSandbox()

const plugged = (online: boolean) => terminalControls(kiosk.rig.sandbox, kiosk.rig.direct).plug(online)

describe('a kiosk whose card terminal does not answer', () => {
  it('says so on the events and shows screens and lets no show be chosen, until the terminal answers again', async () => {
    await plugged(false)
    try {
      const { router, find, root } = await mountApp(kiosk.runtime.services)
      await router.push({ name: 'events' })
      await expect.poll(async () => (await flushPromises(), find('cards-unavailable')?.textContent ?? '')).toContain('Card payments are not working at this kiosk')
      expect(find('cards-unavailable')?.getAttribute('role')).toBe('alert')

      const catalogue = useCatalogueStore()
      await expect.poll(async () => (await flushPromises(), catalogue.events.length)).toBeGreaterThan(0)
      const onSale = catalogue.events.find((e) => e.sellStart === null || Date.parse(e.sellStart) < Date.now())!
      await catalogue.openEvent(onSale)
      await router.push({ name: 'shows', params: { code: onSale.code } })
      await expect.poll(async () => (await flushPromises(), root.querySelectorAll('[data-testid="show-list"] button.choose').length)).toBeGreaterThan(0)
      const choices = [...root.querySelectorAll<HTMLButtonElement>('[data-testid="show-list"] button.choose')]
      expect(find('cards-unavailable')).not.toBeNull()
      expect(choices.every((button) => button.disabled)).toBe(true)

      await plugged(true)
      // The kiosk asks again as a customer starts looking (not more often than every few seconds).
      await useCardTerminalStore().check(Date.now() + 60_000)
      await flushPromises()
      expect(find('cards-unavailable')).toBeNull()
      expect([...root.querySelectorAll<HTMLButtonElement>('[data-testid="show-list"] button.choose')].some((button) => !button.disabled)).toBe(true)
    } finally {
      await plugged(true)
    }
  })

  it('is not mentioned while the terminal answers', async () => {
    const { router, find } = await mountApp(kiosk.runtime.services)
    await useCardTerminalStore().check(Date.now() + 120_000)
    await router.push({ name: 'events' })
    await flushPromises()
    expect(useCardTerminalStore().ready).toBe(true)
    expect(find('cards-unavailable')).toBeNull()
  })
})
