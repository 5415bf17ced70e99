import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SystemInfo } from '../../electron/contract'
import { startBrowserHost, type BrowserHost } from '../../electron/browser-host/server'
import { createAppServices, type AppServices } from '../../electron/services/app-services'
import { createWebBridge } from '../../renderer/src/bridge/web-bridge'

const token = 'per-run-token-for-tests-0123456789'
let host: BrowserHost
let services: AppServices

beforeAll(async () => {
  const rendererDir = mkdtempSync(join(tmpdir(), 'foyer-renderer-'))
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Foyer</title>')
  mkdirSync(join(rendererDir, 'assets'))
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)')
  services = createAppServices({ appVersion: '1.2.3', mode: 'self-service', backend: 'sandbox', host: 'browser' })
  host = await startBrowserHost({ services, rendererDir, token, heartbeatMs: 50 })
})
afterAll(() => host.close())

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(new URL(path, host.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body,
  })

describe('browser host', () => {
  it('listens on loopback only', () => {
    expect(new URL(host.url).hostname).toBe('127.0.0.1')
  })

  it('carries a system.info round trip through the renderer bridge', async () => {
    const foyer = createWebBridge({ baseUrl: host.url, token })
    const reply = await foyer.system.info()
    expect(reply).toEqual({
      ok: true,
      value: { appName: 'Foyer', appVersion: '1.2.3', mode: 'self-service', backend: 'sandbox', host: 'browser', backendReachable: true, kioskLock: 'none' },
    })
  })

  it('delivers pushes over server-sent events to the bridge, and stops when unsubscribed', async () => {
    const foyer = createWebBridge({ baseUrl: host.url, token })
    const received: SystemInfo[] = []
    const unsubscribe = foyer.system.onChanged((info) => received.push(info))
    await expect.poll(() => services.pushes.attachedCount).toBe(1)
    const changed: SystemInfo = { ...services.system.info(), mode: 'counter' }
    services.pushes.publish('system.changed', changed)
    await expect.poll(() => received).toEqual([changed])
    unsubscribe()
    await expect.poll(() => services.pushes.attachedCount).toBe(0)
  })

  it('refuses calls without the run token, with a wrong one, or from another origin', async () => {
    const noToken = await fetch(new URL('ipc/system.info', host.url), { method: 'POST', body: '{}' })
    expect(noToken.status).toBe(401)
    expect(await noToken.json()).toMatchObject({ ok: false, error: { code: 'contract.unauthorized' } })
    expect((await post('ipc/system.info', '{}', { authorization: 'Bearer per-run-token-for-tests-0123456788' })).status).toBe(401)
    expect((await post('ipc/system.info', '{}', { origin: 'https://evil.example' })).status).toBe(401)
    const push = await fetch(new URL('push', host.url))
    expect(push.status).toBe(401)
  })

  it('refuses requests addressed to another host name (DNS rebinding)', async () => {
    const { request } = await import('node:http')
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(host.url, { headers: { host: 'evil.example' } }, (res) => resolve(res.statusCode ?? 0))
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(421)
  })

  it('answers bad JSON, oversized bodies and unknown channels with typed errors', async () => {
    const badJson = await post('ipc/system.info', '{not json')
    expect(badJson.status).toBe(400)
    expect(await badJson.json()).toMatchObject({ ok: false, error: { code: 'contract.invalid-request', retryable: false } })
    const huge = await post('ipc/system.info', JSON.stringify({ pad: 'x'.repeat(2 << 20) }))
    expect(huge.status).toBe(413)
    const unknown = await post('ipc/orders.steal', '{}')
    expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'contract.unknown-channel' } })
    const wrongShape = await post('ipc/system.info', '[1,2,3]')
    expect(await wrongShape.json()).toMatchObject({ ok: false, error: { code: 'contract.invalid-request' } })
  })

  it('takes a call only as application/json: other bodies get a typed 415 and reach no service', async () => {
    const dispatch = services.dispatcher.dispatch.bind(services.dispatcher)
    let dispatched = 0
    services.dispatcher.dispatch = (...args) => {
      dispatched += 1
      return dispatch(...args)
    }
    try {
      const refused: [string, string | FormData | URLSearchParams][] = [
        ['text/plain', '{}'],
        ['text/plain;charset=UTF-8', '{}'],
        ['application/x-www-form-urlencoded', 'lang=EN_SG'],
        ['multipart/form-data', new FormData()],
        ['application/json; charset=utf-16', '{}'],
        ['application/json; boundary=x', '{}'],
        ['application/jsonp', '{}'],
        ['text/json', '{}'],
      ]
      for (const [type, body] of refused) {
        // fetch fills in a multipart content type (with its boundary) from a FormData body.
        const headers: Record<string, string> = type.startsWith('multipart/') ? {} : { 'content-type': type }
        const answer = await fetch(new URL('ipc/system.info', host.url), {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, ...headers },
          body,
        })
        expect(answer.status, type).toBe(415)
        expect(await answer.json()).toMatchObject({ ok: false, error: { code: 'contract.invalid-request', messageKey: 'errors.contract.invalidRequest', retryable: false } })
      }
      // No content type at all: fetch would add text/plain to a string body, so send none.
      const untyped = await fetch(new URL('ipc/system.info', host.url), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: new Uint8Array([123, 125]) })
      expect(untyped.status).toBe(415)
      expect(dispatched).toBe(0)

      for (const type of ['application/json; charset=utf-8', 'Application/JSON; Charset="UTF-8"', 'application/json;charset=utf-8;']) {
        const answer = await post('ipc/system.info', '{}', { 'content-type': type })
        expect(answer.status, type).toBe(200)
        expect(await answer.json()).toMatchObject({ ok: true, value: { appName: 'Foyer' } })
      }
      expect(dispatched).toBe(3)
    } finally {
      services.dispatcher.dispatch = dispatch
    }
  })

  it('serves the renderer with a strict CSP and never a file outside its folder', async () => {
    const index = await fetch(host.url)
    expect(index.status).toBe(200)
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(index.headers.get('content-security-policy')).not.toContain('unsafe-eval')
    expect((await fetch(new URL('assets/app.js', host.url))).headers.get('content-type')).toContain('javascript')
    expect((await fetch(new URL('assets/missing.js', host.url))).status).toBe(404)
    expect((await fetch(`${host.url}..%2f..%2f..%2fetc%2fpasswd`)).status).toBe(400)
    expect((await fetch(`${host.url}assets%2f..%2f..%2fpackage.json`)).status).toBe(400)
    // Screen-like paths fall back to the app, which decides its own screen.
    expect(await (await fetch(new URL('some/screen', host.url))).text()).toContain('<title>Foyer</title>')
  })
})
