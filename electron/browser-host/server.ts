import { timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ContractErrorCode, CUSTOMER_DISPLAY_CHANNELS, CUSTOMER_DISPLAY_PUSHES, errorReply, type Reply } from '../contract'
import { formatLogLine } from '../ipc-core/log-safe'
import type { AppServices } from '../services/app-services'
import { serveRenderer } from './static-files'

/**
 * The browser host: a development and test stand-in for Electron's IPC. It
 * carries the same contract to the same service objects, over HTTP requests
 * (`POST /ipc/<channel>`) and server-sent events (`GET /push`), so the real
 * renderer runs in a plain browser. It listens on loopback only, demands a
 * per-run bearer token, and is never part of the packaged app.
 */
export interface BrowserHostOptions {
  services: AppServices
  rendererDir: string
  token: string
  /**
   * The customer display's page's own token (issue #34): it opens `customerDisplay.view` and the push
   * stream (carrying `customerDisplay.changed` only), and nothing else. Absent: no customer display.
   */
  customerToken?: string
  port?: number
  /** Largest request body accepted; a sale's payloads are small. */
  maxBodyBytes?: number
  /** Comment line sent on idle push streams so proxies and browsers keep them open. */
  heartbeatMs?: number
}

export interface BrowserHost {
  url: string
  port: number
  close(): Promise<void>
}

const LOOPBACK = '127.0.0.1'

function sendReply(res: ServerResponse, status: number, reply: Reply<unknown>): void {
  const body = JSON.stringify(reply)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  })
  res.end(body)
}

/** A call refused before any service sees it: the typed invalid-request reply, with what was wrong. */
function refuseCall(res: ServerResponse, status: number, detail: string): void {
  sendReply(res, status, errorReply({ code: ContractErrorCode.InvalidRequest, messageKey: 'errors.contract.invalidRequest', retryable: false, detail }))
}

function tokenMatches(header: string | undefined, token: Buffer): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '')
  if (!match?.[1]) return false
  const given = Buffer.from(match[1])
  return given.length === token.length && timingSafeEqual(given, token)
}

/**
 * Whether a call's body is declared as JSON: `application/json`, optionally
 * with `charset=utf-8` (the only encoding JSON has, and the one the body is
 * decoded as). Anything else is refused before the body is read, because
 * text/plain, form and multipart bodies are what a web page may POST across
 * origins without a CORS preflight; demanding JSON takes that route away
 * independently of the token and Origin checks.
 */
function declaresJson(header: string | undefined): boolean {
  const [type = '', ...parameters] = (header ?? '').split(';').map((part) => part.trim().toLowerCase())
  if (type !== 'application/json') return false
  return parameters.every((parameter) => parameter === '' || /^charset\s*=\s*(?:utf-8|"utf-8")$/.test(parameter))
}

/**
 * Reads a request body up to `limit` bytes. Past the limit the rest is drained
 * and dropped rather than left unread, so the client gets its 413 instead of
 * hanging on a half-sent upload.
 */
async function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) {
    req.resume()
    return null
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size <= limit) chunks.push(chunk)
  }
  return size > limit ? null : Buffer.concat(chunks).toString('utf8')
}

/** A contract call: a JSON body of at most `maxBodyBytes`, dispatched like an IPC call from the renderer. */
async function handleCall(services: BrowserHostOptions['services'], maxBodyBytes: number, channel: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!declaresJson(req.headers['content-type'])) {
    req.resume() // drop the unread body so the connection can carry the next request
    refuseCall(res, 415, 'request body must be application/json')
    return
  }
  const body = await readBody(req, maxBodyBytes)
  if (body === null) {
    res.setHeader('connection', 'close')
    refuseCall(res, 413, 'request body too large')
    return
  }
  let payload: unknown
  try {
    payload = body === '' ? undefined : JSON.parse(body)
  } catch {
    refuseCall(res, 400, 'request body is not JSON')
    return
  }
  const reply = await services.dispatcher.dispatch(channel, payload, { transport: 'browser-host' })
  sendReply(res, 200, reply)
}

