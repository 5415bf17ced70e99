import type { IncomingHttpHeaders } from 'node:http'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest, type RequestOptions } from 'node:https'

/**
 * The bench's one way to make a request, so none of its requests can take the bench down. A
 * ClientRequest or its answer without an 'error' listener is an uncaught exception when the
 * connection is reset (under a load average of 5 the bench once died of an unhandled `socket hang
 * up`), and `.once('error')` leaves none for a second error; an answer cut off mid-body without a
 * listener never ends, and its caller waits for ever. Here both carry a listener for as long as
 * they live, and the promise settles exactly once: with the whole answer, or with the failure.
 */
export interface TextAnswer {
  status: number
  headers: IncomingHttpHeaders
  text: string
  /** From the request made to the whole answer read. */
  ms: number
}

/** What a failure is counted as: the socket's code (ECONNRESET, EPIPE, …; fetch's in its cause), else its message. */
export function failureCode(error: unknown): string {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | undefined
  if (typeof e?.code === 'string') return e.code
  if (typeof e?.cause?.code === 'string') return e.cause.code
  return error instanceof Error ? error.message : String(error)
}

/** Failures a device meets when the network or the hub drops a connection: its outbox sends again. */
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ETIMEDOUT', 'ECONNABORTED'])
export const isConnectionLost = (error: unknown): boolean => CONNECTION_LOST.has(failureCode(error))

/** Requests sent again (before and after the run: enrolment, the manager's, warm-up) by why the first failed. */
export const retriedOutsideRun = new Map<string, number>()

/** `work`, tried again (up to `tries` in all, a moment apart) while it fails with a lost connection. */
export async function retryingLostConnections<T>(work: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (attempt >= tries || !isConnectionLost(error)) throw error
      const code = failureCode(error)
      retriedOutsideRun.set(code, (retriedOutsideRun.get(code) ?? 0) + 1)
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
    }
  }
}

const lostMidAnswer = () => Object.assign(new Error('aborted'), { code: 'ECONNRESET' })

/** One request, its answer read whole. http: URLs (the tests' local servers) go over plain HTTP. */
export function requestText(url: URL, options: RequestOptions, payload?: string): Promise<TextAnswer> {
  const started = performance.now()
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest
  return new Promise((resolve, reject) => {
    let settled = false
    const fail = (error: Error) => {
      if (settled) return
      settled = true
      reject(error)
    }
    const req = send(url, options, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', fail)
      // Node emits no 'error' on an answer cut off when nobody listens, and then no 'end' either.
      res.on('close', () => {
        if (!res.complete) fail(lostMidAnswer())
      })
      res.on('end', () => {
        if (settled) return
        settled = true
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started })
      })
    })
    req.on('error', fail)
    req.end(payload)
  })
}

/** The answer's JSON (undefined when empty); a body that is not JSON rejects rather than throwing in a listener. */
export const jsonOf = (text: string): unknown => (text ? (JSON.parse(text) as unknown) : undefined)
