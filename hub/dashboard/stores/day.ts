import { defineStore } from 'pinia'
import { ref } from 'vue'
import { END_OF_DAY_PATHS, EndOfDayAnswer } from '../../protocol/dashboard'
import { ask, type Problem } from '../api/hub-client'
import { whileBusy } from './busy'
import { failedInto } from './session'

/** A date on this computer's calendar as the hub names days (the hub and its managers share a venue's time zone). */
export function localDate(at: Date): string {
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`
}

/**
 * End of day: a day's figures as the hub answers them (as closed, with any amendment apart, or as
 * they stand while open), and its close in the signed-in manager's name (the hub takes the name from
 * the session, never from the page).
 */
export const useDay = defineStore('day', () => {
  const date = ref(localDate(new Date()))
  const day = ref<EndOfDayAnswer | null>(null)
  const problem = ref<Problem | null>(null)
  const closing = ref(false)
  const failed = failedInto(problem)

  async function load(): Promise<void> {
    const answer = await ask('GET', END_OF_DAY_PATHS.day(date.value), EndOfDayAnswer)
    if (!answer.ok) return failed(answer.problem)
    day.value = answer.value
    problem.value = null
  }

  /** True when this close closed the day. */
  function close(): Promise<boolean> {
    return whileBusy(closing, async () => {
      const answer = await ask('POST', END_OF_DAY_PATHS.close(date.value), EndOfDayAnswer, {})
      if (!answer.ok) {
        // Closed meanwhile (by another manager): show the day as the hub has it, and why this close was refused.
        await load()
        failed(answer.problem)
        return false
      }
      day.value = answer.value
      problem.value = null
      return true
    })
  }

  /** Reads the day shown again, if one is (a pushed change may have amended it); nothing when none is. */
  async function refresh(): Promise<void> {
    if (day.value) await load()
  }

  function clear(): void {
    day.value = null
    problem.value = null
  }

  return { date, day, problem, closing, load, refresh, close, clear }
})
