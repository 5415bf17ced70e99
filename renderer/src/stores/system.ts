import type { ErrorReply, SystemInfo } from '@contract'
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { useFoyer } from '../bridge/foyer'

/** What this installation is: version, mode, backend. Loaded once, kept fresh by pushes. */
export const useSystemStore = defineStore('system', () => {
  const info = ref<SystemInfo | null>(null)
  const error = ref<ErrorReply | null>(null)
  const loading = ref(false)
  const isTraining = computed(() => info.value?.backend === 'sandbox')
  let unsubscribe: (() => void) | null = null

  async function load(): Promise<void> {
    const foyer = useFoyer()
    loading.value = true
    const reply = await foyer.system.info()
    loading.value = false
    if (reply.ok) {
      info.value = reply.value
      error.value = null
    } else {
      error.value = reply.error
    }
    unsubscribe ??= foyer.system.onChanged((next) => {
      info.value = next
    })
  }

  function dispose(): void {
    unsubscribe?.()
    unsubscribe = null
  }

  return { info, error, loading, isTraining, load, dispose }
})
