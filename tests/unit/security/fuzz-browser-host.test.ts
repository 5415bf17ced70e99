import { mkdtempSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserHost, type BrowserHost } from '../../../electron/browser-host/server'
import { channels } from '../../../electron/contract'
import { channelSamples } from './channel-samples'
import { arbitraryPayloads, MEGABYTE_STRING } from './hostile-payloads'
import { envelopeProblem, startSecurityRig, type SecurityRig } from './security-rig'

/**
 * The browser host under attack over HTTP: bodies that are not JSON, content
 * types other than application/json (a web page's preflight-free POSTs), bodies past the limit, unknown and malformed channel names,
 * missing or wrong tokens, foreign Origin and Host headers. Each gets a typed
 * refusal, and the host still carries a normal call afterwards.
 */
const TOKEN = 'security-suite-token-0123456789abcdef'
let security: SecurityRig
let host: BrowserHost

beforeAll(async () => {
  security = await startSecurityRig()
  const rendererDir = mkdtempSync(join(tmpdir(), 'foyer-security-renderer-'))
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Foyer</title>')
  host = await startBrowserHost({ services: security.runtime.services, rendererDir, token: TOKEN, maxBodyBytes: 64 * 1024 })
})
afterAll(async () => {
  await host?.close()
  await security?.close()
})

interface RawAnswer {
  status: number
  contentType: string
  body: string
}

/** A raw HTTP request (node:http), so Host and Origin can be anything, as an attacker would send them. */
function send(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: host.port, method, path, headers, setHost: !('host' in headers) }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

const authorised = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }
const post = (channel: string, body: string | Buffer, headers: Record<string, string> = authorised) => send('POST', `/ipc/${channel}`, headers, body)

function expectTypedError(answer: RawAnswer, code?: string): void {
  expect(answer.contentType).toMatch(/^application\/json/)
  const reply = JSON.parse(answer.body) as unknown
  expect(envelopeProblem(reply), answer.body.slice(0, 200)).toBeNull()
  expect(reply).toMatchObject({ ok: false })
  if (code) expect(reply).toMatchObject({ error: { code } })
}

