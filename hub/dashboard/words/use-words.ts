import { useI18n } from 'vue-i18n'
import type { Alert, DashboardDevice } from '../../protocol/dashboard'
import type { Problem } from '../api/hub-client'
import type { FormProblem } from '../stores/session'
import { alertHeadline, alertNowWords, alertWhy, deviceNowWords, deviceStateLine, deviceWhy, problemWords, type Translate } from './device-words'
import { timeWords } from './time'

/** The dashboard's words for a component, in the language chosen now (re-read when it changes). */
export function useWords() {
  const { t, locale } = useI18n()
  const translate: Translate = (key, params) => (params ? t(key, params) : t(key))
  const time = (iso: string) => timeWords(iso, locale.value)
  return {
    t: translate,
    time,
    alertWhy: (alert: Alert) => alertWhy(alert, translate, time),
    alertHeadline: (alert: Alert) => alertHeadline(alert, translate),
    alertNow: (alert: Alert) => alertNowWords(alert, translate),
    why: (device: DashboardDevice) => deviceWhy(device, translate, time),
    stateLine: (device: DashboardDevice) => deviceStateLine(device, translate, time),
    deviceNow: (device: DashboardDevice) => deviceNowWords(device, translate, time),
    problem: (problem: Problem | FormProblem) => problemWords(problem, translate),
  }
}
