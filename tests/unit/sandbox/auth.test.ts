import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'
import { expectErrorBody, NOW } from './helpers'

/**
 * Pins the token flow (docs/sandbox-api.md, Authentication): the token response,
 * the token errors in the spec's error body, and the bearer checks of the API.
 */
const TOKEN_TTL = 60
let clock = NOW
let sandbox: Sandbox
let client: SandboxClient

beforeAll(async () => {
  ;({ sandbox, client } = await sandboxWithClient({ now: () => clock, tokenTtlSeconds: TOKEN_TTL }))
})
afterAll(() => sandbox.close())

interface TokenAnswer {
  status: number
  headers: Headers
  text: string
  body: Record<string, unknown>
}

async function tokenRequest(options: { query?: string; body?: string; contentType?: string; authorization?: string; url?: string } = {}): Promise<TokenAnswer> {
  const headers: Record<string, string> = {}
  const authorization = options.authorization ?? client.basic()
  if (authorization) headers.authorization = authorization
  if (options.contentType) headers['content-type'] = options.contentType
  const url = `${options.url ?? sandbox.authUrl}${options.query === undefined ? '?grant_type=client_credentials' : options.query}`
  const response = await fetch(url, { method: 'POST', headers, body: options.body })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as Record<string, unknown> }
}

async function newToken(query = '?grant_type=client_credentials'): Promise<string> {
  const answer = await tokenRequest({ query })
  expect(answer.status, answer.text).toBe(200)
  return answer.body.access_token as string
}

async function apiGet(path: string, authorization: string | undefined) {
  const response = await fetch(`${sandbox.baseUrl}${path}`, { headers: authorization ? { authorization } : {} })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as unknown }
}

const expectUnauthorized = (answer: Awaited<ReturnType<typeof apiGet>>, errorCode: string) => {
  expectErrorBody(answer.status, answer.body, { status: 401, errorCode }, answer.text)
  expect(answer.headers.get('www-authenticate') ?? '').toMatch(/^Bearer\b/)
}

describe('token response', () => {
  it('has access_token, token_type bearer, expires_in = token TTL, the tenant-led scope string and a jti', async () => {
    const answer = await tokenRequest()
    expect(answer.status).toBe(200)
    const body = answer.body
    expect(typeof body.access_token).toBe('string')
    expect((body.access_token as string).length).toBeGreaterThan(20)
    expect(body.token_type).toBe('bearer')
    expect(body.expires_in).toBe(TOKEN_TTL)
    const scopes = (body.scope as string).split(' ')
    expect(scopes[0]).toBe(sandbox.tenant)
    for (const scope of ['product', 'cart', 'payment', 'patron', 'package', 'membership']) expect(scopes).toContain(scope)
    expect(typeof body.jti).toBe('string')
    expect(body.jti).not.toBe('')
  })

  it('gives every token its own jti and access token', async () => {
    const answers = await Promise.all([tokenRequest(), tokenRequest(), tokenRequest()])
    expect(new Set(answers.map((a) => a.body.jti)).size).toBe(3)
    expect(new Set(answers.map((a) => a.body.access_token)).size).toBe(3)
  })

  it('accepts grant_type in the query and in a form body', async () => {
    const inQuery = await tokenRequest({ query: '?grant_type=client_credentials' })
    expect(inQuery.status).toBe(200)
    const inForm = await tokenRequest({ query: '', body: 'grant_type=client_credentials', contentType: 'application/x-www-form-urlencoded' })
    expect(inForm.status, inForm.text).toBe(200)
    expect(inForm.body.token_type).toBe('bearer')
    const works = await apiGet('/icc', `Bearer ${inForm.body.access_token as string}`)
    expect(works.status).toBe(200)
  })

  it('narrows the scopes to those asked for with scope=', async () => {
    const answer = await tokenRequest({ query: '?grant_type=client_credentials&scope=product%20cart' })
    expect(answer.status).toBe(200)
    expect((answer.body.scope as string).split(' ').sort()).toEqual([sandbox.tenant, 'cart', 'product'].sort())
  })
})

