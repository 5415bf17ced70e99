import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { Alert, AlertsAnswer, DASHBOARD_PATHS } from '../../protocol/dashboard'
import { ask, type Problem } from '../api/hub-client'
import { failedInto } from './session'

/** Newest first: by when raised, then by the hub's own increasing id (two raised in one instant). */
function newestFirst(a: Alert, b: Alert): number {
  const byTime = Date.parse(b.raisedAt) - Date.parse(a.raisedAt)
  if (byTime !== 0) return byTime
  return b.id.length - a.id.length || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0)
}

/** What needs someone now: GET /api/alerts, then alerts raised or acknowledged as the stream pushes them. */
export const useAlerts = defineStore('alerts', () => {
  const byId = ref(new Map<string, Alert>())
  const problem = ref<Problem | null>(null)
  const busy = ref<string | null>(null)

  const alerts = computed(() => [...byId.value.values()].sort(newestFirst))
  // A backup alert cleared by a good backup waits for no one, acknowledged or not.
  const waiting = computed(() => alerts.value.filter((alert) => alert.acknowledged === null && !(alert.subject === 'backup' && alert.clearedAt)).length)

  const failed = failedInto(problem)

  async function load(): Promise<void> {
    const answer = await ask('GET', DASHBOARD_PATHS.alerts, AlertsAnswer)
    if (!answer.ok) return failed(answer.problem)
    byId.value = new Map(answer.value.alerts.map((alert) => [alert.id, alert]))
    problem.value = null
  }

  function apply(alert: Alert): void {
    byId.value.set(alert.id, alert)
  }

  /** Acknowledged by the manager signed in; the hub answers the alert with who and when, as it recorded them. */
  async function acknowledge(alertId: string): Promise<boolean> {
    busy.value = alertId
    try {
      const answer = await ask('POST', DASHBOARD_PATHS.acknowledgeAlert(alertId), Alert, {})
      if (!answer.ok) {
        failed(answer.problem)
        return false
      }
      problem.value = null
      apply(answer.value)
      return true
    } finally {
      busy.value = null
    }
  }

  function clear(): void {
    byId.value = new Map()
    problem.value = null
  }

  return { alerts, waiting, problem, busy, load, apply, acknowledge, clear }
})
