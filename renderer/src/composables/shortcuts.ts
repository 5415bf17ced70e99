import { onMounted, onUnmounted } from 'vue'
import { isEnabled, isShown, isTextField, modalScope, TEXT_INPUT_TYPES } from './page-controls'

/**
 * Keyboard shortcuts for the counter, with one mechanism: a control declares
 * its key with the standard `aria-keyshortcuts` attribute (which also tells
 * screen readers), and one keydown handler finds the visible, enabled control
 * whose shortcut matches and clicks it (or focuses it, for a text field).
 * The keymap is in docs/counter-mode.md.
 *
 * Value syntax (WAI-ARIA): space-separated shortcuts, each zero or more of
 * Alt, Control, Shift, Meta joined by "+" to one key named as KeyboardEvent.key
 * names it ("Enter", "Escape", "/", "N"), case-insensitive. "+" itself is a
 * key: aria-keyshortcuts="+" or "Control++".
 */
const MODIFIERS = ['alt', 'control', 'shift', 'meta'] as const
type Modifier = (typeof MODIFIERS)[number]

export interface Shortcut {
  modifiers: ReadonlySet<Modifier>
  /** Lower-case key name: 'enter', 'escape', '/', '+', 'n'. */
  key: string
}

/** Parses one aria-keyshortcuts value; tokens that are not a valid shortcut are skipped. */
export function parseShortcuts(value: string): Shortcut[] {
  const shortcuts: Shortcut[] = []
  for (const token of value.trim().split(/\s+/)) {
    const match = /^((?:(?:alt|control|shift|meta)\+)*)(.+)$/i.exec(token)
    if (!match) continue
    const modifiers = new Set(match[1]!.split('+').filter(Boolean).map((m) => m.toLowerCase() as Modifier))
    const key = match[2]!.toLowerCase()
    if (!(MODIFIERS as readonly string[]).includes(key)) shortcuts.push({ modifiers, key })
  }
  return shortcuts
}

type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'metaKey'>

/** The names a key press may be declared under: the key it types, and for letters and digits the physical key. */
function keyNames(event: KeyPress): string[] {
  const names = [event.key.toLowerCase()]
  // With Alt held, macOS types "˜" for N; the physical key is what the shortcut means.
  const physical = /^(?:Key([A-Z])|Digit([0-9]))$/.exec(event.code)
  if (physical) names.push((physical[1] ?? physical[2]!).toLowerCase())
  if (event.key === ' ') names.push('space')
  return names
}

/**
 * Whether the key press is the shortcut. Alt, Control and Meta must match
 * exactly. Shift must match for named keys and letters ("Shift+Tab", "Alt+N"),
 * but not for punctuation, where it is part of typing the character: "+" and
 * "?" need Shift on most layouts and "+" on the number pad does not.
 */
export function matchesShortcut(event: KeyPress, shortcut: Shortcut): boolean {
  if (event.altKey !== shortcut.modifiers.has('alt')) return false
  if (event.ctrlKey !== shortcut.modifiers.has('control')) return false
  if (event.metaKey !== shortcut.modifiers.has('meta')) return false
  if (!keyNames(event).includes(shortcut.key)) return false
  const punctuation = shortcut.key.length === 1 && !/[a-z0-9]/.test(shortcut.key)
  return punctuation || event.shiftKey === shortcut.modifiers.has('shift')
}

/** A control that Enter or Space already activates by itself (a focused button, link, checkbox). */
function activatesItself(element: Element | null): boolean {
  return !!element?.closest('button, a[href], input, select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="tab"]')
}

/** The control a key press should operate, or null. First in document order wins. */
export function findShortcutTarget(event: KeyPress, root: Document = document): HTMLElement | null {
  for (const element of modalScope(root).querySelectorAll<HTMLElement>('[aria-keyshortcuts]')) {
    if (!parseShortcuts(element.getAttribute('aria-keyshortcuts') ?? '').some((s) => matchesShortcut(event, s))) continue
    if (isShown(element) && isEnabled(element)) return element
  }
  return null
}

/**
 * Where the last click or tap landed, until the keyboard moves the focus
 * (Tab). A click also leaves its button focused; Enter on that button is then
 * not "press it again" but the screen's main action. (:focus-visible cannot
 * tell: Chromium makes any focused element match it once a key is down.)
 */
// Held weakly: the button last tapped is often on a screen the tap took away (Back, Continue), and held
// strongly it kept that whole screen alive, its Vue handlers and the seat map's place on it, until the
// next tap (a seat screen left was never collected: tests/e2e/seat-map-context.spec.ts).
let pointed: WeakRef<Element> | null = null

/** Notes where a pointer went down (installed by useShortcuts, capture phase). */
export function rememberPointer(target: EventTarget | null): void {
  pointed = target instanceof Element ? new WeakRef(target) : null
}

/** Whether the focused element got its focus from the last click or tap, not from the keyboard. */
export function focusedByPointer(element: Element): boolean {
  const last = pointed?.deref()
  return last !== undefined && element.contains(last)
}

/** A search field with text in it: Escape there clears the text (the browser's own meaning), not Back. */
function isSearchWithText(element: Element | null): boolean {
  return element instanceof HTMLInputElement && element.type === 'search' && element.value !== ''
}

/**
 * Whether a key press is left alone. Inside a text field, typing is typing:
 * only keys that type nothing are commands (Escape, and Alt/Control/Meta
 * combinations); Enter too, unless the field is in a form, which submits
 * itself. On a button the keyboard reached, Enter and Space press that
 * button. On one a mouse click left focused, Enter is still the screen's main
 * action: the cashier who clicked "+" and pressed Enter meant "go on", not
 * "+" again.
 */
function leftAlone(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing || event.repeat) return true
  // Tab moves the focus by keyboard: Enter there presses what the keyboard reached.
  if (event.key === 'Tab') pointed = null
  if (['Alt', 'Control', 'Shift', 'Meta', 'AltGraph', 'Tab'].includes(event.key)) return true
  const target = event.target instanceof Element ? event.target : null
  const commandKey = event.altKey || event.ctrlKey || event.metaKey
  if (isTextField(target)) {
    if (event.key === 'Escape') return isSearchWithText(target)
    if (commandKey) return false
    return !(event.key === 'Enter' && !target!.closest('form'))
  }
  if (commandKey || !activatesItself(target)) return false
  if (event.key === ' ') return true
  return event.key === 'Enter' && !focusedByPointer(target!)
}

/** Handles one key press; true when a shortcut took it. */
export function handleShortcut(event: KeyboardEvent, root: Document = document): boolean {
  if (leftAlone(event)) return false
  const target = findShortcutTarget(event, root)
  if (!target) return false
  // The key is spent on the command: "/" must not also be typed into the search it focuses.
  event.preventDefault()
  if (isTextField(target)) {
    target.focus()
    if (target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type) && target.type !== 'number') target.select()
  } else {
    target.click()
  }
  return true
}

/**
 * Installs the one handler for the app's lifetime; `enabled` is asked on
 * every key (shortcuts are a counter feature: a self-service kiosk has no
 * keyboard, and a stray key must not act there).
 */
export function useShortcuts(enabled: () => boolean): void {
  const listener = (event: KeyboardEvent) => {
    if (enabled()) handleShortcut(event)
  }
  const pointer = (event: PointerEvent) => rememberPointer(event.target)
  onMounted(() => {
    document.addEventListener('keydown', listener)
    document.addEventListener('pointerdown', pointer, { capture: true, passive: true })
  })
  onUnmounted(() => {
    document.removeEventListener('keydown', listener)
    document.removeEventListener('pointerdown', pointer, { capture: true })
  })
}
