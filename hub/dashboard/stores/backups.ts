import { defineStore } from 'pinia'
import { ref } from 'vue'
import { BackupStatus, DASHBOARD_PATHS } from '../../protocol/dashboard'
import { ask, type Problem } from '../api/hub-client'
import { failedInto } from './session'

/** The hub's backups as kept on record: GET /api/backups, read again whenever a backup alert is raised or cleared. */
export const useBackups = defineStore('backups', () => {
  const status = ref<BackupStatus | null>(null)
  const problem = ref<Problem | null>(null)
  const failed = failedInto(problem)

  async function load(): Promise<void> {
    const answer = await ask('GET', DASHBOARD_PATHS.backups, BackupStatus)
    if (!answer.ok) return failed(answer.problem)
    status.value = answer.value
    problem.value = null
  }

  function clear(): void {
    status.value = null
    problem.value = null
  }

  return { status, problem, load, clear }
})
