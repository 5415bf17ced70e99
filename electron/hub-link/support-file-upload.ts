import { SUPPORT_FILE_MAX_BYTES, SUPPORT_FILE_PATHS, SupportFileUploadAnswer } from '../../hub/protocol'
import type { Logger } from '../ipc-core/logger'
import type { HubAnswer } from './pinned-https'

/**
 * A support file a manager asked for from the hub (hub/protocol/support-file.ts): the heartbeat's answer
 * names the request; the file is made as "Save logs for support" makes it (`make`, from the services) and
 * sent once. Never waited for by the heartbeat: making it reads the logs and the journal, and a sale must
 * not wait on that. One at a time. What was sent is remembered in memory: the hub stops asking once it has
 * the file, and a device restarted before it got there is asked again and sends it again.
 */
export interface SupportFileUploadOptions {
  /** The support file's JSON text, redacted as "Save logs for support" redacts it. */
  make: () => Promise<string>
  /** POSTs a body already written as JSON. */
  post: (path: string, json: string) => Promise<HubAnswer>
  log: Logger & { info?(message: string, fields?: Record<string, unknown>): void }
}

export class SupportFileUpload {
  readonly #answered = new Set<string>()
  #sending: Promise<void> | null = null

  constructor(private readonly options: SupportFileUploadOptions) {}

  /** The heartbeat's answer: a request not answered yet is made and sent, after the heartbeat, in the background. */
  heard(wanted: { id: string } | undefined): void {
    if (!wanted || this.#answered.has(wanted.id) || this.#sending) return
    this.#sending = this.#send(wanted.id).finally(() => {
      this.#sending = null
    })
  }

  /** Settles once nothing is being sent (stopping the link, the tests). */
  settled(): Promise<void> {
    return this.#sending ?? Promise.resolve()
  }

  async #send(requestId: string): Promise<void> {
    const { log } = this.options
    try {
      // The file comes as text (its logs written on a worker thread: ../logging/support-logs.ts), put in the body as it is.
      const body = `{"requestId":${JSON.stringify(requestId)},"file":${await this.options.make()}}`
      const answer = await this.options.post(SUPPORT_FILE_PATHS.upload, body)
      const parsed = answer.status === 200 ? SupportFileUploadAnswer.safeParse(answer.body) : null
      // Refused as it is (unreadable, too large): the same file would be refused again at every heartbeat.
      if (answer.status >= 400 && answer.status < 500) {
        this.#answered.add(requestId)
        log.warn('the hub refused the support file it asked for', { status: answer.status, limitBytes: SUPPORT_FILE_MAX_BYTES })
        return
      }
      if (!parsed?.success) throw new Error(`the hub answered the support file with ${answer.status}`)
      this.#answered.add(requestId)
      log.info?.('sent the support file the hub asked for', { outcome: parsed.data.outcome })
    } catch (error) {
      log.warn('could not send the support file the hub asked for; its next heartbeat asks again', { reason: (error as Error).message })
    }
  }
}
