import { describe, expect, it } from 'vitest'
import { createWebBridge } from '../../renderer/src/bridge/web-bridge'

/**
 * The browser bridge's push stream: server-sent events read with fetch (the
 * token header rules out EventSource). A stream arrives in chunks cut
 * anywhere, also between the CR and the LF of one line end.
 */
const info = { appName: 'Foyer', appVersion: '1.0.0', mode: 'counter', backend: 'sandbox', host: 'browser', backendReachable: true, kioskLock: 'none' }

/** A fetch whose push stream sends `chunks` and then stays open. */
function streamingFetch(chunks: string[]): typeof fetch {
  return (async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    )) as typeof fetch
}

async function received(chunks: string[]): Promise<unknown[]> {
  const foyer = createWebBridge({ baseUrl: 'http://127.0.0.1:1/', token: 't', fetch: streamingFetch(chunks) })
  const got: unknown[] = []
  const stop = foyer.system.onChanged((payload) => got.push(payload))
  await expect.poll(() => got.length).toBeGreaterThan(0)
  // Anything else already in the stream arrives in the same turn.
  await new Promise((resolve) => setTimeout(resolve, 20))
  stop()
  return got
}

describe('pushes over the browser bridge', () => {
  const event = `event: system.changed\r\ndata: ${JSON.stringify(info)}\r\n\r\n`

  it('delivers a push whose CRLF line ends fall across two chunks', async () => {
    const cut = event.indexOf('\r\n') + 1
    expect(await received([': connected\r\n\r\n', event.slice(0, cut), event.slice(cut)])).toEqual([info])
  })

  it('delivers each push once, with the stream cut at every character', async () => {
    const stream = `retry: 2000\n: keep-alive\n\n${event}event: system.changed\ndata: ${JSON.stringify({ ...info, mode: 'self-service' })}\n\n`
    expect(await received([...stream])).toEqual([info, { ...info, mode: 'self-service' }])
  })

  it('drops a push the contract does not describe, and keeps the stream', async () => {
    const bad = `event: system.changed\ndata: {"appName":1}\n\n`
    expect(await received([bad, event])).toEqual([info])
  })
})
