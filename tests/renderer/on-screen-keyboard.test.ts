import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, ref } from 'vue'
import type { AppMode } from '../../electron/contract'
import OnScreenKeyboard from '../../renderer/src/components/OnScreenKeyboard.vue'
import { createFoyerI18n } from '../../renderer/src/i18n'
import type { KeyboardLayoutName } from '../../renderer/src/keyboard/layouts'
import { useSystemStore } from '../../renderer/src/stores/system'

/**
 * A self-service kiosk has no keyboard: each text field opens large on-screen
 * keys of its own when tapped, and they type into it. The counter keeps its
 * real keyboard: no keys there. (The whole path, tapped in Chromium on the
 * portrait kiosk, is tests/e2e/kiosk-keyboard.spec.ts.)
 */
function fieldWithKeys(mode: AppMode, layout: KeyboardLayoutName, locale: 'en-SG' | 'zh-CN' = 'en-SG', typed: string | undefined = '') {
  const pinia: Pinia = createPinia()
  setActivePinia(pinia)
  useSystemStore().info = { appName: 'Foyer', appVersion: 't', mode, backend: 'sandbox', host: 'browser', backendReachable: true, kioskLock: 'none' }
  const text = ref<string | undefined>(typed)
  const Field = defineComponent({
    components: { OnScreenKeyboard },
    setup: () => ({ text, layout }),
    template: `<OnScreenKeyboard v-model="text" :layout="layout" :maxlength="12"><label>Field <input v-model="text" data-testid="field" /></label></OnScreenKeyboard>
      <button data-testid="elsewhere">Elsewhere</button>`,
  })
  const wrapper = mount(Field, { attachTo: document.body, global: { plugins: [pinia, createFoyerI18n(locale)] } })
  return { wrapper, text }
}

/** A finger on a key: simple-keyboard types on the pointer going down. */
async function tap(wrapper: ReturnType<typeof mount>, key: string): Promise<void> {
  const button = wrapper.get(`[data-testid="on-screen-keyboard"] [data-testid="key-${key}"]`)
  await button.trigger('pointerdown')
  await button.trigger('pointerup')
  await button.trigger('click')
  await flushPromises()
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the on-screen keyboard', () => {
  it('opens under its field at a self-service kiosk, and its keys type into the field', async () => {
    const { wrapper, text } = fieldWithKeys('self-service', 'search')
    expect(wrapper.find('[data-testid="on-screen-keyboard"]').exists()).toBe(false)
    await wrapper.get('[data-testid="field"]').trigger('focusin')
    await flushPromises()
    for (const key of ['y', 'a', 'o', 'space', 'g', 'u', 'n', 'n', 'backspace']) await tap(wrapper, key)
    expect(text.value).toBe('yao gun')
    expect((wrapper.get('[data-testid="field"]').element as HTMLInputElement).value).toBe('yao gun')
  })

  it('has a button for every key, each with a name to read out and none that could send a form', async () => {
    const { wrapper } = fieldWithKeys('self-service', 'email', 'zh-CN')
    await wrapper.get('[data-testid="field"]').trigger('focusin')
    await flushPromises()
    const keys = wrapper.get('[data-testid="on-screen-keyboard"]')
    expect(keys.attributes('role')).toBe('group')
    expect(keys.attributes('aria-label')).toBe('屏幕键盘')
    const buttons = keys.findAll('button')
    expect(buttons.length).toBeGreaterThan(36)
    for (const button of buttons) {
      expect(button.attributes('type')).toBe('button')
      expect(button.attributes('aria-label') ?? button.text()).not.toBe('')
    }
    expect(keys.get('[data-testid="key-backspace"]').attributes('aria-label')).toBe('删除最后一个字母')
    for (const ending of ['@', '.', '.com', '.sg']) expect(keys.find(`[data-testid="key-${ending}"]`).exists(), ending).toBe(true)
  })

  it('starts a name in capitals, and stops at the field’s length', async () => {
    const { wrapper, text } = fieldWithKeys('self-service', 'name')
    await wrapper.get('[data-testid="field"]').trigger('focusin')
    await flushPromises()
    for (const key of ['M', 'e', 'i', 'space', 'L', 'i', 'n', 'g', 'space', 'T', 'a', 'n', 'n']) await tap(wrapper, key)
    expect(text.value).toBe('Mei Ling Tan')
  })

  it('closes with its Done key once the tap has landed, not as the finger goes down (the list would move under it)', async () => {
    const { wrapper } = fieldWithKeys('self-service', 'code')
    await wrapper.get('[data-testid="field"]').trigger('focusin')
    await flushPromises()
    const done = wrapper.get('[data-testid="key-done"]')
    await done.trigger('pointerdown')
    await done.trigger('pointerup')
    await flushPromises()
    expect(wrapper.find('[data-testid="on-screen-keyboard"]').exists()).toBe(true)
    await done.trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="on-screen-keyboard"]').exists()).toBe(false)
  })

  it('is not there at the counter, which has a real keyboard', async () => {
    const { wrapper } = fieldWithKeys('counter', 'search')
    await wrapper.get('[data-testid="field"]').trigger('focusin')
    await flushPromises()
    expect(wrapper.find('[data-testid="on-screen-keyboard"]').exists()).toBe(false)
  })
})

describe('a PIN for a staff account', () => {
  it('is typed on a pad of digits, into a field that had no text at all yet', async () => {
    const { wrapper, text } = fieldWithKeys('self-service', 'digits', 'en-SG', undefined)
    await wrapper.get('[data-testid="field"]').trigger('focusin')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="on-screen-keyboard"] button').map((b) => b.text())).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '⌫', '0', 'Done'])
    for (const key of ['7', '3', '9']) await tap(wrapper, key)
    expect(text.value).toBe('739')
  })
})

describe('a key pressed without a finger', () => {
  it('types once, by Enter or Space on it (a click with no pointer before it)', async () => {
    const { wrapper, text } = fieldWithKeys('self-service', 'code')
    await wrapper.get('[data-testid="field"]').trigger('focusin')
    await flushPromises()
    await wrapper.get('[data-testid="key-E"]').trigger('click')
    await tap(wrapper, '2')
    expect(text.value).toBe('E2')
  })
})