/** The push stream (server-sent events) a renderer listens on; `streams` holds it until it closes. */
function openPushStream(
  services: BrowserHostOptions['services'],
  streams: Set<ServerResponse>,
  heartbeatMs: number,
  req: IncomingMessage,
  res: ServerResponse,
  only: readonly string[] | null = null,
): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  })
  res.write('retry: 2000\n: connected\n\n')
  streams.add(res)
  const detach = services.pushes.attach((name, payload) => {
    // The customer display's stream carries its own push only: nothing else main says reaches that page.
    if (only && !only.includes(name)) return
    res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`)
  })
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), heartbeatMs)
  heartbeat.unref()
  req.on('close', () => {
    clearInterval(heartbeat)
    detach()
    streams.delete(res)
  })
}

/** An authorised request under /ipc/: a POST naming a contract channel. */
async function serveCall(services: BrowserHostOptions['services'], maxBodyBytes: number, url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST' || !url.pathname.startsWith('/ipc/')) {
    res.writeHead(405, { allow: url.pathname === '/push' ? 'GET' : 'POST' }).end()
    return
  }
  let channel: string
  try {
    channel = decodeURIComponent(url.pathname.slice('/ipc/'.length))
  } catch {
    // A broken %-escape names no channel: a bad request, not a failure of the host.
    sendReply(res, 400, errorReply({ code: ContractErrorCode.InvalidRequest, messageKey: 'errors.contract.invalidRequest', retryable: false, detail: 'malformed channel name' }))
    return
  }
  return handleCall(services, maxBodyBytes, channel, req, res)
}

function refuseUnauthorized(res: ServerResponse, status = 401): void {
  sendReply(res, status, errorReply({ code: ContractErrorCode.Unauthorized, messageKey: 'errors.contract.unauthorized', retryable: false }))
}

interface HostParts {
  services: BrowserHostOptions['services']
  streams: Set<ServerResponse>
  heartbeatMs: number
  maxBodyBytes: number
}

/** The customer display's token: its one channel and its push, every other call refused before any service sees it. */
async function serveCustomerDisplay(host: HostParts, url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (url.pathname === '/push' && req.method === 'GET') return openPushStream(host.services, host.streams, host.heartbeatMs, req, res, CUSTOMER_DISPLAY_PUSHES)
  if (!CUSTOMER_DISPLAY_CHANNELS.includes(url.pathname.slice('/ipc/'.length))) {
    req.resume()
    return refuseUnauthorized(res, 403)
  }
  return serveCall(host.services, host.maxBodyBytes, url, req, res)
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const { services, rendererDir, maxBodyBytes = 1 << 20, heartbeatMs = 15_000 } = options
  const token = Buffer.from(options.token)
  if (token.length < 16) throw new Error('browser host token must be at least 16 characters')
  const customerToken = options.customerToken === undefined ? null : Buffer.from(options.customerToken)
  if (customerToken && (customerToken.length < 16 || customerToken.equals(token))) throw new Error('the customer display token must be at least 16 characters and not the host token')
  const streams = new Set<ServerResponse>()
  let port = 0

  // A page on another site (or a DNS-rebound name) must not reach the services,
  // even if it guessed the token: check Host, and Origin when the browser sends it.
  const allowedHosts = () => [`${LOOPBACK}:${port}`, `localhost:${port}`]
  const allowedOrigins = () => allowedHosts().map((host) => `http://${host}`)

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!allowedHosts().includes(req.headers.host ?? '')) {
      res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' }).end('misdirected request')
      return
    }
    const url = new URL(req.url ?? '/', `http://${LOOPBACK}:${port}`)
    if (url.pathname === '/push' || url.pathname.startsWith('/ipc/')) {
      const origin = req.headers.origin
      if (origin !== undefined && !allowedOrigins().includes(origin)) return refuseUnauthorized(res)
      if (tokenMatches(req.headers.authorization, token)) {
        if (url.pathname === '/push' && req.method === 'GET') return openPushStream(services, streams, heartbeatMs, req, res)
        return serveCall(services, maxBodyBytes, url, req, res)
      }
      if (customerToken && tokenMatches(req.headers.authorization, customerToken)) return serveCustomerDisplay({ services, streams, heartbeatMs, maxBodyBytes }, url, req, res)
      return refuseUnauthorized(res)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    await serveRenderer(rendererDir, url.pathname, res, req.method === 'HEAD')
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      console.error(formatLogLine('browser host request failed', { error }))
      if (!res.headersSent) {
        sendReply(res, 500, errorReply({ code: ContractErrorCode.Internal, messageKey: 'errors.internal', retryable: true }))
      } else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, LOOPBACK, () => resolve())
  })
  port = (server.address() as AddressInfo).port

  return {
    url: `http://${LOOPBACK}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams) stream.end()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