describe('token errors', () => {
  const secretFree = (answer: TokenAnswer) => {
    if (answer.status === 401) expect(answer.headers.get('www-authenticate') ?? '').toMatch(/^Bearer\b/)
    expect(answer.text).not.toContain(sandbox.clientSecret)
    expect(answer.headers.get('www-authenticate') ?? '').not.toContain(sandbox.clientSecret)
  }

  it('answers a wrong secret with 401 error.auth.client.invalid, without echoing the secret', async () => {
    const wrong = `${sandbox.clientSecret}x`
    const answer = await tokenRequest({ authorization: client.basic(sandbox.clientId, wrong) })
    expectErrorBody(answer.status, answer.body, { status: 401, errorCode: 'error.auth.client.invalid' }, answer.text)
    expect(answer.text).not.toContain(wrong)
    secretFree(answer)
  })

  it('answers a wrong client id, or no credentials, with 401 error.auth.client.invalid', async () => {
    const wrongId = await tokenRequest({ authorization: client.basic('someone-else') })
    expectErrorBody(wrongId.status, wrongId.body, { status: 401, errorCode: 'error.auth.client.invalid' }, wrongId.text)
    secretFree(wrongId)
    const none = await tokenRequest({ authorization: '' })
    expectErrorBody(none.status, none.body, { status: 401, errorCode: 'error.auth.client.invalid' }, none.text)
  })

  it('answers an unknown tenant with 401 error.auth.client.invalid, even with the right credentials', async () => {
    const url = sandbox.authUrl.replace(`/${sandbox.tenant}/`, '/another-tenant/')
    const answer = await tokenRequest({ url })
    expectErrorBody(answer.status, answer.body, { status: 401, errorCode: 'error.auth.client.invalid' }, answer.text)
    secretFree(answer)
  })

  it('answers a missing or unsupported grant_type with 400 error.auth.grant-type.unsupported', async () => {
    for (const query of ['', '?grant_type=password', '?grant_type=CLIENT_CREDENTIALS']) {
      const answer = await tokenRequest({ query })
      expectErrorBody(answer.status, answer.body, { status: 400, errorCode: 'error.auth.grant-type.unsupported' }, answer.text)
      secretFree(answer)
    }
  })

  it('answers an unknown scope with 400 error.auth.scope.invalid', async () => {
    const answer = await tokenRequest({ query: '?grant_type=client_credentials&scope=product%20admin' })
    expectErrorBody(answer.status, answer.body, { status: 400, errorCode: 'error.auth.scope.invalid' }, answer.text)
  })
})

