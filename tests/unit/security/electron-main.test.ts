import { EventEmitter } from 'node:events'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { channels, ContractErrorCode, electronPushChannel, type Reply } from '../../../electron/contract'
import { PushBus } from '../../../electron/ipc-core/push-bus'
import { APP_ENTRY_URL, APP_SCHEME } from '../../../electron/security/app-path'
import { REFUSED_URL_PATTERNS } from '../../../electron/security/network-policy'
import { RENDERER_CSP } from '../../../electron/security/renderer-csp'
import { SECURE_WEB_PREFERENCES } from '../../../electron/security/window-options'
import * as fake from '../../support/fake-electron'

vi.mock('electron', () => import('../../support/fake-electron'))
// electron-updater loads Electron natively; Foyer never touches it unless updates are on (never unpackaged).
vi.mock('electron-updater', () => ({ default: { autoUpdater: new EventEmitter() } }))

/**
 * Issue #8's Electron security and kiosk checklist, checked on what Electron
 * main actually does: electron/main/index.ts starts for real, against a stand-in
 * for the `electron` module (tests/support/fake-electron.ts) that keeps what
 * main asks of it. Each test then uses those objects as Electron would: it asks
 * the permission handlers, navigates the window, calls the IPC handlers from a
 * trusted and a foreign frame, crashes the renderer, quits. The training
 * sandbox runs in its own process, as the utility process would start it.
 */
const { app, protocol, session, BrowserWindow, ipcMain, Menu, powerSaveBlocker, utilityProcess, FakeEvent } = fake

let beforeReady: { schemes: fake.SchemePrivileges[]; contentsLocked: boolean; calls: string[] }
let window: fake.BrowserWindow

beforeAll(async () => {
  vi.stubEnv('FOYER_DATA_DIR', 'memory')
  vi.stubEnv('FOYER_MODE', 'self-service')
  vi.stubEnv('FOYER_BACKEND', 'sandbox')
  vi.stubEnv('ELECTRON_RENDERER_URL', '')
  await import('../../../electron/main/index')
  beforeReady = { schemes: [...protocol.registered], contentsLocked: app.listenerCount('web-contents-created') > 0, calls: [...app.calls] }
  app.becomeReady()
  await vi.waitFor(() => expect(BrowserWindow.made[0]?.loaded).toHaveLength(1), { timeout: 60_000, interval: 50 })
  window = BrowserWindow.made[0]!
}, 90_000)

afterAll(async () => {
  // Normally the last test has quit already; a failed run must not leave the sandbox child behind.
  if (!app.calls.includes('quit')) app.emit('before-quit', new FakeEvent())
  await app.quitted
  vi.unstubAllEnvs()
}, 30_000)

/** An IPC call as Electron delivers it: from a frame of some web contents. */
function invoke(channel: string, payload: unknown, from: { sender: unknown; senderFrame: unknown }): Promise<Reply<unknown>> {
  const handler = ipcMain.handlers.get(channel)
  if (!handler) throw new Error(`no handler for ${channel}`)
  return handler(from, payload) as Promise<Reply<unknown>>
}
const ownMainFrame = () => ({ sender: window.webContents, senderFrame: window.webContents.mainFrame })

describe('before Electron is ready', () => {
  it('makes app:// a standard, secure scheme with no privilege that bypasses the CSP', () => {
    expect(beforeReady.schemes).toHaveLength(1)
    const [app_] = beforeReady.schemes
    expect(app_!.scheme).toBe(APP_SCHEME)
    expect(app_!.privileges).toMatchObject({ standard: true, secure: true })
    for (const risky of ['bypassCSP', 'corsEnabled', 'allowServiceWorkers', 'stream']) expect(app_!.privileges[risky], risky).toBeFalsy()
  })

  it('locks every web contents as it is made, and takes the single-instance lock, all before ready', () => {
    expect(beforeReady.contentsLocked).toBe(true)
    expect(beforeReady.calls).not.toContain('ready')
    expect(beforeReady.calls).toContain('registerSchemesAsPrivileged')
    expect(beforeReady.calls).toContain('requestSingleInstanceLock')
  })
})

