import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { DashboardEvent } from '../../protocol/dashboard'
import { openLiveEvents } from '../api/live-events'
import { useAlerts } from './alerts'
import { useDevices } from './devices'
import { useNotices } from './notices'

/** The event stream's standing, shown beside the grid: a manager must know when what they see is not live. */
export type LiveState = 'closed' | 'connecting' | 'live' | 'interrupted'

/**
 * Keeps the grid and the alerts live while a manager is signed in: every pushed event is parsed by the
 * contract and applied; when the stream comes back after a break both lists are read again, as anything
 * pushed meanwhile was missed. State changes go to the live region.
 */
export const useLive = defineStore('live', () => {
  const state = ref<LiveState>('closed')
  const unreadable = ref(0)
  let close: (() => void) | null = null

  function received(event: DashboardEvent): void {
    const notices = useNotices()
    if (event.type === 'device') {
      const before = useDevices().apply(event.device)
      if (before && before.state !== event.device.state) notices.announce({ kind: 'device', device: event.device })
    } else {
      useAlerts().apply(event.alert)
      notices.announce({ kind: 'alert', alert: event.alert })
    }
  }

  function start(): void {
    if (close) return
    state.value = 'connecting'
    let broken = false
    close = openLiveEvents({
      event: received,
      unreadable: () => {
        unreadable.value += 1
      },
      open: () => {
        state.value = 'live'
        if (broken) void Promise.all([useDevices().load(), useAlerts().load()])
        broken = false
      },
      interrupted: () => {
        state.value = 'interrupted'
        broken = true
      },
    })
  }

  function stop(): void {
    close?.()
    close = null
    state.value = 'closed'
  }

  return { state, unreadable, start, stop }
})
