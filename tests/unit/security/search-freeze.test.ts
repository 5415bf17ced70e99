import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserHost, type BrowserHost } from '../../../electron/browser-host/server'
import { forkBuiltSandbox } from '../../support/built-sandbox'
import { startHostRuntime, type HostRuntime } from '../../../electron/services/host-runtime'
import { envelopeProblem } from './security-rig'

/**
 * Issue 12: an 11-character search (`?*?*?*?*!!!`) made the sandbox's wildcard
 * regex backtrack for over two minutes, and as the sandbox ran inside the host's
 * process, every other call waited. Through a real browser host, started as
 * `npm run start:web` starts it (startHostRuntime, the sandbox in its child),
 * the attack is fired several times over; system.info keeps answering while
 * the searches are out, and the searches answer too.
 */
const TOKEN = 'security-suite-token-search-freeze-0123'
const ATTACK = '?*?*?*?*!!!'
let runtime: HostRuntime
let host: BrowserHost

beforeAll(async () => {
  runtime = await startHostRuntime({ mode: 'self-service', backend: 'sandbox' }, { appVersion: 't', host: 'browser' }, null, { warn: () => {}, error: () => {} }, forkBuiltSandbox)
  const rendererDir = mkdtempSync(join(tmpdir(), 'foyer-security-renderer-'))
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Foyer</title>')
  host = await startBrowserHost({ services: runtime.services, rendererDir, token: TOKEN })
}, 60_000)
afterAll(async () => {
  await host?.close()
  await runtime?.close()
})

async function call(channel: string, request: unknown): Promise<unknown> {
  const answer = await fetch(new URL(`ipc/${channel}`, host.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  })
  return answer.json()
}

describe('the backtracking search attack through the browser host', () => {
  it('answers the search, and system.info all the while', async () => {
    let searching = true
    const searches = Promise.all(
      ['EN_SG', 'ZH_CN', 'ZH_HK', 'MS_MY'].map((lang) => call('catalogue.events', { lang, search: ATTACK, size: 100 })),
    ).finally(() => (searching = false))
    const infos: unknown[] = []
    do infos.push(await call('system.info', {}))
    while (searching)

    for (const reply of await searches) {
      expect(envelopeProblem(reply)).toBeNull()
      expect(reply).toMatchObject({ ok: true, value: { events: [], totalElements: 0 } })
    }
    expect(infos.length).toBeGreaterThan(0)
    for (const info of infos) expect(info).toMatchObject({ ok: true, value: { appName: 'Foyer', backend: 'sandbox' } })
  }, 30_000)
})
