import type { ChargeRequest, PaymentResult, PaymentTerminal } from './payment-port'

/**
 * The sandbox payment terminal (electron/sandbox/terminal) over HTTP: what a
 * cloud terminal adapter looks like. A 504, a time-out or a connection that
 * fails after sending is "unknown" (the payment may have been taken); a 503
 * is a terminal that took nothing.
 */
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

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 60_000,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async charge(request: ChargeRequest): Promise<PaymentResult> {
    let response: Response
    try {
      response = await this.#send('POST', '/payments', {
        idempotencyKey: request.key,
        amount: { value: request.amountCents, currency: request.currency },
        testCard: request.testCard ?? 'approve',
      })
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

  #send(method: string, path: string, body?: unknown): Promise<Response> {
    return this.fetcher(`${this.baseUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    })
  }
}
