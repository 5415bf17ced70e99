import { afterEach, describe, expect, it } from 'vitest'
import { createFoyerI18n } from '../../../renderer/src/i18n'
import { controlWords } from '../../../renderer/src/audio/control-words'
import { groupHolding, keypadMove, startControl } from '../../../renderer/src/audio/keypad-move'
import { keypadAction } from '../../../renderer/src/audio/keypad'

/**
 * The keypad's arrows on a screen's controls (audio/keypad-move.ts) and what
 * is said as the focus lands (audio/control-words.ts), on markup shaped as the
 * kiosk's screens are: a language row, a list of shows, a ticket type's
 * stepper, a modal dialog.
 */
afterEach(() => {
  document.body.innerHTML = ''
})

const page = (html: string) => {
  document.body.innerHTML = html
  return (id: string) => document.getElementById(id)!
}

const SCREEN = `
  <main>
    <h1>Shows</h1>
    <nav aria-label="Choose your language">
      <button id="en" aria-pressed="true">English</button><button id="zh" aria-pressed="false">简体中文</button><button id="ms" aria-pressed="false">Bahasa Melayu</button>
    </nav>
    <ul>
      <li><span id="d1">Saturday 12 December</span> <span id="t1">8 pm</span><button id="c1" aria-labelledby="d1 t1 c1">Choose</button></li>
      <li><button id="c2" disabled>Sold out</button></li>
      <li><span id="d3">Sunday 13 December</span><button id="c3" aria-labelledby="d3 c3" data-keypad-start>Choose</button></li>
    </ul>
    <div role="group" aria-label="Tickets: 2"><button id="less" aria-label="Fewer tickets">−</button><output>2</output><button id="more" aria-label="More tickets">+</button></div>
    <button id="hidden" style="display: none">Hidden</button>
  </main>
  <footer><div role="group" aria-label="Actions"><button id="back">Back</button><button id="next" data-keypad-start="1" disabled>Continue</button></div></footer>`

describe('the keypad arrows', () => {
  it('go left and right along a group, stop at its ends, and up and down from group to group', () => {
    const el = page(SCREEN)
    expect(keypadMove(null, 'down')?.to).toBe(el('en'))
    expect(keypadMove(el('en'), 'right')).toMatchObject({ to: el('zh'), edge: null, newGroup: false })
    expect(keypadMove(el('ms'), 'right')).toMatchObject({ to: el('ms'), edge: 'end' })
    expect(keypadMove(el('en'), 'left')).toMatchObject({ to: el('en'), edge: 'start' })
    // Down from anywhere in a row lands on the next group's first control; a disabled or hidden control is no stop.
    expect(keypadMove(el('zh'), 'down')).toMatchObject({ to: el('c1'), newGroup: true })
    expect(keypadMove(el('c1'), 'down')?.to).toBe(el('c3'))
    expect(keypadMove(el('c3'), 'down')?.to).toBe(el('less'))
    expect(keypadMove(el('more'), 'down')?.to).toBe(el('back'))
    expect(keypadMove(el('back'), 'down')).toMatchObject({ to: el('back'), edge: 'end' })
    expect(keypadMove(el('c1'), 'up')?.to).toBe(el('en'))
    expect(keypadMove(el('en'), 'up')).toMatchObject({ edge: 'start' })
  })

  it('treat a control standing alone as a row of one: left and right move on as up and down do', () => {
    const el = page(SCREEN)
    expect(keypadMove(el('c1'), 'right')?.to).toBe(el('c3'))
    expect(keypadMove(el('c3'), 'left')?.to).toBe(el('c1'))
  })

  it('keep to an open modal dialog, as its Escape does', () => {
    const el = page(`${SCREEN}<div role="alertdialog" aria-modal="true"><h2>Remove?</h2><button id="keep">Keep</button><button id="remove">Remove</button></div>`)
    expect(keypadMove(el('c1'), 'down')?.to).toBe(el('keep'))
    expect(keypadMove(el('keep'), 'down')?.to).toBe(el('remove'))
    expect(keypadMove(el('remove'), 'down')?.edge).toBe('end')
  })

  it('start a screen on its marked control that can be pressed, the main action first once it can', () => {
    const el = page(SCREEN)
    expect(startControl()).toBe(el('c3'))
    el('next').removeAttribute('disabled')
    expect(startControl()).toBe(el('next'))
  })

  it('are the keys a keypad sends, and nothing held with a modifier', () => {
    expect(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', 'Escape', 'F1'].map((key) => keypadAction({ key, altKey: false, ctrlKey: false, metaKey: false }))).toEqual([
      'up',
      'down',
      'left',
      'right',
      'select',
      'back',
      'help',
    ])
    expect(keypadAction({ key: 'ArrowDown', altKey: true, ctrlKey: false, metaKey: false })).toBeNull()
    expect(keypadAction({ key: 'q', altKey: false, ctrlKey: false, metaKey: false })).toBeNull()
  })
})

describe('what the focus landing on a control says', () => {
  const say = (id: string, locale = 'en-SG', withGroup = false) => {
    const i18n = createFoyerI18n(locale as 'en-SG')
    const control = document.getElementById(id)!
    return controlWords(control, groupHolding(control), (key, named) => i18n.global.t(key, named ?? {}), locale, { withGroup })
  }

  it('names the control, what it is, its state and where it is', () => {
    page(SCREEN)
    expect(say('c1')).toBe('Saturday 12 December, 8 pm, Choose, button, 1 of 3')
    expect(say('zh')).toBe('简体中文, button, not selected, 2 of 3')
    expect(say('en')).toBe('English, button, selected, 1 of 3')
  })

  it('says the group first as the focus comes into it, with its value', () => {
    page(SCREEN)
    expect(say('less', 'en-SG', true)).toBe('Tickets: 2. Fewer tickets, button, 1 of 2')
  })

  it('in the customer’s language, money as an amount in words', () => {
    page(`<ul><li><button id="pay">Pay S$1,234.50</button></li></ul><input id="search" type="search" placeholder="搜索活动">`)
    expect(say('pay')).toBe('Pay 1234 dollars and 50 cents, button')
    expect(say('pay', 'zh-CN')).toBe('Pay 1234新元50分, 按钮')
    expect(say('search', 'zh-CN')).toBe('搜索活动, 搜索框, 空')
    expect(say('pay', 'ms-MY')).toBe('Pay 1234 dolar 50 sen, butang')
  })

  it('never says a PIN, only how many digits it has', () => {
    page(`<label>PIN <input id="pin" type="password" value="482193"></label>`)
    expect(say('pin')).toBe('PIN, text field, 6 characters')
  })
})
