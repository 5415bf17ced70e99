import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import PinPad from '../../renderer/src/components/PinPad.vue'

/**
 * The one PIN pad of the counter's sign-in and the settings' PIN screen: a
 * phone's layout, digits and clear reported to the screen, keyboard shortcuts
 * only where no PIN field takes the typing itself.
 */
describe('PinPad', () => {
  it('lays the keys out as a phone does and reports each tap', async () => {
    const wrapper = mount(PinPad, { props: { label: 'PIN pad', clearLabel: 'Clear', prefix: 'pin' } })
    expect(wrapper.findAll('button').map((b) => b.text())).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', 'Clear', '0'])
    expect(wrapper.get('[role="group"]').attributes('aria-label')).toBe('PIN pad')
    await wrapper.get('[data-testid="pin-7"]').trigger('click')
    await wrapper.get('[data-testid="pin-0"]').trigger('click')
    await wrapper.get('[data-testid="pin-clear"]').trigger('click')
    expect(wrapper.emitted('digit')).toEqual([['7'], ['0']])
    expect(wrapper.emitted('clear')).toHaveLength(1)
  })

  it('ties digits to keyboard keys only when asked, and takes the screen’s enter key last', () => {
    const plain = mount(PinPad, { props: { label: 'p', clearLabel: 'Clear', prefix: 'counter-pin' } })
    expect(plain.findAll('[aria-keyshortcuts]')).toHaveLength(0)
    const keyed = mount(PinPad, {
      props: { label: 'p', clearLabel: 'Clear', prefix: 'pin', keys: true },
      slots: { enter: '<button data-testid="pin-enter">Enter</button>' },
    })
    expect(keyed.get('[data-testid="pin-5"]').attributes('aria-keyshortcuts')).toBe('5')
    expect(keyed.get('[data-testid="pin-clear"]').attributes('aria-keyshortcuts')).toBe('Backspace Delete')
    expect(keyed.findAll('button').at(-1)!.attributes('data-testid')).toBe('pin-enter')
  })
})
