/**
 * A control's name and description as a screen reader would find them (a
 * short, practical reading of the W3C's accessible name computation): the
 * elements aria-labelledby names, else aria-label, else a field's label, else
 * the text inside it, leaving out what is hidden from assistive technology.
 * A kiosk runs no screen reader: Foyer reads its own controls this way, so
 * the name a control has for axe and screen readers is the one that is said.
 */
function byIds(element: Element, attribute: string): string | null {
  const ids = element.getAttribute(attribute)?.trim()
  if (!ids) return null
  const doc = element.ownerDocument
  const texts = ids
    .split(/\s+/)
    .map((id) => doc.getElementById(id))
    .filter((found): found is HTMLElement => found !== null)
    .map((found) => (found === element ? ownText(found) : (found.getAttribute('aria-label') ?? textOf(found))))
  const joined = texts.filter((text) => text !== '').join(', ')
  return joined === '' ? null : joined
}

/** The text a person hears of an element's content: hidden parts (aria-hidden, hidden, <style>) left out. */
export function textOf(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
  if (!(node instanceof Element)) return ''
  if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('hidden') || node.tagName === 'STYLE' || node.tagName === 'SCRIPT') return ''
  const label = node.getAttribute('aria-label')
  if (label) return label
  if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement) return ''
  let text = ''
  for (const child of node.childNodes) text += ` ${textOf(child)}`
  return text.replace(/\s+/g, ' ').trim()
}

/** An element's own text (for aria-labelledby naming itself among others). */
function ownText(element: Element): string {
  let text = ''
  for (const child of element.childNodes) text += ` ${textOf(child)}`
  return text.replace(/\s+/g, ' ').trim()
}

function labelOfField(field: HTMLElement): string | null {
  const labels = (field as HTMLInputElement).labels
  if (labels && labels.length > 0) {
    const text = [...labels].map((label) => textOf(label)).join(' ').trim()
    if (text !== '') return text
  }
  return field.getAttribute('placeholder') || field.getAttribute('title')
}

/** The control's name, as said. */
export function accessibleName(element: HTMLElement): string {
  const named = byIds(element, 'aria-labelledby') ?? element.getAttribute('aria-label')?.trim()
  if (named) return named
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return labelOfField(element)?.trim() ?? ''
  return ownText(element) || element.getAttribute('title')?.trim() || ''
}

/** What aria-describedby adds (why a button cannot be pressed yet, what a set of seats is). */
export function accessibleDescription(element: HTMLElement): string {
  return byIds(element, 'aria-describedby') ?? ''
}

/** A group's name: its aria-labelledby, aria-label or legend. */
export function groupName(group: Element): string {
  const named = byIds(group, 'aria-labelledby') ?? group.getAttribute('aria-label')?.trim()
  if (named) return named
  const legend = group.querySelector(':scope > legend')
  return legend ? textOf(legend) : ''
}
