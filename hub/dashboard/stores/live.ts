import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { DashboardEvent, SupportFileView } from '../../protocol/dashboard'
import { openLiveEvents } from '../api/live-events'
import { useAlerts } from './alerts'
import { useDevices } from './devices'
import { drawerNowLeftOpen } from './drawer-left-open'
import { useNotices } from './notices'
import { useSession } from './session'
import { useDay } from './day'
import { useToday } from './today'
import { useSupportFiles } from './support-files'
import { useRollouts } from './rollouts'

export const FIRST_RETRY_MS = 2_000
const LAST_RETRY_MS = 60_000

/** The event stream's standing, shown beside the grid: a manager must know when what they see is not live. */
export type LiveState = 'closed' | 'connecting' | 'live' | 'interrupted'

/** A pushed event applied to its store; a device's new state, a drawer left open and every alert go to the live region. */
function received(event: DashboardEvent): void {
  const notices = useNotices()
  if (event.type === 'device') {
    const { device } = event
    const before = useDevices().apply(device)
    useRollouts().deviceSeen(device)
    const leftOpen = drawerNowLeftOpen(before, device)
    if (before && before.state !== device.state) notices.announce({ kind: 'device', device })
    else if (leftOpen !== null) notices.announce({ kind: 'message', key: 'devices.drawerLeftOpen', params: { name: device.name, count: leftOpen } })
  } else if (event.type === 'alert') {
    useAlerts().apply(event.alert)
    notices.announce({ kind: 'alert', alert: event.alert })
  } else if (event.type === 'support-file') {
    supportFileReceived(event.supportFile)
  } else if (event.type === 'rollouts') {
    useRollouts().apply(event.rollouts)
  } else {
    // Not read out: figures change with every sale, which would drown the alerts.
    useToday().apply(event.today)
    // Records were stored (or a day closed): the day on the End of day page may have changed, or been amended.
    void useDay().refresh()
  }
}

/** A support file pushed: the moment the device's file reaches the hub is read out, as the manager is waiting for it. */
function supportFileReceived(file: SupportFileView): void {
  const before = useSupportFiles().apply(file)
  const device = useDevices().devices.find((d) => d.id === file.deviceId)
  if (device && file.state === 'ready' && before?.state === 'asked') useNotices().announce({ kind: 'message', key: 'support.nowReady', params: { name: device.name } })
}

/** Everything the stream keeps live, read again: what was pushed during a break was missed. */
function readEverything(): Promise<unknown> {
  return Promise.all([useDevices().load(), useAlerts().load(), useToday().load(), useDay().refresh(), useSupportFiles().load(), useRollouts().reloadIfRead()])
}

/**
 * Keeps the grid, the alerts and today's figures live while a manager is signed in: every pushed event is
 * parsed by the contract and applied; when the stream comes back after a break all of them are read again,
 * as anything pushed meanwhile was missed. State changes go to the live region.
 */
export const useLive = defineStore('live', () => {
  const state = ref<LiveState>('closed')
  const unreadable = ref(0)
  let close: (() => void) | null = null

  /** How long before a stream the browser gave up on is opened again, doubling to a minute. */
  let retryMs = FIRST_RETRY_MS
  let retry: ReturnType<typeof setTimeout> | null = null

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
        retryMs = FIRST_RETRY_MS
        if (broken) void readEverything()
        broken = false
      },
      interrupted: (forGood) => {
        state.value = 'interrupted'
        broken = true
        if (forGood) openAgainLater()
      },
    })
  }

  /** Reading the grid first tells a session that ended (back to sign-in, which stops this) from a hub that is away. */
  function openAgainLater(): void {
    close?.()
    close = null
    retry = setTimeout(async () => {
      retry = null
      await readEverything()
      if (useSession().manager) start()
    }, retryMs)
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS)
  }

  function stop(): void {
    if (retry) clearTimeout(retry)
    retry = null
    retryMs = FIRST_RETRY_MS
    close?.()
    close = null
    state.value = 'closed'
    unreadable.value = 0
  }

  return { state, unreadable, start, stop }
})
