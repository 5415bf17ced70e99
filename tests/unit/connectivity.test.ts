import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { SystemInfo } from '../../electron/contract'
import { call } from '../../electron/ipc-core/dispatcher'
import { startSandbox, type Sandbox } from '../../electron/sandbox/server'
import type { BackendConnection } from '../../electron/services/backend-connection'
import { ConnectivityMonitor } from '../../electron/services/connectivity'
import { startRuntime, type Runtime } from '../../electron/services/runtime'
import { FaultProxy } from '../support/fault-proxy'

/**
 * Main's view of whether the backend can be reached, against the real sandbox:
 * stopped and started again on the same address, or behind a proxy that drops
 * connections. The renderer learns of each change through system.changed.
 */
const quiet = { warn: () => {}, error: () => {} }
const facts = { appVersion: 't', mode: 'self-service', host: 'browser' } as const

let sandbox: Sandbox | null = null
let runtime: Runtime | null = null
let proxy: FaultProxy | null = null

afterEach(async () => {
  await runtime?.close()
  await proxy?.close()
  await sandbox?.close()
  runtime = proxy = sandbox = null
})

/** A sandbox kept on disk, so it can be stopped and started again on the same port with the same secret. */
async function sandboxAt(dir: string, port = 0): Promise<Sandbox> {
  return startSandbox({ port, dataDir: dir, log: () => {} })
}

function connectionTo(s: Sandbox, via: (url: string) => string = (url) => url): BackendConnection {
  return {
    endpoints: { kind: 'sandbox', baseUrl: via(s.baseUrl), authUrl: via(s.authUrl), imageBaseUrl: s.imageBaseUrl, tenant: s.tenant, clientId: s.clientId },
    secret: async () => s.clientSecret,
    holdWindowMs: 900_000,
    close: async () => {},
  }
}

async function runtimeOn(connection: BackendConnection, connectivity: { recheckMs?: number; heartbeatMs?: number }) {
  runtime = await startRuntime({ facts, dataDir: null, connection, log: quiet, connectivity })
  const pushed: boolean[] = []
  runtime.services.pushes.attach((name, payload) => {
    if (name === 'system.changed') pushed.push((payload as SystemInfo).backendReachable)
  })
  const events = () => call(runtime!.services.dispatcher, 'catalogue.events', { lang: 'EN_SG', size: 5 })
  const reachable = () => runtime!.services.system.info().backendReachable
  return { pushed, events, reachable }
}

describe('backend reachability', () => {
  it('goes offline when a call cannot reach the stopped sandbox, and back online by itself when it is started again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-connectivity-'))
    sandbox = await sandboxAt(dir)
    const port = Number(new URL(sandbox.baseUrl).port)
    const { pushed, events, reachable } = await runtimeOn(connectionTo(sandbox), { recheckMs: 100, heartbeatMs: 600_000 })

    expect(await events()).toMatchObject({ ok: true })
    expect(reachable()).toBe(true)

    await sandbox.close()
    sandbox = null
    expect(await events()).toMatchObject({ ok: false, error: { code: 'api.network', messageKey: 'errors.api.offline' } })
    expect(reachable()).toBe(false)
    expect(pushed).toEqual([false])

    // Nobody asks anything now: main's own re-check finds the sandbox back and says so.
    sandbox = await sandboxAt(dir, port)
    await expect.poll(() => pushed, { timeout: 5_000 }).toEqual([false, true])
    expect(reachable()).toBe(true)
    expect(await events()).toMatchObject({ ok: true })
  })

  it('notices an outage while the kiosk sits idle on a screen, with no call made', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-connectivity-'))
    sandbox = await sandboxAt(dir)
    const port = Number(new URL(sandbox.baseUrl).port)
    const { pushed, events } = await runtimeOn(connectionTo(sandbox), { recheckMs: 100, heartbeatMs: 100 })
    expect(await events()).toMatchObject({ ok: true })

    await sandbox.close()
    sandbox = null
    await expect.poll(() => pushed, { timeout: 5_000 }).toEqual([false])
    sandbox = await sandboxAt(dir, port)
    await expect.poll(() => pushed, { timeout: 5_000 }).toEqual([false, true])
  })

  it('takes a dropped connection as offline, and clears as soon as the backend answers again', async () => {
    sandbox = await sandboxAt(mkdtempSync(join(tmpdir(), 'foyer-connectivity-')))
    proxy = await FaultProxy.start(new URL(sandbox.baseUrl).origin)
    const { pushed, events } = await runtimeOn(
      connectionTo(sandbox, (url) => proxy!.via(url)),
      { recheckMs: 100, heartbeatMs: 600_000 },
    )
    expect(await events()).toMatchObject({ ok: true })
    // The network drops every events request (each of the client's retries), then recovers.
    proxy.fail(/\/icc/, { kind: 'close' }, 10)
    expect(await events()).toMatchObject({ ok: false, error: { code: 'api.network' } })
    expect(pushed[0]).toBe(false)
    // The re-check reaches the backend (only events requests are dropped): online again, unasked.
    // (Between the client's retries it may already have found it answering: each change is pushed.)
    await expect.poll(() => pushed.at(-1), { timeout: 3_000 }).toBe(true)
    expect(runtime!.services.system.info().backendReachable).toBe(true)
  })
})

describe('the connectivity monitor', () => {
  it("does not take the caller's own cancellation as an outage", async () => {
    const changes: boolean[] = []
    const monitor = new ConnectivityMonitor({ probe: async () => true, onChange: (r) => changes.push(r) })
    const refusing = monitor.watch(async (_input, init) => {
      if (init?.signal?.aborted) throw new DOMException('left the screen', 'AbortError')
      throw new TypeError('fetch failed')
    })
    const leave = new AbortController()
    leave.abort()
    await expect(refusing('http://127.0.0.1:9/', { signal: leave.signal })).rejects.toThrow('left the screen')
    expect(monitor.reachable).toBe(true)
    await expect(refusing('http://127.0.0.1:9/')).rejects.toThrow('fetch failed')
    expect(changes).toEqual([false])
  })

  it('asks the backend itself after a call only timed out, rather than deciding', async () => {
    const changes: boolean[] = []
    let answers = false
    const monitor = new ConnectivityMonitor({ probe: async () => answers, onChange: (r) => changes.push(r) })
    const slow = monitor.watch(async (_input, init) => {
      await new Promise((resolve) => init?.signal?.addEventListener('abort', resolve))
      throw init?.signal?.reason
    })
    await expect(slow('http://127.0.0.1:9/', { signal: AbortSignal.timeout(20) })).rejects.toThrow()
    await monitor.check()
    expect(changes).toEqual([false])
    answers = true
    await monitor.check()
    expect(changes).toEqual([false, true])
  })
})
