import { accessibleDescription, accessibleName, groupName } from './accessible-name'
import type { ControlGroup } from './controls'
import { spokenText } from './spoken-text'

/**
 * What is said when the focus lands on a control: its name, what it is, its
 * state or value, and where it is ("Saturday 12 December, 8 pm, Choose,
 * button, 3 of 5"), with the group's name first when the focus has just come
 * into the group ("Tickets: 2. Fewer tickets, button"). The words for what a
 * control is come from the customer's language (access.control.*).
 */
type Translate = (key: string, named?: Record<string, unknown>) => string

const FIELD_KINDS: Readonly<Record<string, string>> = { search: 'searchField', email: 'emailField', tel: 'numberField', number: 'numberField' }

function kindAndState(element: HTMLElement, t: Translate): string[] {
  const words: string[] = []
  const role = element.getAttribute('role')
  if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
    words.push(t(`access.control.${element.type}`), t(element.checked ? 'access.control.checked' : 'access.control.notChecked'))
  } else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    words.push(t(`access.control.${FIELD_KINDS[element.type] ?? 'textField'}`))
    // A PIN is never said aloud: how many digits it has is.
    if (element.type === 'password') words.push(t('access.control.characters', { count: element.value.length }))
    else words.push(element.value === '' ? t('access.control.empty') : element.value)
  } else if (element instanceof HTMLAnchorElement || role === 'link') {
    words.push(t('access.control.link'))
  } else if (element.hasAttribute('data-skbtn')) {
    words.push(t('access.control.key'))
  } else {
    words.push(t('access.control.button'))
  }
  const pressed = element.getAttribute('aria-pressed')
  if (pressed === 'true') words.push(t('access.control.selected'))
  else if (pressed === 'false') words.push(t('access.control.notSelected'))
  const expanded = element.getAttribute('aria-expanded')
  if (expanded !== null) words.push(t(expanded === 'true' ? 'access.control.expanded' : 'access.control.collapsed'))
  return words
}

/** "3 of 5": the list's own count (aria-posinset/setsize), else the place in a group or list of more than one. */
function position(element: HTMLElement, group: ControlGroup): { n: number; total: number } | null {
  const item = element.closest('[aria-posinset][aria-setsize]')
  if (item) return { n: Number(item.getAttribute('aria-posinset')), total: Number(item.getAttribute('aria-setsize')) }
  if (group.controls.length > 1) return { n: group.controls.indexOf(element) + 1, total: group.controls.length }
  const li = element.closest('li')
  const list = li?.parentElement
  if (!li || !list || !/^(UL|OL)$/.test(list.tagName)) return null
  const items = [...list.children].filter((child) => child.tagName === 'LI')
  return items.length > 1 ? { n: items.indexOf(li) + 1, total: items.length } : null
}

export interface DescribeOptions {
  /** Say the group's name first (the focus has just come into it, or its value changed). */
  withGroup: boolean
}

/** The words for the focus landing on `element`, in the customer's language. */
export function controlWords(element: HTMLElement, group: ControlGroup, t: Translate, locale: string, options: DescribeOptions): string {
  const parts: string[] = []
  const name = accessibleName(element)
  if (name !== '') parts.push(name)
  parts.push(...kindAndState(element, t))
  const description = accessibleDescription(element)
  if (description !== '' && description !== name) parts.push(description)
  const place = position(element, group)
  if (place && place.total > 1) parts.push(t('access.control.position', place))
  const words = parts.join(', ')
  const heading = options.withGroup && group.element ? groupName(group.element) : ''
  return spokenText(heading !== '' && heading !== name ? `${heading}. ${words}` : words, locale)
}
