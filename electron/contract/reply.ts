import { z } from 'zod'

/**
 * Every channel answers with a Reply envelope instead of throwing. Errors thrown
 * across Electron's contextBridge lose their class and fields (only `message`
 * survives), and the browser host carries replies as JSON anyway, so a plain
 * tagged union is the one shape that arrives intact over both transports.
 */
export const errorReplySchema = z.object({
  /** Stable machine code, e.g. `contract.invalid-request` or an API errorCode. */
  code: z.string().min(1),
  /** i18n key of the text shown to the customer or staff (see renderer locales). */
  messageKey: z.string().min(1),
  /** Whether asking again may succeed (busy, network); false for bad input. */
  retryable: z.boolean(),
  /** Developer-facing detail. Never carries secrets, tokens or request payloads. */
  detail: z.string().optional(),
})
export type ErrorReply = z.infer<typeof errorReplySchema>

export type Reply<T> = { ok: true; value: T } | { ok: false; error: ErrorReply }

/** Codes the contract layer itself produces; services add the API's own codes. */
export const ContractErrorCode = {
  UnknownChannel: 'contract.unknown-channel',
  InvalidRequest: 'contract.invalid-request',
  InvalidResponse: 'contract.invalid-response',
  UntrustedSender: 'contract.untrusted-sender',
  Unauthorized: 'contract.unauthorized',
  TransportFailed: 'contract.transport-failed',
  Internal: 'internal',
} as const

export function okReply<T>(value: T): Reply<T> {
  return { ok: true, value }
}

export function errorReply(error: ErrorReply): Reply<never> {
  return { ok: false, error }
}

/** A reply that is not a well-formed envelope is itself reported as a transport failure. */
export const replySchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: errorReplySchema }),
])
