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

/** How many recent announcements the live region keeps: two that come together are both read. */
const KEPT = 3

export const useNotices = defineStore('notices', () => {
  /**
   * The latest few, oldest first, each with a serial of its own. Kept rather than replaced: a revoke's
   * "Kiosk 3 is revoked." and the alert the hub raises for it arrive within moments, and a region that
   * held only the last one dropped the first before a screen reader had read it.
   */
  const announcements = ref<{ serial: number; announcement: Announcement }[]>([])
  let serial = 0

  function announce(next: Announcement): void {
    serial += 1
    announcements.value = [...announcements.value, { serial, announcement: next }].slice(-KEPT)
  }

  return { announcements, announce }
})
