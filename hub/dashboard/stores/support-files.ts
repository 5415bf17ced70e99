import { defineStore } from 'pinia'
import { ref } from 'vue'
import { SUPPORT_FILE_PATHS, SupportFilesAnswer, SupportFileView } from '../../protocol/dashboard'
import { ask as askHub } from '../api/hub-client'
import { whileBusy } from './busy'
import { failedInto, type FormProblem } from './session'

/**
 * Each device's newest support file (hub/protocol/support-file.ts): read once, then as the event stream
 * pushes it (asked, made, downloaded, by this manager or another). Asking is per device; the file is
 * downloaded by a plain link, which the browser sends the session cookie with.
 */
export const useSupportFiles = defineStore('supportFiles', () => {
  const byDevice = ref(new Map<string, SupportFileView>())
  const problem = ref<FormProblem | null>(null)
  const busy = ref(false)
  const failed = failedInto(problem)

  async function load(): Promise<void> {
    const answer = await askHub('GET', SUPPORT_FILE_PATHS.list, SupportFilesAnswer)
    if (!answer.ok) return failed(answer.problem)
    byDevice.value = new Map(answer.value.supportFiles.map((file) => [file.deviceId, file]))
    problem.value = null
  }

  /** A file as the hub says it is now; an older request than the one shown (pushed late) is not shown over it. Answers what was shown before. */
  function apply(file: SupportFileView): SupportFileView | undefined {
    const before = byDevice.value.get(file.deviceId)
    if (before && before.id !== file.id && Date.parse(before.askedAt) > Date.parse(file.askedAt)) return before
    byDevice.value.set(file.deviceId, file)
    return before
  }

  /** Asks for the device's support file: true once the hub has the request. */
  async function ask(deviceId: string): Promise<boolean> {
    return whileBusy(busy, async () => {
      const answer = await askHub('POST', SUPPORT_FILE_PATHS.ask(deviceId), SupportFileView, {})
      if (!answer.ok) {
        failed(answer.problem)
        return false
      }
      problem.value = null
      apply(answer.value)
      return true
    })
  }

  function clear(): void {
    byDevice.value = new Map()
    problem.value = null
  }

  return { byDevice, problem, busy, load, apply, ask, clear }
})
