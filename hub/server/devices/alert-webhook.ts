import type { Alert } from '../../protocol'

/** Waits before each try: the first at once, then a little, then longer (the receiver may be restarting). */
const TRIES_AFTER_MS = [0, 1_000, 5_000, 30_000]
const TRY_TIMEOUT_MS = 5_000

export type AlertWebhook = (alert: Alert) => void

/**
 * FOYER_HUB_ALERT_WEBHOOK: each alert this hub process raises is POSTed there as the contract's
 * Alert JSON, tried again while the answer is not 2xx, and never awaited: a slow or absent receiver
 * holds up no heartbeat. Only the process that raised the alert sends it, so it is sent once.
 */
export function alertWebhook(url: string, triesAfterMs: readonly number[] = TRIES_AFTER_MS): AlertWebhook {
  const delivered = async (alert: Alert) => {
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(alert),
        signal: AbortSignal.timeout(TRY_TIMEOUT_MS),
      })
      return answer.ok
    } catch {
      return false
    }
  }
  return (alert) => {
    void (async () => {
      for (const wait of triesAfterMs) {
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref())
        if (await delivered(alert)) return
      }
    })()
  }
}
