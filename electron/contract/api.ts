import { channels, type ChannelName, type ChannelRequest, type ChannelResponse } from './channels'
import { pushes, type PushName, type PushPayload } from './pushes'
import type { Reply } from './reply'

/**
 * The shape of `window.foyer`, derived from the contract so that preload (over
 * Electron IPC) and the browser bridge (over loopback HTTP) expose exactly the
 * same domain methods and nothing else: there is no generic invoke(anyChannel).
 */

type DomainOf<N extends string> = N extends `${infer D}.${string}` ? D : never
type MemberOf<N extends string, D extends string> = N extends `${D}.${infer M}` ? M : never
type EventMethodName<E extends string> = `on${Capitalize<E>}`

type MethodFor<C extends ChannelName> =
  ChannelRequest<C> extends Record<string, never>
    ? () => Promise<Reply<ChannelResponse<C>>>
    : (request: ChannelRequest<C>) => Promise<Reply<ChannelResponse<C>>>

type Unsubscribe = () => void
type ListenerFor<P extends PushName> = (listener: (payload: PushPayload<P>) => void) => Unsubscribe

export type FoyerApi = {
  readonly [D in DomainOf<ChannelName> | DomainOf<PushName>]: {
    readonly [M in MemberOf<ChannelName, D>]: MethodFor<Extract<`${D}.${M}`, ChannelName>>
  } & {
    readonly [E in MemberOf<PushName, D> as EventMethodName<E>]: ListenerFor<Extract<`${D}.${E}`, PushName>>
  }
}

/** How a host moves one call to main and one push back; each host supplies its own. */
export interface FoyerTransport {
  invoke(channel: ChannelName, request: unknown): Promise<Reply<unknown>>
  subscribe(push: PushName, listener: (payload: unknown) => void): Unsubscribe
}

function splitName(name: string): [domain: string, member: string] {
  const dot = name.indexOf('.')
  return [name.slice(0, dot), name.slice(dot + 1)]
}

function namespaceFor(api: Record<string, Record<string, unknown>>, domain: string) {
  api[domain] ??= {}
  return api[domain]
}

/** Builds the frozen domain API over a transport. */
export function createFoyerApi(transport: FoyerTransport): FoyerApi {
  const api: Record<string, Record<string, unknown>> = {}
  for (const channel of Object.keys(channels) as ChannelName[]) {
    const [domain, method] = splitName(channel)
    namespaceFor(api, domain)[method] = (request?: unknown) => transport.invoke(channel, request ?? {})
  }
  for (const push of Object.keys(pushes) as PushName[]) {
    const [domain, event] = splitName(push)
    const name = `on${event.charAt(0).toUpperCase()}${event.slice(1)}`
    namespaceFor(api, domain)[name] = (listener: (payload: unknown) => void) => transport.subscribe(push, listener)
  }
  for (const namespace of Object.values(api)) Object.freeze(namespace)
  return Object.freeze(api) as unknown as FoyerApi
}

/** The Electron IPC channel a push travels on, shared by main (sender) and preload (listener). */
export function electronPushChannel(push: PushName): string {
  return `foyer:push:${push}`
}
