import { TokenSource } from '../api/token-source'
import type { ChargeRequest, PaymentResult, PaymentTerminal } from './payment-port'

/**
 * The sandbox payment terminal (electron/sandbox/terminal) over HTTP: what a
 * cloud terminal adapter looks like. A 504, a time-out or a connection that
 * fails after sending is "unknown" (the payment may have been taken); a 503
 * is a terminal that took nothing. Every request carries a bearer token from
 * the sandbox's token endpoint, as the sales API's do (the terminal refuses
 * anyone else with a 401, having charged nothing).
 */
export interface SandboxTerminalOptions {
  baseUrl: string
  /** The sandbox's token endpoint and the client Foyer sells as there. */
  authUrl: string
  clientId: string
  secret: () => Promise<string>
  timeoutMs?: number
  fetcher?: typeof fetch
  now?: () => number
}

interface TerminalPaymentBody {
  state: 'approved' | 'declined' | 'cancelled' | 'refunded'
  transactionId: string
  brand: string
  last4: string
}

const outcomeOf = (state: TerminalPaymentBody['state']): PaymentResult['outcome'] =>
  state === 'approved' || state === 'refunded' ? 'approved' : state === 'declined' ? 'declined' : 'cancelled'

function resultOf(body: TerminalPaymentBody): PaymentResult {
  return { outcome: outcomeOf(body.state), transactionId: body.transactionId, brand: body.brand, last4: body.last4 }
}

const unknown = (detail: string): PaymentResult => ({ outcome: 'unknown', transactionId: null, brand: null, last4: null, detail })

export class SandboxTerminalClient implements PaymentTerminal {
  readonly name = 'sandbox-terminal'
  readonly takesTestCards = true

  readonly #baseUrl: string
  readonly #timeoutMs: number
  readonly #fetch: typeof fetch
  readonly #tokens: TokenSource

  constructor(options: SandboxTerminalOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/$/, '')
    this.#timeoutMs = options.timeoutMs ?? 60_000
    this.#fetch = options.fetcher ?? globalThis.fetch.bind(globalThis)
    this.#tokens = new TokenSource({
      authUrl: options.authUrl,
      clientId: options.clientId,
      secret: options.secret,
      fetch: this.#fetch,
      now: options.now ?? Date.now,
      timeoutMs: Math.min(this.#timeoutMs, 10_000),
    })
  }

  async charge(request: ChargeRequest): Promise<PaymentResult> {
    let token: string
    try {
      token = await this.#tokens.token()
    } catch (error) {
      // No token, so no payment request was sent: nothing can have been charged.
      return { outcome: 'unavailable', transactionId: null, brand: null, last4: null, detail: `no terminal token: ${(error as Error).message}` }
    }
    let response: Response
    try {
      response = await this.#send(
        'POST',
        '/payments',
        { idempotencyKey: request.key, amount: { value: request.amountCents, currency: request.currency }, testCard: request.testCard ?? 'approve' },
        token,
      )
    } catch (error) {
      return unknown(`no answer: ${(error as Error).message}`)
    }
    if (response.ok) return resultOf((await response.json()) as TerminalPaymentBody)
    // Not reached: nothing was charged, so the customer may simply try again.
    if (response.status === 503) return { outcome: 'unavailable', transactionId: null, brand: null, last4: null, detail: 'terminal unreachable' }
    return unknown(`terminal answered ${response.status}`)
  }

  async status(key: string): Promise<PaymentResult | null> {
    let response: Response
    try {
      response = await this.#send('GET', `/payments/${encodeURIComponent(key)}`)
    } catch (error) {
      return unknown(`no answer: ${(error as Error).message}`)
    }
    if (response.status === 404) return null
    if (!response.ok) return unknown(`terminal answered ${response.status}`)
    return resultOf((await response.json()) as TerminalPaymentBody)
  }

  async refund(key: string): Promise<void> {
    const response = await this.#send('POST', `/payments/${encodeURIComponent(key)}/refund`)
    if (!response.ok) throw new Error(`the terminal refused the refund (${response.status})`)
  }

  /**
   * One request with a bearer token; a 401 (the token lapsed or the sandbox
   * restarted with a new key) renews it once and asks once more. The terminal
   * checks the token before anything else, so a refused request charged nothing
   * and repeating it is safe.
   */
  async #send(method: string, path: string, body?: unknown, token?: string): Promise<Response> {
    const send = (bearer: string) =>
      this.#fetch(`${this.#baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
    const first = token ?? (await this.#tokens.token())
    const response = await send(first)
    if (response.status !== 401) return response
    this.#tokens.invalidate(first)
    return send(await this.#tokens.token())
  }
}
