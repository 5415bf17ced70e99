import { defineStore } from 'pinia'
import { ref } from 'vue'
import { ROLLOUT_PATHS, RolloutsAnswer, type RolloutAction, type RolloutRequest } from '../../protocol/dashboard'
import { ask, type Outcome, type Problem } from '../api/hub-client'
import { whileBusy } from './busy'
import { failedInto } from './session'

/**
 * Rollouts of Foyer versions and each device's version (issue #36 §4): read, started, held, resumed
 * and sent back; the hub answers each with every rollout and device as they are now.
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

  function clear(): void {
    page.value = null
    problem.value = null
  }

  return { page, problem, busy, load, start, act, clear }
})