describe('bearer checks', () => {
  it('answers a request without a bearer header with 401 error.auth.token.missing and WWW-Authenticate', async () => {
    expectUnauthorized(await apiGet('/icc', undefined), 'error.auth.token.missing')
    expectUnauthorized(await apiGet('/icc', client.basic()), 'error.auth.token.missing')
  })

  it('answers a forged token (one character of the signature flipped) with 401 error.auth.token.invalid', async () => {
    const token = await newToken()
    const at = token.length - 5
    const flipped = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`
    expect(flipped).not.toBe(token)
    expectUnauthorized(await apiGet('/icc', `Bearer ${flipped}`), 'error.auth.token.invalid')
    expectUnauthorized(await apiGet('/icc', 'Bearer not.a.token'), 'error.auth.token.invalid')
    expect((await apiGet('/icc', `Bearer ${token}`)).status).toBe(200)
  })

  it('answers an altered payload with 401 error.auth.token.invalid', async () => {
    const [header, payload, signature] = (await newToken()).split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number }
    claims.exp += 3600
    const altered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`
    expectUnauthorized(await apiGet('/icc', `Bearer ${altered}`), 'error.auth.token.invalid')
  })

  it("answers another tenant's path with 401 error.auth.token.invalid", async () => {
    const token = await newToken()
    const response = await fetch(sandbox.baseUrl.replace(`/${sandbox.tenant}`, '/another-tenant') + '/icc', {
      headers: { authorization: `Bearer ${token}` },
    })
    const text = await response.text()
    expectErrorBody(response.status, JSON.parse(text), { status: 401, errorCode: 'error.auth.token.invalid' }, text)
    expect(response.headers.get('www-authenticate') ?? '').toMatch(/^Bearer\b/)
  })

  it('answers an expired token with 401 error.auth.token.expired, and accepts it until then', async () => {
    const token = await newToken()
    try {
      clock = NOW + (TOKEN_TTL - 1) * 1000
      expect((await apiGet('/icc', `Bearer ${token}`)).status).toBe(200)
      clock = NOW + TOKEN_TTL * 1000
      expectUnauthorized(await apiGet('/icc', `Bearer ${token}`), 'error.auth.token.expired')
      clock = NOW + 10 * TOKEN_TTL * 1000
      expectUnauthorized(await apiGet('/icc', `Bearer ${token}`), 'error.auth.token.expired')
      // A new token issued at the new time works again.
      expect((await apiGet('/icc', `Bearer ${await newToken()}`)).status).toBe(200)
    } finally {
      clock = NOW
    }
  })

  it('answers a token without the operation scope with 403 error.auth.scope.insufficient', async () => {
    const productOnly = `Bearer ${await newToken('?grant_type=client_credentials&scope=product')}`
    expect((await apiGet('/icc', productOnly)).status).toBe(200)
    const response = await fetch(`${sandbox.baseUrl}/cart/paymentmethods`, {
      method: 'POST',
      headers: { authorization: productOnly, 'content-type': 'application/json' },
      body: JSON.stringify({ productIdList: [10001] }),
    })
    const text = await response.text()
    expectErrorBody(response.status, JSON.parse(text), { status: 403, errorCode: 'error.auth.scope.insufficient' }, text)

    const cartOnly = `Bearer ${await newToken('?grant_type=client_credentials&scope=cart')}`
    const events = await apiGet('/icc', cartOnly)
    expectErrorBody(events.status, events.body, { status: 403, errorCode: 'error.auth.scope.insufficient' }, events.text)
  })

  it('serves images without a token', async () => {
    const response = await fetch(`${sandbox.imageBaseUrl}/images/events/FY26HAMLET.svg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
  })
})

describe('a tenant of its own', () => {
  // Two sandboxes standing in for two vendors' staging services on one machine share one keychain, whose
  // accounts are `<backend>/<tenant>`: each needs its own tenant, as two real vendors' tenants are apart.
  it('serves and issues tokens under the tenant it was started with, and only under it', async () => {
    const own = await sandboxWithClient({ tenant: 'venue-staging-1' })
    try {
      expect(own.sandbox.tenant).toBe('venue-staging-1')
      expect(own.sandbox.baseUrl).toMatch(/\/api\/v0\/venue-staging-1$/)
      expect(own.sandbox.authUrl).toMatch(/\/auth\/v0\/venue-staging-1\/oauth\/token$/)
      const token = await fetch(`${own.sandbox.authUrl}?grant_type=client_credentials`, { method: 'POST', headers: { authorization: own.client.basic() } })
      expect(token.status).toBe(200)
      const bearer = `Bearer ${((await token.json()) as { access_token: string }).access_token}`
      expect((await fetch(`${own.sandbox.baseUrl}/icc`, { headers: { authorization: bearer } })).status).toBe(200)
      // The training tenant's path is another tenant's here.
      const elsewhere = await fetch(own.sandbox.baseUrl.replace('/venue-staging-1', `/${sandbox.tenant}`) + '/icc', { headers: { authorization: bearer } })
      expect(elsewhere.status).toBe(401)
    } finally {
      await own.sandbox.close()
    }
  })
})
