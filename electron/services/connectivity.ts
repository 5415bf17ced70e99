import type { Fetch } from '../api/transport'

/**
 * Whether the backend can be reached, as main sees it. Every exchange of the
 * API client passes through `watch(fetch)`: any HTTP answer means the backend
 * is there; a connection that fails outright means it is not. A call that only
 * timed out is ambiguous (a slow backend is not a missing one), so it asks the
 * backend directly instead of deciding.
 *
 * While offline the backend is asked again every `recheckMs`, so the banner
 * clears itself without the customer touching anything; while online and
 * quiet it is asked every `heartbeatMs`, so a kiosk idling on a screen learns
 * of an outage before the next customer does.
 */
export interface ConnectivityOptions {
  /** True when the backend answered (any HTTP status), false when it could not be reached. */
  probe: () => Promise<boolean>
  /** Called only when reachability changes. */
  onChange: (reachable: boolean) => void
  recheckMs?: number
  heartbeatMs?: number
  now?: () => number
}

export const defaultRecheckMs = 5_000
export const defaultHeartbeatMs = 30_000

export class ConnectivityMonitor {
  #reachable = true
  #lastAnswerAt: number
  #timer: ReturnType<typeof setTimeout> | null = null
  #probing: Promise<void> | null = null
  #stopped = true
  readonly #recheckMs: number
  readonly #heartbeatMs: number
  readonly #now: () => number

  constructor(private readonly options: ConnectivityOptions) {
    this.#recheckMs = options.recheckMs ?? defaultRecheckMs
    this.#heartbeatMs = options.heartbeatMs ?? defaultHeartbeatMs
    this.#now = options.now ?? Date.now
    this.#lastAnswerAt = this.#now()
  }

  get reachable(): boolean {
    return this.#reachable
  }

  /** The API client's fetch, reporting what each exchange says about reachability. */
  watch(fetchImpl: Fetch): Fetch {
    return async (input, init) => {
      try {
        const response = await fetchImpl(input, init)
        this.#set(true)
        return response
      } catch (error) {
        const signal = init?.signal
        if (!signal?.aborted) this.#set(false)
        else if (isTimeout(signal.reason)) void this.check()
        // Otherwise the caller gave up (screen left, idle reset): that says nothing about the backend.
        throw error
      }
    }
  }

  /** Asks the backend now (one question at a time). */
  check(): Promise<void> {
    this.#probing ??= this.options
      .probe()
      .catch(() => false)
      .then((answered) => this.#set(answered))
      .finally(() => {
        this.#probing = null
      })
    return this.#probing
  }

  start(): void {
    if (!this.#stopped) return
    this.#stopped = false
    this.#schedule()
  }

  stop(): void {
    this.#stopped = true
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
  }

  #set(reachable: boolean): void {
    if (reachable) this.#lastAnswerAt = this.#now()
    if (reachable === this.#reachable) return
    this.#reachable = reachable
    this.options.onChange(reachable)
    // Offline is re-checked sooner than online is heartbeaten: start the new rhythm now.
    this.#schedule()
  }

  #schedule(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    if (this.#stopped) return
    this.#timer = setTimeout(() => void this.#tick(), this.#reachable ? this.#heartbeatMs : this.#recheckMs)
    // Never keeps the process (or a test run) alive on its own.
    this.#timer.unref?.()
  }

  async #tick(): Promise<void> {
    this.#timer = null
    const quiet = this.#now() - this.#lastAnswerAt >= this.#heartbeatMs
    if (!this.#reachable || quiet) await this.check()
    if (!this.#timer) this.#schedule()
  }
}

function isTimeout(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError'
}

/**
 * Whether anything answers at the backend's address: a HEAD of the API's base
 * URL, no token. Any status counts (a 404 or 401 still means the host is up).
 */
export async function probeBackend(baseUrl: string, fetchImpl: Fetch = globalThis.fetch, timeoutMs = 5_000): Promise<boolean> {
  try {
    const response = await fetchImpl(baseUrl, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) })
    await response.body?.cancel()
    return true
  } catch {
    return false
  }
}
