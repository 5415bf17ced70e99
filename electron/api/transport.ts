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
}

export interface HttpAnswer {
  status: number
  body: unknown
  /** True when the body was present but not JSON. */
  notJson: boolean
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
  try {
    response = await fetchImpl(request.url, { method: request.method, headers, body, signal })
    text = await response.text()
  } catch (error) {
    if (request.signal?.aborted) throw cancelled(`${where(request)} cancelled`)
    if (deadline.aborted) throw timeoutFailure(`${where(request)} gave no answer within ${request.timeoutMs} ms`)
    throw networkFailure(`${where(request)} could not reach the backend`, error)
  }
  if (text.trim() === '') return { status: response.status, body: undefined, notJson: false }
  try {
    return { status: response.status, body: JSON.parse(text), notJson: false }
  } catch {
    return { status: response.status, body: undefined, notJson: true }
  }
}
