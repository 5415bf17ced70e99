import { defineStore } from 'pinia'
import { ref } from 'vue'
import { DASHBOARD_PATHS, SaleLookupAnswer, TodayAnswer, type FoundSale } from '../../protocol/dashboard'
import { ask, type Problem } from '../api/hub-client'
import { failedInto } from './session'

/**
 * The hub's today: GET /api/today, then today's figures as the stream pushes them after every upload;
 * and a sale looked up by its booking or payment reference (any day), with its steps.
 */
export const useToday = defineStore('today', () => {
  const today = ref<TodayAnswer | null>(null)
  const problem = ref<Problem | null>(null)
  /** The reference last looked up, and the sales found for it (null until a lookup answered). */
  const searched = ref<string | null>(null)
  const found = ref<FoundSale[] | null>(null)
  const searching = ref(false)

  const failed = failedInto(problem)

  async function load(): Promise<void> {
    const answer = await ask('GET', DASHBOARD_PATHS.today, TodayAnswer)
    if (!answer.ok) return failed(answer.problem)
    today.value = answer.value
    problem.value = null
  }

  function apply(pushed: TodayAnswer): void {
    today.value = pushed
  }

  async function lookUp(reference: string): Promise<void> {
    const wanted = reference.trim()
    if (!wanted) return
    searching.value = true
    try {
      const answer = await ask('GET', `${DASHBOARD_PATHS.sales}?${new URLSearchParams({ reference: wanted }).toString()}`, SaleLookupAnswer)
      if (!answer.ok) return failed(answer.problem)
      searched.value = wanted
      found.value = answer.value.sales
      problem.value = null
    } finally {
      searching.value = false
    }
  }

  function clear(): void {
    today.value = null
    problem.value = null
    searched.value = null
    found.value = null
  }

  return { today, problem, searched, found, searching, load, apply, lookUp, clear }
})
