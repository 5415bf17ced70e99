import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { ApiError } from './api-error'

/**
 * OAuth 2.0 client credentials, as the spec describes: HTTP basic client id and
 * secret, `grant_type=client_credentials`, an expiring bearer token with scopes
 * and a jti. Tokens are HS256-signed JWTs, so a forged or altered token fails
 * its signature and an expired one its `exp`, with nothing stored per token.
 */
/**
 * The sandbox's training clients (several kiosks at one venue). Each has its
 * own secret; seats and orders belong to the client that took them. The first
 * is the one a single Foyer uses.
 */
export const SANDBOX_CLIENT_IDS = ['foyer-kiosk', 'foyer-kiosk-2', 'foyer-kiosk-3'] as const

export const ALL_SCOPES = ['product', 'cart', 'payment', 'patron', 'package', 'membership'] as const
export type Scope = (typeof ALL_SCOPES)[number]

export interface TokenClaims {
  tenant: string
  sub: string
  scope: string[]
  jti: string
  iat: number
  exp: number
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url')

/** One training client of the sandbox: its id and generated secret. */
export interface SandboxClientCredentials {
  clientId: string
  clientSecret: string
}

export interface TokenIssuerOptions {
  key: Buffer
  tenant: string
  /** Every client that may ask for a token; a token's `sub` names the client it was issued to. */
  clients: readonly SandboxClientCredentials[]
  ttlSeconds: number
  /** Vendor notes: the real service reports expires_in one second short (3599). */
  quirks: boolean
  now: () => number
}

const unauthorized = (errorCode: string, message: string) =>
  new ApiError(401, errorCode, message, 'AuthenticationException')

export class TokenIssuer {
  readonly #header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  /** Verified tokens and their expiry, so the hot path skips the HMAC. Bounded. */
  readonly #verified = new Map<string, TokenClaims>()

  constructor(private readonly options: TokenIssuerOptions) {}

  #sign(body: string): string {
    return createHmac('sha256', this.options.key).update(body).digest('base64url')
  }

  /** The client the basic credentials name, if its secret matches; throws 401 otherwise. */
  #checkClient(authorization: string | undefined): string {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? '')
    const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : ''
    const colon = decoded.indexOf(':')
    const id = decoded.slice(0, colon)
    const secret = Buffer.from(decoded.slice(colon + 1))
    const client = colon > 0 ? this.options.clients.find((c) => c.clientId === id) : undefined
    const wantSecret = Buffer.from(client?.clientSecret ?? '')
    const ok = client !== undefined && secret.length === wantSecret.length && timingSafeEqual(secret, wantSecret)
    if (!ok) throw unauthorized('error.auth.client.invalid', 'Bad client credentials')
    return client.clientId
  }

  /** Answers the token request, or throws the spec's error body (never echoing credentials). */
  issue(tenant: string, authorization: string | undefined, grantType: string | undefined, scopeParam?: string) {
    if (tenant !== this.options.tenant) throw unauthorized('error.auth.client.invalid', 'Bad client credentials')
    const clientId = this.#checkClient(authorization)
    if (grantType !== 'client_credentials') {
      throw new ApiError(400, 'error.auth.grant-type.unsupported', 'grant_type must be client_credentials', 'OAuth2Exception')
    }
    let scope: string[] = [...ALL_SCOPES]
    if (scopeParam) {
      const asked = scopeParam.split(/\s+/).filter((s) => s && s !== tenant)
      const unknown = asked.filter((s) => !(ALL_SCOPES as readonly string[]).includes(s))
      if (unknown.length > 0) throw new ApiError(400, 'error.auth.scope.invalid', `Unknown scope ${unknown[0]}`, 'OAuth2Exception')
      scope = asked
    }
    const iat = Math.floor(this.options.now() / 1000)
    const claims: TokenClaims = { tenant, sub: clientId, scope, jti: randomUUID(), iat, exp: iat + this.options.ttlSeconds }
    const body = `${this.#header}.${b64url(JSON.stringify(claims))}`
    return {
      access_token: `${body}.${this.#sign(body)}`,
      token_type: 'bearer',
      expires_in: this.options.ttlSeconds - (this.options.quirks ? 1 : 0),
      scope: [tenant, ...scope].join(' '),
      jti: claims.jti,
    }
  }

  /** Checks a request's bearer token for this tenant and scope; throws 401/403 otherwise. */
  verify(authorization: string | undefined, tenant: string, needs: Scope): TokenClaims {
    const match = /^Bearer ([A-Za-z0-9_.-]+)$/i.exec(authorization ?? '')
    if (!match) throw unauthorized('error.auth.token.missing', 'A bearer token is required')
    const token = match[1]!
    let claims = this.#verified.get(token)
    if (!claims) {
      const [header, payload, signature] = token.split('.')
      const expected = header && payload ? Buffer.from(this.#sign(`${header}.${payload}`)) : null
      const given = Buffer.from(signature ?? '')
      if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw unauthorized('error.auth.token.invalid', 'The bearer token is not valid')
      }
      claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as TokenClaims
      if (this.#verified.size > 10_000) this.#verified.clear()
      this.#verified.set(token, claims)
    }
    if (claims.exp * 1000 <= this.options.now()) {
      this.#verified.delete(token)
      throw unauthorized('error.auth.token.expired', 'The bearer token has expired')
    }
    if (claims.tenant !== tenant) throw unauthorized('error.auth.token.invalid', 'The bearer token is for another tenant')
    if (!claims.scope.includes(needs)) {
      throw new ApiError(403, 'error.auth.scope.insufficient', `The token lacks the ${needs} scope`, 'AccessDeniedException')
    }
    return claims
  }
}
