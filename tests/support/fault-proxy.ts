import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback proxy in front of a real sandbox, for fault tests: it forwards
 * every request unchanged unless a rule says to fail it. The sandbox itself
 * still does all the work; the proxy only breaks the wire, as networks and
 * overloaded services do.
 */
export type Fault =
  | { kind: 'status'; status: number; body?: unknown } // answer this instead of forwarding
  | { kind: 'slow'; delayMs: number } // forward after a delay
  | { kind: 'close' } // drop the connection without answering
  | { kind: 'late-answer'; delayMs: number } // forward at once, hold the answer back
  | { kind: 'lose-answer' } // forward (the backend acts on it), then drop the connection instead of answering
  | { kind: 'rewrite'; body: (text: string) => string; delayMs?: number } // forward, then answer a changed body (after a delay)

interface Rule {
  match: RegExp
  method?: string
  fault: Fault
  remaining: number
}

export class FaultProxy {
  readonly #rules: Rule[] = []
  readonly #server: Server
  readonly seen: { method: string; path: string }[] = []
  #origin = ''

  private constructor(private readonly target: URL) {
    this.#server = createServer((req, res) => void this.#handle(req, res))
  }

  static async start(targetOrigin: string): Promise<FaultProxy> {
    const proxy = new FaultProxy(new URL(targetOrigin))
    await new Promise<void>((resolve) => proxy.#server.listen(0, '127.0.0.1', resolve))
    proxy.#origin = `http://127.0.0.1:${(proxy.#server.address() as AddressInfo).port}`
    return proxy
  }

  get origin(): string {
    return this.#origin
  }

  /** The same URL, through the proxy. */
  via(url: string): string {
    const u = new URL(url)
    return `${this.#origin}${u.pathname}${u.search}`
  }

  /** Apply `fault` to the next `times` requests whose path matches. */
  fail(match: RegExp, fault: Fault, times = 1, method?: string): void {
    this.#rules.push({ match, fault, remaining: times, method })
  }

  clear(): void {
    this.#rules.length = 0
  }

  count(match: RegExp, method?: string): number {
    return this.seen.filter((s) => match.test(s.path) && (!method || s.method === method)).length
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections()
    await new Promise<void>((resolve) => this.#server.close(() => resolve()))
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url ?? '/'
    this.seen.push({ method: req.method ?? 'GET', path })
    const rule = this.#rules.find((r) => r.remaining > 0 && r.match.test(path) && (!r.method || r.method === req.method))
    if (rule) rule.remaining--
    const fault = rule?.fault
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)

    if (fault?.kind === 'status') {
      res.writeHead(fault.status, { 'content-type': 'application/json' }).end(JSON.stringify(fault.body ?? { httpStatus: String(fault.status) }))
      return
    }
    if (fault?.kind === 'close') {
      req.socket.destroy()
      return
    }
    if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs))

    const upstream = forward(
      { host: this.target.hostname, port: this.target.port, method: req.method, path, headers: { ...req.headers, host: this.target.host } },
      (answer) => {
        const parts: Buffer[] = []
        answer.on('data', (c: Buffer) => parts.push(c))
        answer.on('end', () => {
          let payload = Buffer.concat(parts)
          const headers = { ...answer.headers }
          if (fault?.kind === 'rewrite') {
            payload = Buffer.from(fault.body(payload.toString('utf8')))
            headers['content-length'] = String(payload.length)
            delete headers['transfer-encoding']
          }
          const send = () => {
            if (res.destroyed) return
            res.writeHead(answer.statusCode ?? 502, headers).end(payload)
          }
          const delayMs = fault?.kind === 'late-answer' ? fault.delayMs : fault?.kind === 'rewrite' ? (fault.delayMs ?? 0) : 0
          if (fault?.kind === 'lose-answer') res.destroy()
          else if (delayMs > 0) setTimeout(send, delayMs)
          else send()
        })
      },
    )
    upstream.on('error', () => res.destroy())
    upstream.end(body)
  }
}
