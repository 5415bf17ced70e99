import { mkdtempSync, rmSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer, type Server } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadHubTls } from '../../hub/server/tls'
import { pinnedAgent, postOn } from '../../scripts/bench/hub-devices'
import { failureCode } from '../../scripts/bench/hub-http'
import { benchManager } from '../../scripts/bench/hub-manager-client'
import { openEventStream, type TileSeen } from '../../scripts/bench/hub-stream'

/**
 * `npm run bench:hub` under load once died of an unhandled `socket hang up` (ECONNRESET). Its request
 * helpers against a local hub stand-in that resets connections: each reset is a rejection with its
 * code (which the bench counts and retries), and the event stream is opened again, never an uncaught
 * exception (vitest fails a file on one).
 */
let server: Server
let url: string
let pinned: { fingerprint: string; pem: string }
let streamsOpened = 0
const dataDir = mkdtempSync(join(tmpdir(), 'foyer-bench-resets-'))

// A TLS socket cannot send a TCP reset itself: the connection under it does.
const rawSockets = new Map<number, Socket>()
const reset = (req: IncomingMessage) => void rawSockets.get(req.socket.remotePort!)?.resetAndDestroy()

function answer(req: IncomingMessage, res: ServerResponse): void {
  if (req.url === '/reset-at-once') return reset(req)
  if (req.url === '/reset-mid-body') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
    res.write('{"status":')
    return void setTimeout(() => reset(req), 20)
  }
  if (req.url === '/api/events') {
    const n = ++streamsOpened
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(`data: ${JSON.stringify({ type: 'device', device: { id: 'kiosk-1', salesToday: n } })}\n\n`)
    // The first stream is reset after its event; the second stays open.
    if (n === 1) setTimeout(() => reset(req), 50)
    return
  }
  res.writeHead(404).end()
}

beforeAll(async () => {
  const tls = await loadHubTls({ dataDir })
  pinned = { fingerprint: tls.fingerprint, pem: tls.cert }
  server = createServer({ key: tls.key, cert: tls.cert }, answer)
  server.on('connection', (raw: Socket) => rawSockets.set(raw.remotePort!, raw))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  rmSync(dataDir, { recursive: true, force: true })
})

describe("the hub bench's requests when the hub resets the connection", () => {
  it('rejects an upload reset before its answer with ECONNRESET', async () => {
    const error = await postOn(pinnedAgent(pinned), url, '/reset-at-once', { records: [] }).catch((e: unknown) => e)
    expect(failureCode(error)).toBe('ECONNRESET')
  })

  it('rejects a heartbeat whose answer is cut off mid-body rather than waiting for ever', async () => {
    const error = await postOn(pinnedAgent(pinned), url, '/reset-mid-body', {}).catch((e: unknown) => e)
    expect(failureCode(error)).toBe('ECONNRESET')
  })

  it("rejects the manager's request cut off mid-body rather than waiting for ever", async () => {
    const error = await benchManager(url, pinned).send('GET', '/reset-mid-body').catch((e: unknown) => e)
    expect(failureCode(error)).toBe('ECONNRESET')
  })

  it('opens the event stream again after a reset, and counts it', async () => {
    const tiles: TileSeen[] = []
    const stream = await openEventStream(url, pinned, 'session=bench', (tile) => tiles.push(tile))
    try {
      await expect.poll(() => tiles.map((t) => t.salesToday)).toEqual([1, 2])
      expect((stream as { reconnects?: number }).reconnects).toBe(1)
    } finally {
      stream.close()
    }
  })
})
