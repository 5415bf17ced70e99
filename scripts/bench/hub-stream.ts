import type { IncomingMessage } from 'node:http'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { createParser } from 'eventsource-parser'
import type { SeenCertificate } from '../../tests/support/hub-device'
import { failureCode } from './hub-http'

/**
 * The dashboard's event stream as a signed-in manager's page reads it, timing each event as it
 * arrives. On main the stream pushes device tiles and alerts, not records: an upload shows as its
 * device's tile with `salesToday` counting the sale, and that is what the bench times.
 *
 * A stream the hub or the network drops is opened again, as the page's EventSource does, and counted:
 * its request and its answer keep an 'error' listener for as long as they live, so a reset after the
 * stream opened is a reconnection, not an uncaught exception in the bench.
 */
export interface TileSeen {
  deviceId: string
  salesToday: number
  /** performance.now() when the event's last byte was read. */
  at: number
}

export interface OpenStream {
  events: number
  /** Times the stream was opened again after it was lost, and why it was lost (code, or 'ended'). */
  reconnects: number
  lost: Map<string, number>
  close(): void
}

const RECONNECT_MS = 250
/** Tries at opening the stream the first time, before the bench gives up. */
const FIRST_TRIES = 5

export function openEventStream(url: string, pinned: SeenCertificate | undefined, cookie: string, onTile: (tile: TileSeen) => void): Promise<OpenStream> {
  const stream: OpenStream = { events: 0, reconnects: 0, lost: new Map(), close: () => undefined }
  let closed = false
  let current: { destroy(): void } | undefined
  stream.close = () => {
    closed = true
    current?.destroy()
  }
  return new Promise((resolve, reject) => {
    let failedFirst = 0
    let everOpened = false
    const lostOnce = (why: string) => {
      if (closed) return
      stream.lost.set(why, (stream.lost.get(why) ?? 0) + 1)
      // Once open, it is opened again for as long as the bench runs; the first opening is tried a few times.
      if (!everOpened && ++failedFirst >= FIRST_TRIES) return reject(new Error(`the event stream could not be opened: ${why}`))
      setTimeout(() => {
        if (closed) return
        stream.reconnects++
        open()
      }, RECONNECT_MS)
    }
    const open = () => {
      let done = false
      const lost = (why: string) => {
        if (done) return
        done = true
        lostOnce(why)
      }
      const req = connect(url, pinned, cookie, (res) => {
        if (res.statusCode !== 200) {
          res.resume()
          return lost(`HTTP ${res.statusCode}`)
        }
        res.on('error', (error) => lost(failureCode(error)))
        res.on('close', () => lost(res.complete ? 'ended' : 'ECONNRESET'))
        res.once('data', () => {
          everOpened = true
          resolve(stream)
        })
        readEvents(res, stream, onTile)
      })
      current = req
      req.on('error', (error) => lost(failureCode(error)))
      req.end()
    }
    open()
  })
}

function connect(url: string, pinned: SeenCertificate | undefined, cookie: string, onAnswer: (res: IncomingMessage) => void) {
  const headers = { cookie, accept: 'text/event-stream' }
  const target = new URL('/api/events', url)
  if (target.protocol === 'http:') return httpRequest(target, { method: 'GET', headers }, onAnswer)
  return httpsRequest(target, { method: 'GET', headers, ca: pinned?.pem, checkServerIdentity: () => undefined }, onAnswer)
}

/** The stream's events, framed by eventsource-parser (the browser bridge's), each tile timed at the chunk it came in. */
function readEvents(res: IncomingMessage, stream: OpenStream, onTile: (tile: TileSeen) => void): void {
  let at = 0
  const parser = createParser({
    onEvent: ({ data }) => {
      stream.events++
      // Read as the page would, but without the page's full parse: the load generator's CPU is the hub's too here.
      const event = JSON.parse(data) as { type: string; device?: { id: string; salesToday: number } }
      if (event.type === 'device' && event.device) onTile({ deviceId: event.device.id, salesToday: event.device.salesToday, at })
    },
  })
  res.setEncoding('utf8')
  res.on('data', (chunk: string) => {
    at = performance.now()
    parser.feed(chunk)
  })
}