describe('the browser host under malformed HTTP', () => {
  it('answers bodies that are not JSON with a typed 400, on every channel', async () => {
    const bodies = ['{', '{"lang":', 'undefined', 'NaN', "{'lang':'EN_SG'}", '\u0000', '\uFEFF{}', '{"a":1}{"b":2}', '[1,]', '<xml/>', '\\u0000']
    for (const channel of Object.keys(channels)) {
      for (const body of bodies) {
        const answer = await post(channel, body)
        expect(answer.status, `${channel} ${JSON.stringify(body)}`).toBe(400)
        expectTypedError(answer, 'contract.invalid-request')
      }
    }
  })

  it('carries well-formed JSON of any shape to the contract, which refuses it with a typed reply', async () => {
    for (const [index, payload] of arbitraryPayloads(60, 7).entries()) {
      const json = JSON.stringify(payload, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))
      if (json === undefined) continue
      const channel = Object.keys(channels)[index % Object.keys(channels).length]!
      const answer = await post(channel, json)
      expect(answer.status).toBe(200)
      expect(envelopeProblem(JSON.parse(answer.body)), `${channel} ${json.slice(0, 100)}`).toBeNull()
    }
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    expectTypedError(await post('catalogue.events', deep), 'contract.invalid-request')
    const polluting = await post('catalogue.events', '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"lang":"EN_SG"}')
    expectTypedError(polluting, 'contract.invalid-request')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses every content type but application/json with a typed 415, whatever the body', async () => {
    const multipart = '--x\r\nContent-Disposition: form-data; name="lang"\r\n\r\nEN_SG\r\n--x--'
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', '', 'application/json, text/plain', 'application/json; charset=latin1']) {
      for (const body of [type.startsWith('multipart') ? multipart : 'lang=EN_SG', '{"lang":"EN_SG"}']) {
        const answer = await post('catalogue.events', body, { authorization: `Bearer ${TOKEN}`, 'content-type': type })
        expect(answer.status, `${type} ${body}`).toBe(415)
        expectTypedError(answer, 'contract.invalid-request')
      }
    }
    const untyped = await post('catalogue.events', '{"lang":"EN_SG"}', { authorization: `Bearer ${TOKEN}` })
    expect(untyped.status).toBe(415)
    expectTypedError(untyped, 'contract.invalid-request')
  })

  it('takes no hold for an offer sent as a simple (preflight-free) request, and one sent as JSON', async () => {
    const samples = await channelSamples(security.rig.direct)
    const offer = JSON.stringify(samples['offers.request'])
    // Main sells only shows it listed, as the renderer lists them first.
    expect(JSON.parse((await post('catalogue.shows', JSON.stringify({ code: samples['catalogue.shows']!.code, lang: 'EN_SG' }))).body)).toMatchObject({ ok: true })
    const holdCount = async () => (JSON.parse((await post('holds.status', '{}')).body) as { value: { count: number } }).value.count
    expect(await holdCount()).toBe(0)
    const simple = ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']
    for (const type of simple) {
      const answer = await post('offers.request', offer, { authorization: `Bearer ${TOKEN}`, 'content-type': type })
      expect(answer.status, type).toBe(415)
      expectTypedError(answer, 'contract.invalid-request')
    }
    expect(await holdCount()).toBe(0)
    expect(security.runtime.holds.status().count).toBe(0)
    const json = await post('offers.request', offer, { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json; charset=utf-8' })
    expect(json.status).toBe(200)
    expect(JSON.parse(json.body)).toMatchObject({ ok: true })
    expect(await holdCount()).toBeGreaterThan(0)
    expect(JSON.parse((await post('holds.releaseAll', '{}')).body)).toMatchObject({ ok: true })
    expect(await holdCount()).toBe(0)
  })

  it('refuses a body past the limit with a typed 413, declared or streamed', async () => {
    const huge = JSON.stringify({ lang: 'EN_SG', search: MEGABYTE_STRING })
    const declared = await post('catalogue.events', huge)
    expect(declared.status).toBe(413)
    expectTypedError(declared, 'contract.invalid-request')
    const streamed = await send('POST', '/ipc/catalogue.events', { ...authorised, 'transfer-encoding': 'chunked' }, Buffer.from(huge))
    expect(streamed.status).toBe(413)
    expectTypedError(streamed, 'contract.invalid-request')
  })

  it('answers unknown and malformed channel names as unknown, or with a typed error', async () => {
    for (const channel of ['nope', '__proto__', 'constructor', 'toString', 'system.info%00', 'system.info%20', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(8000)]) {
      const answer = await post(channel, '{}')
      expect(answer.status, channel.slice(0, 40)).toBe(200)
      expectTypedError(answer, 'contract.unknown-channel')
    }
    // A broken %-escape cannot be decoded: a typed failure, not a dropped connection.
    const broken = await post('%E0%A4%A', '{}')
    expect(broken.status).toBeGreaterThanOrEqual(400)
    expectTypedError(broken)
  })

  it('refuses calls and push streams without the token, with a wrong one, or from a foreign Origin', async () => {
    const variants: Record<string, string>[] = [
      { 'content-type': 'application/json' },
      { authorization: 'Bearer ', 'content-type': 'application/json' },
      { authorization: `Bearer ${TOKEN}x`, 'content-type': 'application/json' },
      { authorization: `Bearer ${TOKEN.slice(1)}`, 'content-type': 'application/json' },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, 'content-type': 'application/json' },
      { authorization: `bearer ${TOKEN}`, 'content-type': 'application/json' },
      { ...authorised, origin: 'https://evil.example' },
      { ...authorised, origin: 'null' },
      { ...authorised, origin: `http://127.0.0.1:${host.port}.evil.example` },
      { ...authorised, origin: `http://127.0.0.1:${host.port + 1}` },
    ]
    for (const headers of variants) {
      const answer = await post('system.info', '{}', headers)
      expect(answer.status, JSON.stringify(headers)).toBe(401)
      expectTypedError(answer, 'contract.unauthorized')
      const stream = await send('GET', '/push', headers)
      expect(stream.status, JSON.stringify(headers)).toBe(401)
    }
  })

  it('refuses a foreign or rebound Host header before anything else', async () => {
    for (const hostHeader of ['evil.example', `evil.example:${host.port}`, `127.0.0.1:${host.port + 1}`, `localhost.evil.example:${host.port}`, '']) {
      const answer = await post('system.info', '{}', { ...authorised, host: hostHeader })
      expect(answer.status, hostHeader).toBe(421)
      const page = await send('GET', '/', { host: hostHeader })
      expect(page.status, hostHeader).toBe(421)
    }
  })

  it('survives all of it: a normal call still answers', async () => {
    const answer = await post('system.info', '{}')
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, value: { appName: 'Foyer', backend: 'sandbox' } })
    const events = JSON.parse((await post('catalogue.events', JSON.stringify({ lang: 'EN_SG', size: 3 }))).body) as { ok: boolean; value: { events: unknown[] } }
    expect(events.ok).toBe(true)
    expect(events.value.events).toHaveLength(3)
  })
})
