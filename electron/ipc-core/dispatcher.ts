import type { z } from 'zod'
import {
  channels,
  ContractErrorCode,
  errorReply,
  isChannelName,
  okReply,
  type ChannelName,
  type ChannelRequest,
  type ChannelResponse,
  type Reply,
} from '../contract'
import { FoyerError } from './foyer-error'
import type { Logger } from './logger'
import { describeError, scrubText } from './log-safe'

/** What a handler knows about who is calling. */
export interface CallContext {
  /** Which host carried the call; handlers must not need it, logs do. */
  transport: 'ipc' | 'browser-host' | 'test'
}

export type Handler<C extends ChannelName> = (
  request: z.output<(typeof channels)[C]['request']>,
  context: CallContext,
) => Promise<ChannelResponse<C>> | ChannelResponse<C>

/** One handler for every channel of the contract: the compiler says which are missing. */
export type Handlers = { [C in ChannelName]: Handler<C> }

/** Summarises zod issues by path and kind only: the offending values may be secrets. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.code}`)
    .join('; ')
}

export interface Dispatcher {
  dispatch(channel: string, payload: unknown, context: CallContext): Promise<Reply<unknown>>
}

/**
 * Validates a call against the contract, runs its handler, validates the answer
 * and turns every failure into a typed error reply. It is the only path from a
 * transport (Electron IPC, the browser host) to a service, so both transports
 * behave identically and no failure can crash the process.
 */
export function createDispatcher(handlers: Handlers, log: Logger): Dispatcher {
  async function dispatch(channel: string, payload: unknown, context: CallContext): Promise<Reply<unknown>> {
    if (!isChannelName(channel)) {
      return errorReply({
        code: ContractErrorCode.UnknownChannel,
        messageKey: 'errors.contract.unknownChannel',
        retryable: false,
        detail: `no channel named ${JSON.stringify(channel.slice(0, 80))}`,
      })
    }
    const schema = channels[channel]
    const request = schema.request.safeParse(payload)
    if (!request.success) {
      return errorReply({
        code: ContractErrorCode.InvalidRequest,
        messageKey: 'errors.contract.invalidRequest',
        retryable: false,
        detail: `${channel}: ${describeIssues(request.error)}`,
      })
    }
    let value: unknown
    try {
      const handler = handlers[channel] as (request: unknown, context: CallContext) => unknown
      value = await handler(request.data, context)
    } catch (error) {
      if (error instanceof FoyerError) {
        // A detail built from a lower layer's message may name a file; it is said without the path.
        const reply = error.toReply()
        return errorReply(reply.detail === undefined ? reply : { ...reply, detail: scrubText(reply.detail) })
      }
      // Name and message only: the stack and any path stay out of the log as well as the reply.
      log.error('handler failed', { channel, transport: context.transport, error: describeError(error) })
      return errorReply({ code: ContractErrorCode.Internal, messageKey: 'errors.internal', retryable: true })
    }
    const response = schema.response.safeParse(value)
    if (!response.success) {
      // A service answered outside the contract: a bug on our side, never the caller's.
      log.error('handler answered outside the contract', { channel, issues: describeIssues(response.error) })
      return errorReply({
        code: ContractErrorCode.InvalidResponse,
        messageKey: 'errors.internal',
        retryable: false,
        detail: `${channel}: response does not match the contract`,
      })
    }
    return okReply(response.data)
  }
  return { dispatch }
}

/** Typed direct call for main-side code and tests (still fully validated). */
export async function call<C extends ChannelName>(
  dispatcher: Dispatcher,
  channel: C,
  request: ChannelRequest<C>,
  context: CallContext = { transport: 'test' },
): Promise<Reply<ChannelResponse<C>>> {
  return (await dispatcher.dispatch(channel, request, context)) as Reply<ChannelResponse<C>>
}

/** Handlers for every channel of `channelMap` that all refuse with the error `refusal()` makes. */
export function refusingHandlers<H>(channelMap: object, refusal: () => Error): H {
  const refuse = () => {
    throw refusal()
  }
  return Object.fromEntries(Object.keys(channelMap).map((name) => [name, refuse])) as H
}