describe('the main window', () => {
  it('has the secure web preferences with the one-file CommonJS preload, and loads app://foyer, never file://', () => {
    expect(BrowserWindow.made).toHaveLength(1)
    const preferences = window.options.webPreferences as Record<string, unknown>
    expect(preferences).toMatchObject(SECURE_WEB_PREFERENCES)
    expect(String(preferences.preload)).toMatch(/[/\\]preload[/\\]index\.cjs$/)
    expect(window.loaded).toEqual([APP_ENTRY_URL])
  })

  it('refuses navigation, redirects, webviews and new windows the page asks for', () => {
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']) {
      const event = new FakeEvent()
      window.webContents.emit(name, event, { url: 'https://example.com/' })
      expect(event.prevented, name).toBe(true)
    }
    expect(window.webContents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' })
  })

  it('is a full-screen kiosk in self-service: cannot be closed, blocked keys are swallowed, the display stays awake, no menu', () => {
    expect(window.options).toMatchObject({ kiosk: true, fullscreen: true, closable: false, minimizable: false, resizable: false })
    expect(window.state).toMatchObject({ kiosk: true, fullScreen: true, closable: false, minimizable: false, resizable: false, alwaysOnTop: true })
    const close = new FakeEvent()
    window.emit('close', close)
    expect(close.prevented).toBe(true)
    const key = (input: Record<string, unknown>) => {
      const event = new FakeEvent()
      window.webContents.emit('before-input-event', event, { type: 'keyDown', control: false, meta: false, shift: false, alt: false, ...input })
      return event.prevented
    }
    expect(key({ key: 'F4', alt: true })).toBe(true)
    expect(key({ key: 'I', control: true, shift: true })).toBe(true)
    expect(key({ key: 'a' })).toBe(false)
    expect(Menu.current).toBeNull()
    expect(powerSaveBlocker.active.size).toBe(1)
  })

  it('lets staff leave the kiosk only with the staff PIN', async () => {
    const reply = await invoke('kiosk.exit', { pin: '000000' }, ownMainFrame())
    expect(reply.ok).toBe(false)
    expect(window.state.kiosk).toBe(true)
  })

  it('brings a crashed renderer back, but not one that exited cleanly', async () => {
    window.webContents.emit('render-process-gone', new FakeEvent(), { reason: 'clean-exit' })
    window.webContents.emit('render-process-gone', new FakeEvent(), { reason: 'crashed' })
    await vi.waitFor(() => expect(window.webContents.reloads).toBe(1), { timeout: 10_000, interval: 50 })
  })

  it('starts at login on an installed self-service machine, and not at a counter', async () => {
    const { KioskLock } = await import('../../../electron/main/kiosk')
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!
    Object.defineProperty(process, 'platform', { ...platform, value: 'win32' })
    app.isPackaged = true
    try {
      const lock = new KioskLock({ warn: () => {}, error: () => {} })
      lock.lockFor('self-service')
      lock.lockFor('counter')
    } finally {
      app.isPackaged = false
      Object.defineProperty(process, 'platform', platform)
    }
    expect(app.loginItems).toEqual([{ openAtLogin: true }, { openAtLogin: false }])
  })

  it('is brought to the front when Foyer is started a second time', () => {
    const before = window.focused
    app.emit('second-instance')
    expect(window.focused).toBe(before + 1)
  })
})

describe("the renderer's session", () => {
  const defaultSession = session.defaultSession

  it('grants no permission, device or screen capture', () => {
    let granted: boolean | undefined
    defaultSession.permissionRequest?.(window.webContents, 'media', (answer) => (granted = answer))
    expect(granted).toBe(false)
    expect(defaultSession.permissionCheck?.()).toBe(false)
    expect(defaultSession.devicePermission?.()).toBe(false)
    let streams: object | undefined
    defaultSession.displayMedia?.({}, (answer) => (streams = answer))
    expect(streams).toEqual({})
  })

  it('lets no http, https, ws or wss request out of the renderer: main makes every network call', () => {
    expect(defaultSession.requestFilters).toHaveLength(1)
    const [filter] = defaultSession.requestFilters
    expect(filter!.urls).toEqual(REFUSED_URL_PATTERNS)
    for (const url of ['https://example.com/', 'http://127.0.0.1:5318/ipc/system.info', 'ws://127.0.0.1/', 'wss://example.com/socket']) {
      let cancelled: boolean | undefined
      filter!.listener({ url }, ({ cancel }) => (cancelled = cancel))
      expect(cancelled, url).toBe(true)
    }
  })

  it('serves app:// with the CSP and nosniff headers, and nothing outside the renderer folder', async () => {
    const serve = protocol.handlers.get(APP_SCHEME)!
    const missing = await serve(new Request('app://foyer/no-such-file.js'))
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-security-policy')).toBe(RENDERER_CSP)
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff')
    for (const escape of ['app://foyer/../../package.json', 'app://foyer/%2e%2e/%2e%2e/package.json', 'app://foyer/..%2f..%2fpackage.json']) {
      expect((await serve(new Request(escape))).status, escape).not.toBe(200)
    }
    expect((await serve(new Request('app://foyer/index.html', { method: 'POST', body: 'x' }))).status).toBe(405)
  })
})

