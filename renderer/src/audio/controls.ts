import { isEnabled, isShown, modalScope } from '../composables/page-controls'

/**
 * The controls a keypad walks through on the screen as it is now: the
 * focusable, shown, enabled ones, inside the open modal dialog if there is
 * one (as a screen reader keeps to it), in document order, gathered into
 * groups. A group is a row the left and right arrows move along (the
 * language buttons, a ticket type's fewer and more, a row of seats, a row of
 * on-screen keys); up and down move from group to group. A control outside
 * any group is a group of its own.
 */
const CONTROL = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [tabindex="0"]'
/** What makes a group: ARIA's own grouping roles, a fieldset or nav, or Foyer's mark for a group with no role of its own. */
export const GROUP = '[data-keypad-group], [role="group"], [role="radiogroup"], [role="toolbar"], [role="row"], fieldset, nav'

export interface ControlGroup {
  element: Element | null
  controls: HTMLElement[]
}

/** A control that can take the focus and be pressed now. */
export function isUsable(element: HTMLElement): boolean {
  return isEnabled(element) && isShown(element)
}

/** Where the keypad moves now: the last open modal dialog, or the whole page. */
export const keypadScope = modalScope

/** The usable controls in `scope`, in document order. */
export function controlsIn(scope: ParentNode): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>(CONTROL)].filter(isUsable)
}

/** The group a control belongs to inside `scope`, or null where it stands alone. */
export function groupOf(control: Element, scope: ParentNode): Element | null {
  const group = control.parentElement?.closest(GROUP) ?? null
  return group && scope.contains(group) && group !== scope ? group : null
}

/** The scope's controls gathered into their groups, in document order. */
export function groupsIn(scope: ParentNode): ControlGroup[] {
  const groups: ControlGroup[] = []
  const byElement = new Map<Element, ControlGroup>()
  for (const control of controlsIn(scope)) {
    const element = groupOf(control, scope)
    const known = element ? byElement.get(element) : undefined
    if (known) {
      known.controls.push(control)
      continue
    }
    const group = { element, controls: [control] }
    groups.push(group)
    if (element) byElement.set(element, group)
  }
  return groups
}
