import { request, type RequestOptions } from 'node:https'
import type { IncomingMessage } from 'node:http'
import { DashboardEvent } from '../../hub/protocol'
import { seeCertificate, type SeenCertificate } from './hub-device'

/**
 * A manager's browser on the dashboard, as far as the hub can tell: it keeps the session cookie the
 * hub sets, sends the page's Origin with every request that changes something (unless told to send
 * another, or none), and trusts the hub's certificate as a manager who accepted it once does.
 */
export interface Answer {
  status: number
  body: unknown
  headers: IncomingMessage['headers']
  /** The answer's body as sent. */
  bytes: Buffer
}

export interface ManagerBrowser {
  url: string
  cookie: string | undefined
  send(method: string, path: string, body?: unknown, options?: { origin?: string | null }): Promise<Answer>
  /** The event stream, open (its first line read) when the promise resolves. */
  events(): Promise<EventStream>
}

export interface EventStream {
  /** Resolves with the first event (already pushed or still to come) that `matches`; the test's timeout bounds the wait. */
  next(matches: (event: DashboardEvent) => boolean): Promise<DashboardEvent>
  close(): void
}

function tls(pinned: SeenCertificate): Pick<RequestOptions, 'ca' | 'checkServerIdentity'> {
  return { ca: pinned.pem, checkServerIdentity: () => undefined }
}

function eventStream(response: IncomingMessage): EventStream {
  const seen: DashboardEvent[] = []
  const waiting: { matches: (event: DashboardEvent) => boolean; resolve: (event: DashboardEvent) => void }[] = []
  let buffer = ''
  response.setEncoding('utf8')
  response.on('data', (chunk: string) => {
    buffer += chunk
    let end
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer.slice(0, end).split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6))
      buffer = buffer.slice(end + 2)
      if (data.length === 0) continue
      const event = DashboardEvent.parse(JSON.parse(data.join('\n')))
      seen.push(event)
      for (const w of waiting.filter((w) => w.matches(event))) {
        waiting.splice(waiting.indexOf(w), 1)
        w.resolve(event)
      }
    }
  })
  return {
    next: (matches) => new Promise((resolve) => {
      const already = seen.find(matches)
      if (already) resolve(already)
      else waiting.push({ matches, resolve })
    }),
    close: () => response.destroy(),
  }
}

export async function managerBrowser(url: string): Promise<ManagerBrowser> {
  const pinned = await seeCertificate(url)
  const origin = new URL(url).origin
  const browser: ManagerBrowser = {
    url,
    cookie: undefined,
    send(method, path, body, options = {}) {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const sentOrigin = options.origin === undefined ? origin : options.origin
      const headers: Record<string, string> = {
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...(sentOrigin && method !== 'GET' ? { origin: sentOrigin } : {}),
        ...(browser.cookie ? { cookie: browser.cookie } : {}),
      }
      return new Promise((resolve, reject) => {
        const req = request(new URL(path, url), { method, headers, ...tls(pinned) }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.once('end', () => {
            const setCookie = res.headers['set-cookie']?.[0]
            if (setCookie) browser.cookie = /Max-Age=0/.test(setCookie) ? undefined : setCookie.split(';')[0]
            const bytes = Buffer.concat(chunks)
            const text = bytes.toString('utf8')
            // A file the hub sends (CSV, workbook, PDF) is kept as its bytes; any other answer is JSON.
            const json = text !== '' && !res.headers['content-disposition']
            resolve({ status: res.statusCode ?? 0, body: json ? (JSON.parse(text) as unknown) : undefined, headers: res.headers, bytes })
          })
        })
        req.once('error', reject)
        req.end(payload)
      })
    },
    events() {
      return new Promise((resolve, reject) => {
        const headers = browser.cookie ? { cookie: browser.cookie, accept: 'text/event-stream' } : {}
        const req = request(new URL('/api/events', url), { method: 'GET', headers, ...tls(pinned) }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`the event stream answered ${res.statusCode}`))
          const stream = eventStream(res)
          res.once('data', () => resolve(stream))
        })
        req.once('error', reject)
        req.end()
      })
    },
  }
  return browser
}

/** Signs the browser in (it keeps the cookie); throws when the hub refuses. */
export async function signIn(browser: ManagerBrowser, name: string, password: string): Promise<void> {
  const answer = await browser.send('POST', '/api/session', { name, password })
  if (answer.status !== 200) throw new Error(`sign-in refused: ${answer.status} ${JSON.stringify(answer.body)}`)
}
