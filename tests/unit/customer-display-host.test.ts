import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channels, type CustomerDisplayView, type SystemInfo } from '../../electron/contract'
import { startBrowserHost, type BrowserHost } from '../../electron/browser-host/server'
import { createAppServices, type AppServices } from '../../electron/services/app-services'
import { createWebBridge } from '../../renderer/src/bridge/web-bridge'

/**
 * The customer display's page has a token of its own (issue #34): it reads the display's view and
 * hears its push, and every other channel and push is refused it, before any service sees the call.
 */
const token = 'per-run-token-for-tests-0123456789'
const customerToken = 'customer-display-token-for-tests-987'
let host: BrowserHost
let services: AppServices

beforeAll(async () => {
  const rendererDir = mkdtempSync(join(tmpdir(), 'foyer-renderer-'))
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Foyer</title>')
  services = createAppServices({ appVersion: '1.2.3', mode: 'counter', backend: 'sandbox', host: 'browser' })
  host = await startBrowserHost({ services, rendererDir, token, customerToken, heartbeatMs: 50 })
})
afterAll(() => host.close())

const call = (channel: string, body: unknown, bearer = customerToken) =>
  fetch(new URL(`ipc/${channel}`, host.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('the customer display token', () => {
  it('reads the customer display view', async () => {
    const answer = await call('customerDisplay.view', {})
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ ok: true, value: { state: 'idle', language: 'en-SG' } })
  })

  it('is refused every other channel of the contract, staff and sale alike', async () => {
    const others = Object.keys(channels).filter((name) => name !== 'customerDisplay.view')
    expect(others).toEqual(expect.arrayContaining(['settings.get', 'checkout.pay', 'customerDisplay.basket', 'counter.signIn']))
    for (const channel of others) {
      const answer = await call(channel, {})
      expect(answer.status, channel).toBe(403)
      expect(await answer.json(), channel).toMatchObject({ ok: false, error: { code: 'contract.unauthorized' } })
    }
    // Nor a channel's name spelt another way, nor one that does not exist.
    expect((await call('customerDisplay%2Eview', {})).status).toBe(403)
    expect((await call('no.such', {})).status).toBe(403)
  })

  it('is refused by a host that has none, and the host token still opens everything', async () => {
    expect((await call('settings.get', {}, token)).status).toBe(200)
    expect((await call('customerDisplay.view', {}, 'customer-display-token-for-tests-986')).status).toBe(401)
  })

  it("hears the customer display's push and nothing else main pushes", async () => {
    const page = createWebBridge({ baseUrl: host.url, token: customerToken })
    const views: CustomerDisplayView[] = []
    const infos: SystemInfo[] = []
    const stopViews = page.customerDisplay.onChanged((view) => views.push(view))
    const stopInfos = page.system.onChanged((info) => infos.push(info))
    await expect.poll(() => services.pushes.attachedCount).toBe(1)
    services.pushes.publish('system.changed', services.system.info())
    const test: CustomerDisplayView = { state: 'test', language: 'zh-CN' }
    services.pushes.publish('customerDisplay.changed', test)
    await expect.poll(() => views).toEqual([test])
    expect(infos).toEqual([])
    stopViews()
    stopInfos()
    await expect.poll(() => services.pushes.attachedCount).toBe(0)
  })
})
