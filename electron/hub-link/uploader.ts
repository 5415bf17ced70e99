import { HUB_PATHS, UploadAnswer } from '../../hub/protocol'
import { backoffDelay } from '../api/retry'
import type { Logger } from '../ipc-core/logger'
import type { Outbox } from './outbox'
import type { HubAnswer } from './pinned-https'

/**
 * Sends the outbox to the hub, a batch at a time, oldest first, until nothing waits. A batch the hub
 * does not answer (not reachable, killed mid-batch, an answer that does not read) is sent again after
 * a back-off with full jitter, doubling to a ceiling; the same records under the same ids, so the
 * hub stores each once and answers a repeat as it did the first time.
 */
export interface UploaderOptions {
  outbox: Outbox
  post: (path: string, body: unknown) => Promise<HubAnswer>
  log: Logger
  now: () => number
  /** The first wait after a failure, and the longest (tests shorten them); 1 s and 5 min. */
  backoff?: { baseMs: number; maxMs: number }
  random?: () => number
}

export class Uploader {
  #running: Promise<void> | null = null
  #again = false
  #failures = 0
  #retry: ReturnType<typeof setTimeout> | null = null
  #stopped = false

  constructor(private readonly options: UploaderOptions) {}

  /** Uploads what waits now (the journal wrote each record as it happened); one run at a time, a kick during one runs once more after. */
  kick(): Promise<void> {
    if (this.#stopped) return Promise.resolve()
    if (this.#running) {
      this.#again = true
      return this.#running
    }
    this.#running = this.#run().finally(() => {
      this.#running = null
      if (this.#again && !this.#stopped) {
        this.#again = false
        void this.kick()
      }
    })
    return this.#running
  }

  stop(): Promise<void> {
    this.#stopped = true
    if (this.#retry) clearTimeout(this.#retry)
    return this.#running ?? Promise.resolve()
  }

  async #run(): Promise<void> {
    const { outbox, log, now } = this.options
    try {
      for (let batch = outbox.nextBatch(); batch.length > 0 && !this.#stopped; batch = outbox.nextBatch()) {
        const answer = await this.options.post(HUB_PATHS.records, { records: batch })
        const parsed = answer.status === 200 ? UploadAnswer.safeParse(answer.body) : null
        if (!parsed?.success) throw new Error(`the hub answered the upload with ${answer.status}`)
        for (const conflict of parsed.data.results.filter((r) => r.outcome === 'conflict')) {
          log.warn('the hub holds another record under this id; it kept its own', { record: conflict.deviceRecordId })
        }
        outbox.answered(parsed.data.results, now())
        this.#failures = 0
      }
    } catch (error) {
      this.#failures += 1
      log.warn('could not upload the journal to the hub; trying again', { reason: (error as Error).message, waiting: outbox.waiting() })
      this.#later()
    }
  }

  #later(): void {
    if (this.#stopped || this.#retry) return
    const { baseMs, maxMs } = this.options.backoff ?? { baseMs: 1000, maxMs: 300_000 }
    const wait = backoffDelay({ baseDelayMs: baseMs, maxDelayMs: maxMs }, this.#failures, this.options.random ?? Math.random)
    this.#retry = setTimeout(() => {
      this.#retry = null
      void this.kick()
    }, wait)
    this.#retry.unref?.()
  }
}
