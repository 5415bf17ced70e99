import { ApiCallError, apiRejection, shapeFailure } from './api-error'
import { readErrorBody, readToken, ResponseShapeError } from './reader'
import { exchange, type ClockObserver, type Fetch } from './transport'

/**
 * The client-credentials token. One token is kept in memory; concurrent
 * callers share a single request for a new one (single flight); it is renewed
 * ahead of `expires_in`, and dropped when the API refuses it so the next call
 * fetches another. The client secret is read from its source for each token
 * request and never kept, logged or put into an error.
 */
export interface TokenSourceOptions {
  authUrl: string
  clientId: string
  /** Where the client secret comes from (the keychain, or the built-in sandbox). */
  secret: () => Promise<string>
  fetch: Fetch
  now: () => number
  timeoutMs: number
  /** Learns the vendor's clock from the token answer too. */
  clock?: ClockObserver
}

interface Held {
  token: string
  renewAt: number
}

/** Renew this long before expiry: a minute, or a fifth of a short token's life. */
function renewLead(lifetimeMs: number): number {
  return Math.min(60_000, lifetimeMs / 5)
}

export class TokenSource {
  #held: Held | null = null
  #pending: Promise<string> | null = null
  /** Token requests made so far (for diagnostics and tests of single flight). */
  requests = 0

  constructor(private readonly options: TokenSourceOptions) {}

  async token(): Promise<string> {
    const held = this.#held
    if (held && this.options.now() < held.renewAt) return held.token
    this.#pending ??= this.#request().finally(() => {
      this.#pending = null
    })
    return this.#pending
  }

  /** The API refused this token: forget it (unless a newer one already replaced it). */
  invalidate(token: string): void {
    if (this.#held?.token === token) this.#held = null
  }

  /**
   * One exchange with a token. A 401 (the token lapsed by the server's clock,
   * or the server restarted with a new key) renews it once and repeats the
   * exchange once: the server checks the token before anything else, so a
   * refused exchange did nothing and repeating it is safe.
   */
  async authorised<A extends { status: number }>(send: (token: string) => Promise<A>): Promise<A> {
    const first = await this.token()
    const answer = await send(first)
    if (answer.status !== 401) return answer
    this.invalidate(first)
    return send(await this.token())
  }

  async #request(): Promise<string> {
    this.requests++
    const { clientId, authUrl } = this.options
    const secret = await this.options.secret()
    const url = new URL(authUrl)
    url.searchParams.set('grant_type', 'client_credentials')
    const issuedAt = this.options.now()
    const answer = await exchange(this.options.fetch, {
      method: 'POST',
      url,
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`, accept: 'application/json' },
      timeoutMs: this.options.timeoutMs,
      clock: this.options.clock,
    })
    if (answer.status !== 200) {
      const error = readErrorBody(answer.body)
      const failure = apiRejection(answer.status, error?.errorCode ?? null, error?.statusMessage ?? null)
      if (failure.kind === 'auth') {
        throw new ApiCallError('auth', failure.code, 'errors.api.credentialsRefused', false, answer.status, 'the token request was refused')
      }
      throw failure
    }
    try {
      const token = readToken(answer.body)
      const lifetime = token.expiresIn * 1000
      this.#held = { token: token.accessToken, renewAt: issuedAt + lifetime - renewLead(lifetime) }
      return token.accessToken
    } catch (error) {
      if (error instanceof ResponseShapeError) throw shapeFailure(`token answer: ${error.message}`, error)
      throw error
    }
  }
}
