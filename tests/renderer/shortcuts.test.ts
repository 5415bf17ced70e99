import { afterEach, describe, expect, it } from 'vitest'
import { findShortcutTarget, handleShortcut, matchesShortcut, parseShortcuts, rememberPointer } from '../../renderer/src/composables/shortcuts'

/**
 * The counter's one shortcut mechanism: controls declare aria-keyshortcuts,
 * one keydown handler finds the visible, enabled control and operates it.
 */
afterEach(() => {
  document.body.innerHTML = ''
  rememberPointer(null)
})

/** Builds the page from HTML and records which controls were clicked. */
function page(html: string): string[] {
  document.body.innerHTML = html
  const clicked: string[] = []
  for (const element of document.querySelectorAll<HTMLElement>('[data-testid]')) element.addEventListener('click', () => clicked.push(element.dataset.testid!))
  return clicked
}

/** Presses a key on `target` (the focused element) and lets the handler see it, as the document listener would. */
function press(init: KeyboardEventInit, target: Element = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  handleShortcut(event)
  return event
}

describe('aria-keyshortcuts values', () => {
  it('parses modifiers and keys, case-insensitively, several per value, "+" as a key', () => {
    expect(parseShortcuts('Alt+N')).toEqual([{ modifiers: new Set(['alt']), key: 'n' }])
    expect(parseShortcuts('Backspace  delete')).toEqual([
      { modifiers: new Set(), key: 'backspace' },
      { modifiers: new Set(), key: 'delete' },
    ])
    expect(parseShortcuts('+')).toEqual([{ modifiers: new Set(), key: '+' }])
    expect(parseShortcuts('Control++')).toEqual([{ modifiers: new Set(['control']), key: '+' }])
    // A modifier alone is not a shortcut.
    expect(parseShortcuts('Shift')).toEqual([])
  })

  it('matches modifiers exactly, Shift only where it is not part of typing the character', () => {
    const [altN] = parseShortcuts('Alt+N')
    const key = (init: Partial<KeyboardEvent>) => ({ key: '', code: '', altKey: false, ctrlKey: false, shiftKey: false, metaKey: false, ...init })
    expect(matchesShortcut(key({ key: 'n', code: 'KeyN', altKey: true }), altN!)).toBe(true)
    // macOS types a different character with Option held; the physical key still counts.
    expect(matchesShortcut(key({ key: '˜', code: 'KeyN', altKey: true }), altN!)).toBe(true)
    expect(matchesShortcut(key({ key: 'n', code: 'KeyN' }), altN!)).toBe(false)
    expect(matchesShortcut(key({ key: 'N', code: 'KeyN', altKey: true, shiftKey: true }), altN!)).toBe(false)
    expect(matchesShortcut(key({ key: 'n', code: 'KeyN', altKey: true, ctrlKey: true }), altN!)).toBe(false)
    const [plus] = parseShortcuts('+')
    expect(matchesShortcut(key({ key: '+', code: 'Equal', shiftKey: true }), plus!)).toBe(true)
    expect(matchesShortcut(key({ key: '+', code: 'NumpadAdd' }), plus!)).toBe(true)
    const [enter] = parseShortcuts('Enter')
    expect(matchesShortcut(key({ key: 'Enter', shiftKey: true }), enter!)).toBe(false)
  })
})

