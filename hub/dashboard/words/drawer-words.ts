import type { DayShift, DeviceDrawer } from '../../protocol/dashboard'
import { NoSaleReason } from '../../protocol/record-payloads'
import type { Translate } from './device-words'

/**
 * A shift's cash drawer as the End of day page says it (issue #34): its openings, the pulses that
 * failed, and each person's No sales with the reasons given ("Raj: 2 (wrong change 1, other 1)").
 * A shift whose upload had no drawer says so ("no drawer", "—"): nothing was counted, which is not 0.
 */
export function shiftDrawerWords(shift: DayShift, t: Translate, count: (n: number) => string): string[] {
  if (shift.drawerOpenings === null || shift.drawerFailed === null || shift.noSales === null) return [t('day.noDrawer'), '—', '—']
  const people = shift.noSales.map((person) => {
    const reasons = NoSaleReason.options.filter((r) => person.reasons[r] > 0).map((r) => `${t(`day.noSaleReason.${r}`)} ${count(person.reasons[r])}`)
    return t('day.noSaleLine', { name: person.by ?? t('day.notSaid'), count: count(person.count), reasons: reasons.join(t('day.noSaleReasonsJoin')) })
  })
  return [count(shift.drawerOpenings), count(shift.drawerFailed), people.join(t('day.noSalePeopleJoin')) || t('day.noSaleNone')]
}

/** A counter's drawer on its tile: "open", "closed", "not known", or "open for 3 minutes" once the hub judges it left open. */
export function tileDrawerWords(drawer: DeviceDrawer, t: Translate): string {
  if (drawer.state === 'open' && drawer.leftOpenMinutes !== null) return t('devices.drawerOpenFor', { count: drawer.leftOpenMinutes })
  return t(`devices.drawer${drawer.state === 'open' ? 'Open' : drawer.state === 'closed' ? 'Closed' : 'Unknown'}`)
}
