import { request } from 'node:https'
import type { SeenCertificate } from '../../tests/support/hub-device'

/**
 * The dashboard's event stream as a signed-in manager's page reads it, timing each event as it
 * arrives. On main the stream pushes device tiles and alerts, not records: an upload shows as its
 * device's tile with `salesToday` counting the sale, and that is what the bench times.
 */
export interface TileSeen {
  deviceId: string
  salesToday: number
  /** performance.now() when the event's last byte was read. */
  at: number
}

export interface OpenStream {
  events: number
  close(): void
}

export function openEventStream(url: string, pinned: SeenCertificate, cookie: string, onTile: (tile: TileSeen) => void): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const headers = { cookie, accept: 'text/event-stream' }
    const req = request(new URL('/api/events', url), { method: 'GET', headers, ca: pinned.pem, checkServerIdentity: () => undefined }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`the event stream answered ${res.statusCode}`))
      const stream: OpenStream = { events: 0, close: () => res.destroy() }
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        const at = performance.now()
        buffer += chunk
        let end
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, end).split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6))
          buffer = buffer.slice(end + 2)
          if (data.length === 0) continue
          stream.events++
          // Read as the page would, but without the page's full parse: the load generator's CPU is the hub's too here.
          const event = JSON.parse(data.join('\n')) as { type: string; device?: { id: string; salesToday: number } }
          if (event.type === 'device' && event.device) onTile({ deviceId: event.device.id, salesToday: event.device.salesToday, at })
        }
      })
      res.once('data', () => resolve(stream))
    })
    req.once('error', reject)
    req.end()
  })
}
