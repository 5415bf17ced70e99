import type { DayNoSales, DayShift, ShiftDrawer } from '../../protocol'

/** What end of day says of a shift's cash drawer (issue #34): openings, failed pulses, No sale by person. */
export type ShiftDrawerFigures = Pick<DayShift, 'drawerOpenings' | 'drawerFailed' | 'noSales'>

/** Whoever the counter did not name sorts after every name, so the named cashiers lead. */
const byName = (a: DayNoSales, b: DayNoSales) => (a.by === null ? 1 : b.by === null ? -1 : a.by.localeCompare(b.by))

/**
 * The shift's drawer as end of day shows it, each "No sale" opening counted against the person who
 * opened it, reason by reason: the manager's control against a cashier opening the drawer to take cash.
 * Without a drawer in the upload (an older Foyer, a counter with none) every figure is null, never 0:
 * nothing was counted, which is not the same as nothing opened.
 */
export function shiftDrawerFigures(drawer: ShiftDrawer | undefined): ShiftDrawerFigures {
  if (!drawer) return { drawerOpenings: null, drawerFailed: null, noSales: null }
  const people = new Map<string | null, DayNoSales>()
  for (const noSale of drawer.noSales) {
    const person = people.get(noSale.by) ?? { by: noSale.by, count: 0, reasons: { change: 0, 'wrong-change': 0, other: 0 } }
    person.count++
    person.reasons[noSale.reason]++
    people.set(noSale.by, person)
  }
  return { drawerOpenings: drawer.openings, drawerFailed: drawer.failed, noSales: [...people.values()].sort(byName) }
}
