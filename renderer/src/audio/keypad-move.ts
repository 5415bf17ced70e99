import { controlsIn, groupOf, groupsIn, keypadScope, type ControlGroup } from './controls'

/**
 * Where an arrow key takes the focus. Left and right move along the focused
 * control's group and stop at its ends; up and down go to the group before or
 * after, landing on its first control, or, between the rows of one grid (the
 * on-screen keys: `data-keypad-grid` on their parent), on the key nearest
 * below or above. A control that stands alone is a row of one: left and right
 * there move as up and down do. From nowhere (the focus on the page itself),
 * any arrow lands on the screen's first control.
 */
export type Direction = 'up' | 'down' | 'left' | 'right'

export interface Move {
  /** The control to focus; the same one when the move ran into an edge. */
  to: HTMLElement
  /** The move ran into the top, bottom or a group's end: said, so the customer knows why nothing changed. */
  edge: 'start' | 'end' | null
  /** The new control is in another group than the last: its name is said first. */
  newGroup: boolean
  group: ControlGroup
}

function centreX(element: Element): number {
  const box = element.getBoundingClientRect()
  return box.left + box.width / 2
}

/** Rows of one grid: the same parent, marked as a grid. */
function sameGrid(a: ControlGroup, b: ControlGroup): boolean {
  const parent = a.element?.parentElement
  return !!parent && parent === b.element?.parentElement && parent.hasAttribute('data-keypad-grid')
}

function landOn(from: ControlGroup, to: ControlGroup, current: HTMLElement | null): HTMLElement {
  if (!current || !sameGrid(from, to)) return to.controls[0]!
  const x = centreX(current)
  return to.controls.reduce((best, control) => (Math.abs(centreX(control) - x) < Math.abs(centreX(best) - x) ? control : best))
}

/** The move an arrow makes from `current` (null: nothing focused yet), or null when the screen has no control at all. */
export function keypadMove(current: HTMLElement | null, direction: Direction, doc: Document = document): Move | null {
  const groups = groupsIn(keypadScope(doc))
  if (groups.length === 0) return null
  const at = current ? groups.findIndex((group) => group.controls.includes(current)) : -1
  if (at < 0) return { to: groups[0]!.controls[0]!, edge: null, newGroup: true, group: groups[0]! }
  const group = groups[at]!
  const index = group.controls.indexOf(current!)
  const along = direction === 'left' || direction === 'right'
  if (along && group.controls.length > 1) {
    const next = index + (direction === 'right' ? 1 : -1)
    const to = group.controls[next]
    return to ? { to, edge: null, newGroup: false, group } : { to: current!, edge: direction === 'right' ? 'end' : 'start', newGroup: false, group }
  }
  const forward = direction === 'down' || direction === 'right'
  const target = groups[at + (forward ? 1 : -1)]
  if (!target) return { to: current!, edge: forward ? 'end' : 'start', newGroup: false, group }
  return { to: landOn(group, target, current), edge: null, newGroup: true, group: target }
}

/**
 * The control a screen starts on: of the usable ones it marks
 * `data-keypad-start`, the one with the lowest number there (the main action
 * once it can be pressed: "1"; a choice still to be made: "" counts as 5),
 * the first in the page among equals. Null: none of them is there yet.
 */
export function startControl(doc: Document = document): HTMLElement | null {
  const rank = (control: HTMLElement) => Number(control.getAttribute('data-keypad-start') || 5)
  let best: HTMLElement | null = null
  for (const control of controlsIn(keypadScope(doc))) {
    if (control.hasAttribute('data-keypad-start') && (!best || rank(control) < rank(best))) best = control
  }
  return best
}

/** The group that holds `control` now, for saying its name and the control's place in it (its own controls only, not the page's). */
export function groupHolding(control: HTMLElement, doc: Document = document): ControlGroup {
  const scope = keypadScope(doc)
  const element = groupOf(control, scope)
  if (!element) return { element: null, controls: [control] }
  return { element, controls: controlsIn(element).filter((inside) => groupOf(inside, scope) === element) }
}