describe('IPC', () => {
  it('has one handler per contract channel', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.keys(channels).sort())
  })

  it("answers the main frame of Foyer's own window on app://foyer", async () => {
    const reply = await invoke('system.info', {}, ownMainFrame())
    expect(reply).toMatchObject({ ok: true, value: { mode: 'self-service', backend: 'sandbox' } })
  })

  it('refuses a sub-frame, a foreign window, another origin and a frame already gone', async () => {
    const untrusted = { ok: false, error: { code: ContractErrorCode.UntrustedSender } }
    const foreign = new fake.FakeWebContents()
    const gone = {
      sender: window.webContents,
      get senderFrame(): never {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed')
      },
    }
    for (const from of [{ sender: window.webContents, senderFrame: { url: 'app://foyer/index.html' } }, { sender: foreign, senderFrame: foreign.mainFrame }, gone]) {
      expect(await invoke('system.info', {}, from)).toMatchObject(untrusted)
    }
    // Our own window's main frame, after something navigated it away from app://foyer.
    const frame = window.webContents.mainFrame
    for (const url of ['app://evil/index.html', 'file:///opt/Foyer/resources/app/index.html', 'http://127.0.0.1:5173/']) {
      frame.url = url
      expect(await invoke('system.info', {}, ownMainFrame()), url).toMatchObject(untrusted)
    }
    frame.url = 'app://foyer/index.html'
  })

  it("forwards pushes to every open window on the push's own channel", async () => {
    const { forwardPushes } = await import('../../../electron/main/ipc')
    const bus = new PushBus()
    const detach = forwardPushes(bus)
    const info = await invoke('system.info', {}, ownMainFrame())
    if (!info.ok) throw new Error('system.info failed')
    bus.publish('system.changed', info.value as never)
    detach()
    expect(window.webContents.sent.at(-1)).toEqual({ channel: electronPushChannel('system.changed'), payload: info.value })
  })
})

describe('printing and the sandbox', () => {
  it('lays each document out in a hidden window with the secure preferences and no preload, prints it silently, then destroys it', async () => {
    const { ElectronPrinter } = await import('../../../electron/main/electron-printer')
    const printed = await new ElectronPrinter({ deviceName: 'Counter 1' }).print({ name: 'ticket', html: '<p>Ticket</p>' } as never)
    expect(Buffer.from(printed.pdf).toString()).toContain('%PDF')
    const paper = BrowserWindow.made.at(-1)!
    expect(paper).not.toBe(window)
    expect(paper.options).toMatchObject({ show: false, webPreferences: SECURE_WEB_PREFERENCES })
    expect((paper.options.webPreferences as Record<string, unknown>).preload).toBeUndefined()
    expect(paper.loaded[0]).toMatch(/^data:text\/html;charset=utf-8;base64,/)
    expect(paper.webContents.printed).toEqual([expect.objectContaining({ silent: true, deviceName: 'Counter 1' })])
    expect(paper.webContents.windowOpenHandler?.({})).toEqual({ action: 'deny' })
    expect(paper.destroyed).toBe(true)
  })

  it('runs the training sandbox as a utility process of the built child, never as Electron-run-as-Node', () => {
    expect(utilityProcess.forked).toHaveLength(1)
    expect(utilityProcess.forked[0]).toMatch(/[/\\]sandbox-child\.js$/)
  })
})

describe('quitting', () => {
  it('waits until every hold went back and the sandbox stopped, then quits', async () => {
    const quit = new FakeEvent()
    app.emit('before-quit', quit)
    expect(quit.prevented).toBe(true)
    expect(app.calls).not.toContain('quit')
    await app.quitted
    expect(app.calls.at(-1)).toBe('quit')
  }, 30_000)
})
