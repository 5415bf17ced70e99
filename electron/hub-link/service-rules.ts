import type { ServiceRule } from '../../hub/protocol'

/** Why the device (or one show on it) does not sell now: the manager's words for the screen. */
export interface Closure {
  message: string
}

/** Minutes since midnight at `at` in the zone (the venue's), or null for a zone this machine does not know. */
function minutesIn(timeZone: string, at: number): number | null {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at)
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
    return part('hour') * 60 + part('minute')
  } catch {
    return null
  }
}

const clockMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** Whether opening hours have the device selling at `at`; hours that close before they open run across midnight. */
function withinHours(rule: Extract<ServiceRule, { kind: 'hours' }>, at: number): boolean {
  const now = minutesIn(rule.timeZone, at)
  // A zone the machine cannot read: better to sell than to close on a rule nobody can check.
  if (now === null) return true
  const [opens, closes] = [clockMinutes(rule.opens), clockMinutes(rule.closes)]
  if (opens === closes) return true
  return opens < closes ? now >= opens && now < closes : now >= opens || now < closes
}

/**
 * The first rule that has the device out of service at `at` (a closure in force, or outside opening
 * hours), or null when it sells. Decided by main on the device's own clock, so a schedule holds while
 * the hub is out of reach; the renderer is told the outcome, never asked.
 */
export function closureAt(rules: readonly ServiceRule[], at: number): Closure | null {
  for (const rule of rules) {
    if (rule.kind === 'closed' && (rule.from === null || Date.parse(rule.from) <= at)) return { message: rule.message }
    if (rule.kind === 'hours' && !withinHours(rule, at)) return { message: rule.message }
  }
  return null
}

const MINUTE_MS = 60_000

/**
 * Whether a show starting at `showStart` is past a cut-off at `at` ("not sold 30 minutes before it
 * starts"), and why in the manager's words; null while it sells here. A show already started is past
 * every cut-off. Several cut-offs: the first of them that has the show closed speaks.
 */
export function showCutOffAt(rules: readonly ServiceRule[], showStart: number, at: number): Closure | null {
  for (const rule of rules) {
    if (rule.kind === 'showCutoff' && at >= showStart - rule.minutesBefore * MINUTE_MS) return { message: rule.message }
  }
  return null
}