describe('the shortcut handler', () => {
  it('clicks the control that declares the key, and spends the key', () => {
    const clicked = page(`<button data-testid="back" aria-keyshortcuts="Escape">Back</button><button data-testid="go" aria-keyshortcuts="Enter">Go</button>`)
    const escape = press({ key: 'Escape' })
    press({ key: 'Enter' })
    expect(clicked).toEqual(['back', 'go'])
    expect(escape.defaultPrevented).toBe(true)
    // A key nothing declares is left alone.
    expect(press({ key: 'x' }).defaultPrevented).toBe(false)
  })

  it('skips hidden and disabled controls and takes the first one that can act', () => {
    const clicked = page(`
      <div hidden><button data-testid="in-hidden" aria-keyshortcuts="1">A</button></div>
      <div style="display: none"><button data-testid="in-undisplayed" aria-keyshortcuts="1">B</button></div>
      <button data-testid="disabled" aria-keyshortcuts="1" disabled>C</button>
      <button data-testid="aria-disabled" aria-keyshortcuts="1" aria-disabled="true">D</button>
      <button data-testid="first" aria-keyshortcuts="1">E</button>
      <button data-testid="second" aria-keyshortcuts="1">F</button>`)
    press({ key: '1', code: 'Digit1' })
    expect(clicked).toEqual(['first'])
  })

  it('focuses (and selects) a text field that declares the key, without typing the key into it', () => {
    page(`<input type="search" data-testid="search" aria-keyshortcuts="/" value="kopi" />`)
    const event = press({ key: '/', code: 'Slash' })
    const search = document.querySelector('input')!
    expect(document.activeElement).toBe(search)
    expect(event.defaultPrevented).toBe(true)
    expect(search.selectionStart).toBe(0)
    expect(search.selectionEnd).toBe(4)
  })

  it('leaves typing in a text field alone, but takes Escape and Alt combinations from it', () => {
    const clicked = page(`
      <input type="search" data-testid="search" aria-keyshortcuts="/" />
      <button data-testid="plus" aria-keyshortcuts="+">+</button>
      <button data-testid="back" aria-keyshortcuts="Escape">Back</button>
      <button data-testid="new-sale" aria-keyshortcuts="Alt+N">New sale</button>`)
    const search = document.querySelector('input')!
    search.focus()
    for (const key of ['/', '+', 'k']) expect(press({ key }, search).defaultPrevented, key).toBe(false)
    press({ key: 'n', code: 'KeyN', altKey: true }, search)
    press({ key: 'Escape' }, search)
    expect(clicked).toEqual(['new-sale', 'back'])
  })

  it('lets a form submit itself on Enter, but takes Enter from a field outside a form', () => {
    const clicked = page(`
      <form><input type="password" data-testid="pin" /><button type="button" data-testid="sign-in" aria-keyshortcuts="Enter">Sign in</button></form>
      <input type="text" data-testid="loose" />`)
    const [pin, loose] = document.querySelectorAll('input')
    expect(press({ key: 'Enter' }, pin!).defaultPrevented).toBe(false)
    expect(clicked).toEqual([])
    press({ key: 'Enter' }, loose!)
    expect(clicked).toEqual(['sign-in'])
  })

  it('leaves Enter and Space to a focused button, which presses itself', () => {
    const clicked = page(`<button data-testid="focused">Choose</button><button data-testid="primary" aria-keyshortcuts="Enter">Continue</button>`)
    const focused = document.querySelector<HTMLButtonElement>('[data-testid="focused"]')!
    focused.focus()
    expect(press({ key: 'Enter' }, focused).defaultPrevented).toBe(false)
    expect(clicked).toEqual([])
  })

  it("takes Enter from a button a click left focused: the screen's main action, not that button again; after Tab, Enter presses it", () => {
    const clicked = page(`<button data-testid="plus" aria-keyshortcuts="+"><span>+</span></button><button data-testid="primary" aria-keyshortcuts="Enter">Find seats</button>`)
    const plus = document.querySelector<HTMLButtonElement>('[data-testid="plus"]')!
    // The click landed on the label inside the button, which took the focus.
    rememberPointer(plus.querySelector('span'))
    plus.focus()
    expect(press({ key: 'Enter' }, plus).defaultPrevented).toBe(true)
    expect(clicked).toEqual(['primary'])
    // Space is still that button's own key.
    expect(press({ key: ' ' }, plus).defaultPrevented).toBe(false)
    // Tab moves the focus by keyboard: Enter on what it reaches presses it.
    press({ key: 'Tab' }, plus)
    expect(press({ key: 'Enter' }, plus).defaultPrevented).toBe(false)
    expect(clicked).toEqual(['primary'])
  })

  it('leaves Escape to a search field with text (it clears it); from an empty one Escape is Back', () => {
    const clicked = page(`<input type="search" data-testid="search" /><button data-testid="back" aria-keyshortcuts="Escape">Back</button>`)
    const search = document.querySelector('input')!
    search.value = 'Kopi'
    expect(press({ key: 'Escape' }, search).defaultPrevented).toBe(false)
    expect(clicked).toEqual([])
    search.value = ''
    press({ key: 'Escape' }, search)
    expect(clicked).toEqual(['back'])
  })

  it('ignores held-down repeats and keys composed by an input method (Chinese input)', () => {
    const clicked = page(`<button data-testid="go" aria-keyshortcuts="Enter">Go</button>`)
    press({ key: 'Enter', repeat: true })
    press({ key: 'Enter', isComposing: true })
    expect(clicked).toEqual([])
  })

  it('answers only from inside an open modal dialog', () => {
    const clicked = page(`
      <button data-testid="page-back" aria-keyshortcuts="Escape">Back</button>
      <div role="dialog" aria-modal="true"><button data-testid="dialog-close" aria-keyshortcuts="Escape">Close</button></div>`)
    expect(findShortcutTarget({ key: 'Escape', code: 'Escape', altKey: false, ctrlKey: false, shiftKey: false, metaKey: false })?.dataset.testid).toBe(
      'dialog-close',
    )
    press({ key: 'Escape' })
    expect(clicked).toEqual(['dialog-close'])
  })
})
