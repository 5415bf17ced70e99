import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { RENDERER_CSP } from '../../electron/security/renderer-csp'
import { expect, mainWindowState, test } from './electron-app'

/**
 * Issue #8's Electron security, checked in the running app rather than by
 * reading its code (tests/unit/security/electron-config.test.ts does that):
 * the renderer comes from app://foyer with the hardened web preferences and
 * the CSP in force; its session reaches no network; it opens no window,
 * navigates nowhere and gets no permission.
 */

/** A loopback server that counts what reaches it: the renderer's session must let nothing through. */
async function countingServer(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0
  const server: Server = createServer((_request, response) => {
    hits += 1
    response.end('reached')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, hits: () => hits, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

test('the window shows the renderer from app://foyer: no Node, no webview, one bridge of domain methods', async ({ foyer }) => {
  await expect(foyer.window.getByTestId('attract-screen')).toBeVisible()
  expect((await mainWindowState(foyer.app))?.url).toMatch(/^app:\/\/foyer\//)
  // The web preferences as the page feels them (their values are pinned in tests/unit/security/electron-config.test.ts).
  const page = await foyer.window.evaluate(() => {
    const bridge = (window as unknown as { foyer: Record<string, Record<string, unknown>> }).foyer
    return {
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      module: typeof (globalThis as { module?: unknown }).module,
      webview: document.createElement('webview').constructor.name,
      domains: Object.keys(bridge).sort(),
      generic: ['invoke', 'send', 'sendSync', 'ipcRenderer', 'on'].filter((name) => name in bridge),
      systemInfo: typeof bridge.system?.info,
    }
  })
  expect(page).toMatchObject({ require: 'undefined', process: 'undefined', module: 'undefined', webview: 'HTMLUnknownElement', generic: [], systemInfo: 'function' })
  expect(page.domains).toContain('catalogue')
  // The bridge works: main answers through IPC, its sender check let this main frame through.
  const info = await foyer.window.evaluate(() => (window as unknown as { foyer: { system: { info: () => Promise<unknown> } } }).foyer.system.info())
  expect(info).toMatchObject({ ok: true, value: { host: 'electron', mode: 'self-service', backend: 'sandbox', kioskLock: 'locked' } })
})

test('the CSP is sent with the page and in force: no eval, no inline script', async ({ foyer }) => {
  const header = await foyer.window.evaluate(async () => (await fetch('app://foyer/index.html')).headers.get('content-security-policy'))
  expect(header).toBe(RENDERER_CSP)
  const evalResult = await foyer.window.evaluate(() => {
    try {
      return String(eval('6 * 7'))
    } catch (error) {
      return (error as Error).name
    }
  })
  expect(evalResult).toBe('EvalError')
  const inline = await foyer.window.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true })
        const script = document.createElement('script')
        script.textContent = 'window.__foyerInlineRan = true'
        document.body.append(script)
        setTimeout(() => resolve((window as unknown as { __foyerInlineRan?: boolean }).__foyerInlineRan ? 'ran' : 'no report'), 3000)
      }),
  )
  expect(inline).toMatch(/^script-src/)
})

test("the renderer's session refuses http and ws, so nothing reaches the network", async ({ foyer }) => {
  const server = await countingServer()
  try {
    // From a window of main's own, with no CSP in the way: only the session's refusal stands between it and the server.
    const outcome = await foyer.app.evaluate(async ({ BrowserWindow }, url) => {
      const probe = new BrowserWindow({ show: false, webPreferences: { sandbox: true, contextIsolation: true } })
      try {
        await probe.loadURL(url)
        return 'loaded'
      } catch (error) {
        return (error as Error).message
      } finally {
        probe.destroy()
      }
    }, server.url)
    expect(outcome).toContain('ERR_BLOCKED_BY_CLIENT')
    // And from the kiosk page itself (the CSP refuses it too; either way nothing leaves).
    const fromPage = await foyer.window.evaluate(async (url) => {
      try {
        await fetch(url)
        return 'reached'
      } catch {
        return 'refused'
      }
    }, server.url)
    expect(fromPage).toBe('refused')
    const socket = await foyer.window.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          try {
            const ws = new WebSocket(url.replace('http:', 'ws:'))
            ws.onopen = () => resolve('open')
            ws.onerror = () => resolve('refused')
          } catch {
            resolve('refused')
          }
        }),
      server.url,
    )
    expect(socket).toBe('refused')
    expect(server.hits()).toBe(0)
  } finally {
    await server.close()
  }
})

test('app:// serves only the renderer: traversal and other hosts are refused', async ({ foyer }) => {
  const answers = await foyer.window.evaluate(async () => {
    const ask = async (url: string) => {
      try {
        const response = await fetch(url)
        return { status: response.status, leaked: (await response.text()).includes('"electron-builder"') }
      } catch {
        return { status: 0, leaked: false }
      }
    }
    return Promise.all(['app://foyer/..%2f..%2fpackage.json', 'app://foyer/%2e%2e/%2e%2e/package.json', 'app://foyer/..\\..\\package.json', 'app://other/index.html'].map(ask))
  })
  for (const answer of answers) {
    expect(answer.leaked).toBe(false)
    expect(answer.status === 0 || answer.status >= 400).toBe(true)
  }
})

test('window.open, navigation away and permission requests are all refused', async ({ foyer }) => {
  const before = (await mainWindowState(foyer.app))!
  const opened = await foyer.window.evaluate(() => window.open('https://example.com/') === null)
  expect(opened).toBe(true)
  await foyer.window.evaluate(() => {
    window.location.href = 'https://example.com/'
  })
  const permission = await foyer.window.evaluate(() => Notification.requestPermission())
  expect(permission).toBe('denied')
  const geolocation = await foyer.window.evaluate(async () => (await navigator.permissions.query({ name: 'geolocation' })).state)
  expect(geolocation).toBe('denied')
  // Still our page, and no new window.
  const after = (await mainWindowState(foyer.app))!
  expect(after.url).toBe(before.url)
  expect(after.windows).toBe(before.windows)
  await expect(foyer.window.getByTestId('attract-screen')).toBeVisible()
})
