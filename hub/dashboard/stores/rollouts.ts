import { defineStore } from 'pinia'
import { ref } from 'vue'
import { ROLLOUT_PATHS, RolloutsAnswer, type DashboardDevice, type RolloutAction, type RolloutRequest } from '../../protocol/dashboard'
import { ask, type Outcome, type Problem } from '../api/hub-client'
import { whileBusy } from './busy'
import { failedInto } from './session'

/**
 * Rollouts of Foyer versions and each device's version (issue #36 §4): read, started, held, resumed
 * and sent back; the hub answers each with every rollout and device as they are now. Kept live once read
 * (stores/live.ts): the rollouts as the hub pushes them after any step, a manager's or its own, and each
 * device's version and update report from its tile, pushed at its heartbeats.
 */
export const useRollouts = defineStore('rollouts', () => {
  const page = ref<RolloutsAnswer | null>(null)
  const problem = ref<Problem | null>(null)
  const busy = ref(false)
  const failed = failedInto(problem)

  const send = (step: () => Promise<Outcome<RolloutsAnswer>>) =>
    whileBusy(busy, async () => {
      const answer = await step()
      if (!answer.ok) {
        failed(answer.problem)
        return false
      }
      page.value = answer.value
      problem.value = null
      return true
    })

  const load = () => send(() => ask('GET', ROLLOUT_PATHS.rollouts, RolloutsAnswer))
  const start = (request: RolloutRequest) => send(() => ask('POST', ROLLOUT_PATHS.rollouts, RolloutsAnswer, request))
  const act = (rolloutId: string, action: RolloutAction['action']) => send(() => ask('POST', ROLLOUT_PATHS.action(rolloutId), RolloutsAnswer, { action }))

  /** The rollouts as the hub pushed them: shown only once the page has read them (a manager on another page reads them on arrival). */
  function apply(answer: RolloutsAnswer): void {
    if (page.value) page.value = answer
  }

  /** A device's tile pushed: its version and what it said of its last update order, as the rollouts page lists them. */
  function deviceSeen(tile: DashboardDevice): void {
    const devices = page.value?.devices
    const at = devices?.findIndex((device) => device.id === tile.id) ?? -1
    if (!devices || at < 0) return
    const device = devices[at]!
    if (device.version === tile.appVersion && JSON.stringify(device.update) === JSON.stringify(tile.update)) return
    devices[at] = { ...device, version: tile.appVersion, update: tile.update }
  }

  /** Read again after the stream was broken, when the page had read them: what was pushed meanwhile was missed. */
  const reloadIfRead = () => (page.value ? load() : Promise.resolve(true))

  function clear(): void {
    page.value = null
    problem.value = null
  }

  return { page, problem, busy, load, start, act, apply, deviceSeen, reloadIfRead, clear }
})
