import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useDisplayStore } from '../../renderer/src/stores/display'
import { mountApp, unmountApp } from '../support/mount-app'

/**
 * High contrast and large text: the customer's choices, from a corner of
 * every screen, applied to the whole document, and forgotten for the next
 * customer.
 */
const mountKiosk = () => mountApp()

afterEach(() => {
  unmountApp()
  document.documentElement.className = ''
  vi.useRealTimers()
})

describe('display store', () => {
  it('starts plain, toggles each choice, and resets to the defaults', () => {
    setActivePinia(createPinia())
    const display = useDisplayStore()
    expect([display.highContrast, display.largeText, display.speech]).toEqual([false, false, false])
    display.toggleHighContrast()
    display.toggleLargeText()
    display.toggleSpeech()
    expect([display.highContrast, display.largeText, display.speech]).toEqual([true, true, true])
    display.toggleLargeText()
    expect(display.largeText).toBe(false)
    display.reset()
    expect([display.highContrast, display.largeText, display.speech]).toEqual([false, false, false])
  })
})

describe('display toggles', () => {
  it('are on the attract screen and the staff screen, labelled in the customer language, and restyle the whole document', async () => {
    const { find, click, router } = await mountKiosk()
    const html = document.documentElement
    expect(find('display-toggles')?.getAttribute('aria-label')).toBe('Display and speech')
    expect(find('toggle-contrast')?.textContent).toContain('High contrast')
    expect(find('toggle-contrast')?.getAttribute('aria-pressed')).toBe('false')
    expect(html.classList.contains('high-contrast')).toBe(false)

    await click('toggle-contrast')
    expect(find('toggle-contrast')?.getAttribute('aria-pressed')).toBe('true')
    expect(html.classList.contains('high-contrast')).toBe(true)
    await click('toggle-large-text')
    expect(html.classList.contains('large-text')).toBe(true)

    await click('language-ms-MY')
    expect(find('toggle-large-text')?.textContent).toContain('Teks lebih besar')
    expect(find('display-toggles')?.getAttribute('aria-label')).toBe('Paparan dan bacaan')

    // Another screen: the same control, the same state.
    await router.push({ name: 'staff' })
    await flushPromises()
    expect(find('staff-pin-screen')).not.toBeNull()
    expect(find('toggle-contrast')?.getAttribute('aria-pressed')).toBe('true')
    await click('toggle-contrast')
    expect(html.classList.contains('high-contrast')).toBe(false)
    expect(html.classList.contains('large-text')).toBe(true)
  })

  it('are put back to the defaults when the customer walks away (idle reset)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    const { find, click, router } = await mountKiosk()
    await click('toggle-contrast')
    await click('toggle-large-text')
    await router.push({ name: 'events' })
    await flushPromises()
    // The quiet time, then the warning's countdown, with nobody touching the screen.
    await vi.advanceTimersByTimeAsync(60_000 + 21_000)
    await flushPromises()
    expect(find('attract-screen')).not.toBeNull()
    expect(find('toggle-contrast')?.getAttribute('aria-pressed')).toBe('false')
    expect(document.documentElement.classList.contains('high-contrast')).toBe(false)
    expect(document.documentElement.classList.contains('large-text')).toBe(false)
  })
})
