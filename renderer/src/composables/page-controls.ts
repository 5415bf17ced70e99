/**
 * What the page's controls are right now, for the two mechanisms that act on
 * them by key: the counter's shortcuts (./shortcuts.ts) and the kiosk's
 * keypad in audio guidance (../audio/controls.ts). Both keep to an open modal
 * dialog, skip what is hidden or disabled, and leave typing in a text field alone.
 */
export const TEXT_INPUT_TYPES: ReadonlySet<string> = new Set(['text', 'search', 'email', 'number', 'password', 'tel', 'url', 'date', 'time', 'datetime-local', 'month', 'week'])

/** A field the user types into: a key pressed there is text, not a command. */
export function isTextField(element: Element | null): boolean {
  if (!element) return false
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type)
  return element instanceof HTMLElement && element.isContentEditable
}

/** Shown, and not hidden from assistive technology (hidden, inert, aria-hidden on it or around it). */
export function isShown(element: Element): boolean {
  if (element.closest('[hidden], [inert], [aria-hidden="true"]')) return false
  // Chromium answers from its own layout (display and visibility up the tree), without a style per ancestor.
  if (typeof element.checkVisibility === 'function') return element.checkVisibility({ visibilityProperty: true })
  for (let node: Element | null = element; node; node = node.parentElement) {
    const style = getComputedStyle(node)
    if (style.display === 'none' || style.visibility === 'hidden') return false
  }
  return true
}

export function isEnabled(element: Element): boolean {
  return !element.matches(':disabled') && element.getAttribute('aria-disabled') !== 'true'
}

/** While a modal dialog is open, only its own controls answer keys: the last one opened, else the whole page. */
export function modalScope(root: Document = document): ParentNode {
  const modals = [...root.querySelectorAll('dialog[open], [aria-modal="true"]')].filter(isShown)
  return modals.at(-1) ?? root
}
