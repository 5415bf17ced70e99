import { ApiCallError } from './api-error'

/**
 * Bounded retries with exponential backoff and full jitter, for calls where
 * asking again is safe: reads, an allocation the vendor said was busy (nothing
 * was reserved), and idempotent operations such as confirm-by-reference.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number
  baseDelayMs: number
  maxDelayMs: number
  /** Which failures may be retried under this policy. */
  retryOn: (error: ApiCallError) => boolean
}

export const readPolicy: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 200,
  maxDelayMs: 2000,
  retryOn: (e) => e.kind === 'network' || e.kind === 'timeout' || e.kind === 'server' || e.kind === 'busy',
}

/** A seat offer may have reserved seats if it timed out: only an explicit "busy" is safe to repeat. */
export const allocationPolicy: RetryPolicy = { ...readPolicy, retryOn: (e) => e.kind === 'busy' }

/** Calls that must never be repeated blindly (an order submission may have been placed). */
export const noRetry: RetryPolicy = { ...readPolicy, attempts: 1 }

export interface Sleeper {
  sleep(ms: number, signal?: AbortSignal): Promise<void>
  random(): number
}

export const realSleeper: Sleeper = {
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, ms)
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer)
          reject(signal.reason)
        },
        { once: true },
      )
    }),
  random: Math.random,
}

/**
 * The wait after `failures` failures in a row: full jitter under a ceiling that doubles from
 * baseDelayMs up to maxDelayMs. Shared with the hub link's uploads (electron/hub-link/uploader.ts).
 */
export function backoffDelay(policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>, failures: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - 1))
  return Math.floor(random() * ceiling)
}

export async function withRetry<T>(
  policy: RetryPolicy,
  attempt: () => Promise<T>,
  sleeper: Sleeper = realSleeper,
  signal?: AbortSignal,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt()
    } catch (error) {
      if (!(error instanceof ApiCallError) || n >= policy.attempts || !policy.retryOn(error)) throw error
      await sleeper.sleep(backoffDelay(policy, n, () => sleeper.random()), signal)
    }
  }
}
