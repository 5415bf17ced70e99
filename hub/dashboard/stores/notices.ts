import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Alert, DashboardDevice } from '../../protocol/dashboard'

/**
 * What the page's live region says next (App.vue words it in the manager's language when it is
 * read): a device whose state changed, an alert raised or acknowledged, or a plain message.
 */
export type Announcement =
  | { kind: 'device'; device: DashboardDevice }
  | { kind: 'alert'; alert: Alert }
  | { kind: 'message'; key: string; params?: Record<string, string | number> }

export const useNotices = defineStore('notices', () => {
  const announcement = ref<Announcement | null>(null)
  /** Bumped on every announcement, so the same words said twice are read twice. */
  const serial = ref(0)

  function announce(next: Announcement): void {
    announcement.value = next
    serial.value += 1
  }

  return { announcement, serial, announce }
})
