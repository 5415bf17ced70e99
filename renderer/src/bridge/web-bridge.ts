import {
  ContractErrorCode,
  createFoyerApi,
  isPushName,
  pushes,
  replySchema,
  type FoyerApi,
  type PushName,
  type Reply,
} from '@contract'
import { EventSourceParserStream } from 'eventsource-parser/stream'

/**
 * `window.foyer` for the browser host: the same domain API as Electron's
 * preload, carried over loopback HTTP (calls) and server-sent events (pushes).
 * Used only when the renderer runs outside Electron (tests, `start:web`).
 */
export interface WebBridgeOptions {
  /** Origin of the browser host, with a trailing slash. */
  baseUrl: string
  token: string
  fetch?: typeof fetch
  /** First reconnect delay of the push stream; doubles up to 10 s. */
  reconnectMs?: number
}

function transportFailed(detail: string): Reply<never> {
  return {
    ok: false,
    error: {
      code: ContractErrorCode.TransportFailed,
      messageKey: 'errors.contract.transportFailed',
      retryable: true,
      detail,
    },
  }
}

export function createWebBridge(options: WebBridgeOptions): FoyerApi {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  const auth = { authorization: `Bearer ${options.token}` }
  const listeners = new Map<PushName, Set<(payload: unknown) => void>>()
  let stream: AbortController | null = null

  async function invoke(channel: string, request: unknown): Promise<Reply<unknown>> {
    let response: Response
    try {
      response = await doFetch(new URL(`ipc/${encodeURIComponent(channel)}`, options.baseUrl), {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(request),
      })
    } catch (error) {
      return transportFailed(`host unreachable: ${(error as Error).message}`)
    }
    try {
      const parsed = replySchema.safeParse(await response.json())
      return parsed.success ? (parsed.data as Reply<unknown>) : transportFailed(`malformed reply (${response.status})`)
    } catch {
      return transportFailed(`reply is not JSON (${response.status})`)
    }
  }

  function deliver(event: string, data: string): void {
    if (!isPushName(event)) return
    let payload: unknown
    try {
      payload = pushes[event].parse(JSON.parse(data))
    } catch {
      return // A push the contract does not describe is dropped, never half-applied.
    }
    for (const listener of listeners.get(event) ?? []) listener(payload)
  }

  async function runStream(controller: AbortController): Promise<void> {
    let delay = options.reconnectMs ?? 500
    while (!controller.signal.aborted) {
      try {
        const response = await doFetch(new URL('push', options.baseUrl), { headers: auth, signal: controller.signal })
        if (!response.ok || !response.body) throw new Error(`push stream refused (${response.status})`)
        delay = options.reconnectMs ?? 500
        // EventSource cannot send the token header, so the stream is read with fetch and parsed by eventsource-parser.
        const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader()
        for (;;) {
          const { value, done } = await events.read()
          if (done) break
          deliver(value.event ?? 'message', value.data)
        }
      } catch {
        if (controller.signal.aborted) return
      }
      await new Promise((resolve) => setTimeout(resolve, delay))
      delay = Math.min(delay * 2, 10_000)
    }
  }

  function subscribe(push: PushName, listener: (payload: unknown) => void): () => void {
    let set = listeners.get(push)
    if (!set) listeners.set(push, (set = new Set()))
    set.add(listener)
    if (!stream) {
      stream = new AbortController()
      void runStream(stream)
    }
    return () => {
      set.delete(listener)
      const anyLeft = [...listeners.values()].some((s) => s.size > 0)
      if (!anyLeft && stream) {
        stream.abort()
        stream = null
      }
    }
  }

  return createFoyerApi({ invoke, subscribe })
}

const TOKEN_KEY = 'foyer.hostToken'

/**
 * The browser host hands its per-run token in the URL fragment (`#token=…`),
 * which is never sent to a server. Keep it for this tab's reloads and take it
 * out of the address bar.
 */
export function takeHostToken(location: Location, storage: Storage, history: History): string {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash)
  if (match?.[1]) {
    const token = decodeURIComponent(match[1])
    storage.setItem(TOKEN_KEY, token)
    history.replaceState(history.state, '', location.pathname + location.search)
    return token
  }
  return storage.getItem(TOKEN_KEY) ?? ''
}
