import type { Alert, AttentionReason, DashboardDevice, DashboardRefusal } from '../../protocol/dashboard'
import type { Problem } from '../api/hub-client'
import type { FormProblem } from '../stores/session'

/** vue-i18n's `t`, as much of it as the words need. */
export type Translate = (key: string, params?: Record<string, string | number>) => string
export type TimeOf = (iso: string) => string

/** A reason a device cannot sell as it should, as facts in words: "card terminal not answering since 19:42". */
export function reasonWords(reason: AttentionReason, t: Translate, time: TimeOf): string[] {
  if (reason.what === 'terminal') return [t(`reason.terminal.${reason.state}`, { time: time(reason.since) })]
  // The printer's own problems say most; its state alone when it named none.
  const problems = reason.problems.length > 0 ? reason.problems : [reason.state]
  return [...new Set(problems)].map((problem) => t(`reason.printer.${problem}`))
}

/** Why a device is in its state, in words: its reasons, or since when it has been silent or locked out. */
export function deviceWhy(device: DashboardDevice, t: Translate, time: TimeOf): string[] {
  if (device.state === 'offline') {
    const since = device.lastHeartbeatAt ?? device.stateSince
    return [since ? t('reason.offlineSince', { time: time(since) }) : t('reason.neverHeard')]
  }
  if (device.state === 'revoked') return device.stateSince ? [t('reason.revokedSince', { time: time(device.stateSince) })] : []
  return device.reasons.flatMap((reason) => reasonWords(reason, t, time))
}

/** What an alert's change was about, in words: its device's reasons at the time it was raised, or the backup's facts. */
export function alertWhy(alert: Alert, t: Translate, time: TimeOf): string[] {
  if (alert.subject === 'device') return alert.reasons.flatMap((reason) => reasonWords(reason, t, time))
  const lines = alert.error ? [t('backups.error', { error: alert.error })] : []
  lines.push(alert.lastGoodAt ? t('backups.lastGoodWas', { time: time(alert.lastGoodAt) }) : t('backups.noneBefore'))
  if (alert.clearedAt) lines.push(t('backups.cleared', { time: time(alert.clearedAt) }))
  return lines
}

/** An alert's first line: the device's change of state, or what is wrong with the backups. */
export function alertHeadline(alert: Alert, t: Translate): string {
  if (alert.subject === 'backup') return t(alert.problem === 'failed' ? 'alerts.backupFailed' : 'alerts.backupOverdue')
  return t('alerts.change', { device: alert.deviceName, from: t(`state.${alert.from}`), to: t(`state.${alert.to}`) })
}

/** The live region's sentence for an alert raised, acknowledged or (a backup's) cleared. */
export function alertNowWords(alert: Alert, t: Translate): string {
  if (alert.subject === 'backup') {
    if (alert.clearedAt) return t('live.backupAlertCleared')
    if (alert.acknowledged) return t('live.backupAlertAcknowledged', { name: alert.acknowledged.by })
    return t(`live.backupAlertRaised.${alert.problem}`)
  }
  if (alert.acknowledged) return t('live.alertAcknowledged', { device: alert.deviceName, name: alert.acknowledged.by })
  return t(`live.alertRaised.${alert.to}`, { device: alert.deviceName })
}

/** A device's change of state said as a sentence: "Kiosk 3 now needs attention: printer out of paper". */
export function deviceNowWords(device: DashboardDevice, t: Translate, time: TimeOf): string {
  const why = deviceWhy(device, t, time)
  if (why.length === 0) return t(`live.deviceNow.${device.state}`, { name: device.name })
  return t(`live.deviceNowWhy.${device.state}`, { name: device.name, why: why.join('; ') })
}

/** A device's state with its reasons, in one line: "Needs attention: printer out of paper". */
export function deviceStateLine(device: DashboardDevice, t: Translate, time: TimeOf): string {
  const why = deviceWhy(device, t, time)
  const state = t(`state.${device.state}`)
  return why.length > 0 ? `${state}: ${why.join('; ')}` : state
}

function refusalWords(refusal: DashboardRefusal, t: Translate): string {
  if (refusal.refused === 'too-many-tries' && refusal.retryAfterSeconds) return t('refusal.tooManyTriesWait', { count: refusal.retryAfterSeconds })
  return t(`refusal.${refusal.refused}`)
}

/** A failed request in the manager's language, never the server's English. */
export function problemWords(problem: Problem | FormProblem, t: Translate): string {
  return problem.kind === 'refused' ? refusalWords(problem.refusal, t) : t(`problem.${problem.kind}`)
}
