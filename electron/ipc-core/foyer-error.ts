import type { ErrorReply } from '../contract'

/**
 * The error services throw when they want the renderer to get a specific typed
 * reply. Anything else a service throws becomes a generic `internal` reply, so
 * an unexpected exception never leaks its message or stack to the renderer.
 */
export class FoyerError extends Error {
  readonly code: string
  readonly messageKey: string
  readonly retryable: boolean

  constructor(reply: ErrorReply, options?: { cause?: unknown }) {
    super(reply.detail ?? reply.code, options)
    this.name = 'FoyerError'
    this.code = reply.code
    this.messageKey = reply.messageKey
    this.retryable = reply.retryable
  }

  toReply(): ErrorReply {
    return { code: this.code, messageKey: this.messageKey, retryable: this.retryable, detail: this.message }
  }
}
