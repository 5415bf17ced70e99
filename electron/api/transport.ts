import { cancelled, networkFailure, timeoutFailure } from './api-error'

/**
 * One HTTP exchange with a deadline and the caller's cancellation. Answers
 * with the status and the parsed JSON body (undefined for an empty body);
 * failures to reach the host, to answer in time or to stay wanted become
 * ApiCallErrors. Request and response bodies never go into errors or logs.
 */
export interface HttpRequest {
  method: 'GET' | 'POST'
  url: URL
  headers: Record<string, string>
  body?: unknown
  timeoutMs: number
  signal?: AbortSignal
  /** Learns the vendor's clock from the answer's Date header (vendor-clock.ts). */
  clock?: ClockObserver
}

export interface ClockObserver {
  localNow(): number
  observe(dateHeader: string | null, sentAt: number, receivedAt: number): void
}

export interface HttpAnswer {
  status: number
  body: unknown
  /** True when the body was present but not JSON. */
  notJson: boolean
  /** The body as it came, for salvaging what an unreadable answer did (a seat offer's seats). Never logged. */
  text: string
}

export type Fetch = typeof globalThis.fetch

/** Path and operation only: query strings may carry a customer's search text. */
const where = (request: HttpRequest) => `${request.method} ${request.url.pathname}`

export async function exchange(fetchImpl: Fetch, request: HttpRequest): Promise<HttpAnswer> {
  if (request.signal?.aborted) throw cancelled(`${where(request)} cancelled before it was sent`)
  const deadline = AbortSignal.timeout(request.timeoutMs)
  const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline
  const headers = { ...request.headers }
  let body: string | undefined
  if (request.body !== undefined) {
    body = JSON.stringify(request.body)
    headers['content-type'] = 'application/json'
  }
  let response: Response
  let text: string
  const sentAt = request.clock?.localNow() ?? 0
  try {
    response = await fetchImpl(request.url, { method: request.method, headers, body, signal })
    request.clock?.observe(response.headers.get('date'), sentAt, request.clock.localNow())
    text = await response.text()
  } catch (error) {
    if (request.signal?.aborted) throw cancelled(`${where(request)} cancelled`)
    if (deadline.aborted) throw timeoutFailure(`${where(request)} gave no answer within ${request.timeoutMs} ms`)
    throw networkFailure(`${where(request)} could not reach the backend`, error)
  }
  if (text.trim() === '') return { status: response.status, body: undefined, notJson: false, text }
  try {
    return { status: response.status, body: JSON.parse(text), notJson: false, text }
  } catch {
    return { status: response.status, body: undefined, notJson: true, text }
  }
}
