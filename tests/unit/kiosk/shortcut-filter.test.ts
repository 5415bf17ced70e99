import { describe, expect, it } from 'vitest'
import { isBlockedShortcut, type KeyPress } from '../../../electron/kiosk/shortcut-filter'

const press = (key: string, mods: Partial<Pick<KeyPress, 'control' | 'meta' | 'alt' | 'shift'>> = {}): KeyPress => ({
  type: 'keyDown',
  key,
  control: false,
  meta: false,
  alt: false,
  shift: false,
  ...mods,
})
const kiosk = { kiosk: true }
const counter = { kiosk: false }

describe('kiosk shortcut filter', () => {
  it.each([
    ['Ctrl+R (reload)', press('r', { control: true })],
    ['Cmd+R', press('r', { meta: true })],
    ['Ctrl+Shift+R (hard reload)', press('R', { control: true, shift: true })],
    ['F5', press('F5')],
    ['Ctrl+F5', press('F5', { control: true })],
    ['F12 (devtools)', press('F12')],
    ['Ctrl+Shift+I (devtools)', press('I', { control: true, shift: true })],
    ['Ctrl+Shift+J (console)', press('J', { control: true, shift: true })],
    ['Ctrl+Shift+C (inspect)', press('C', { control: true, shift: true })],
    ['Cmd+Alt+I (devtools on macOS)', press('i', { meta: true, alt: true })],
    ['Ctrl+P (print)', press('p', { control: true })],
    ['Ctrl+S (save page)', press('s', { control: true })],
    ['Ctrl+U (view source)', press('u', { control: true })],
    ['Ctrl+N (new window)', press('n', { control: true })],
    ['Ctrl+= (zoom in)', press('=', { control: true })],
    ['Ctrl++ (zoom in)', press('+', { control: true, shift: true })],
    ['Ctrl+- (zoom out)', press('-', { control: true })],
    ['Ctrl+0 (zoom reset)', press('0', { control: true })],
    ['browser refresh key', press('BrowserRefresh')],
  ])('blocks %s in every mode', (_name, input) => {
    expect(isBlockedShortcut(input, kiosk)).toBe(true)
    expect(isBlockedShortcut(input, counter)).toBe(true)
  })

  it.each([
    ['Ctrl+W (close)', press('w', { control: true })],
    ['Ctrl+Q (quit)', press('q', { control: true })],
    ['Cmd+Q', press('q', { meta: true })],
    ['Cmd+H (hide)', press('h', { meta: true })],
    ['Cmd+M (minimise)', press('m', { meta: true })],
    ['Alt+F4 (close)', press('F4', { alt: true })],
    ['Ctrl+F4 (close tab)', press('F4', { control: true })],
    ['F11 (leave full screen)', press('F11')],
    ['Alt (menu bar)', press('Alt', { alt: true })],
    ['Alt+F (file menu)', press('f', { alt: true })],
    ['Ctrl+F (find)', press('f', { control: true })],
  ])('blocks %s on the kiosk, allows it at the counter', (_name, input) => {
    expect(isBlockedShortcut(input, kiosk)).toBe(true)
    expect(isBlockedShortcut(input, counter)).toBe(false)
  })

  it.each([
    ['a letter', press('a')],
    ['a capital', press('A', { shift: true })],
    ['a digit', press('7')],
    ['Enter', press('Enter')],
    ['Backspace', press('Backspace')],
    ['Tab', press('Tab')],
    ['Shift+Tab', press('Tab', { shift: true })],
    ['Escape', press('Escape')],
    ['arrow keys', press('ArrowDown')],
    ['Space', press(' ')],
    ['Ctrl+C (copy)', press('c', { control: true })],
    ['Ctrl+V (paste)', press('v', { control: true })],
    ['Ctrl+A (select all)', press('a', { control: true })],
    ['Ctrl+Z (undo)', press('z', { control: true })],
  ])('lets %s through on the kiosk (typing, keyboard navigation)', (_name, input) => {
    expect(isBlockedShortcut(input, kiosk)).toBe(false)
  })

  it('looks only at key presses, not releases or characters', () => {
    expect(isBlockedShortcut({ ...press('F5'), type: 'keyUp' }, kiosk)).toBe(false)
    expect(isBlockedShortcut({ ...press('F5'), type: 'rawKeyDown' }, kiosk)).toBe(true)
  })
})
