/**
 * The kiosk's tactile keypad (EZ Access, Storm AudioNav and the like): four
 * arrows, select, back, help and volume, sending ordinary key codes. The same
 * keys on any keyboard do the same, so a venue can fit whichever keypad it
 * buys; docs/accessibility.md lists them for the venue's technician.
 */
export type KeypadAction = 'up' | 'down' | 'left' | 'right' | 'select' | 'back' | 'help' | 'louder' | 'quieter' | 'faster' | 'slower'

/** KeyboardEvent.key → what the key does. Keypads send the arrows, Enter and Escape; the rest have a second, common spelling. */
const KEYS: Readonly<Record<string, KeypadAction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Enter: 'select',
  ' ': 'select',
  Escape: 'back',
  Backspace: 'back',
  BrowserBack: 'back',
  Help: 'help',
  F1: 'help',
  '?': 'help',
  h: 'help',
  H: 'help',
  AudioVolumeUp: 'louder',
  '+': 'louder',
  '=': 'louder',
  AudioVolumeDown: 'quieter',
  '-': 'quieter',
  ']': 'faster',
  '*': 'faster',
  '[': 'slower',
  '/': 'slower',
}

type KeyPress = Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>

/** What a key press means on the keypad, or null (a key the keypad does not have, or one held with a modifier). */
export function keypadAction(event: KeyPress): KeypadAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null
  return KEYS[event.key] ?? null
}

/** The keys that mean each action, for the help text and the staff screen's keypad test. */
export function keysFor(action: KeypadAction): string[] {
  return Object.entries(KEYS)
    .filter(([, does]) => does === action)
    .map(([key]) => key)
}

export const KEYPAD_ACTIONS: readonly KeypadAction[] = ['up', 'down', 'left', 'right', 'select', 'back', 'help', 'louder', 'quieter', 'faster', 'slower']
