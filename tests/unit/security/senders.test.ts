import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { channels, type Reply } from '../../../electron/contract'
import { createAppServices } from '../../../electron/services/app-services'
import { isTrustedSender, type SenderPolicy } from '../../../electron/ipc-core/sender-policy'
import { APP_ENTRY_URL, APP_ORIGIN } from '../../../electron/security/app-path'

/**
 * Who may call main over Electron IPC: only the main frame of Foyer's own
 * window showing Foyer's own renderer. Everything else (another origin, a
 * subframe, a file:// or http:// page, a frame already gone) is refused with a
 * typed "untrusted sender" reply on every channel, before the dispatcher runs.
 *
 * Electron cannot run here, so `electron` is replaced by the little of it
 * handleContract touches: ipcMain.handle (its handlers are kept and called with
 * events shaped like IpcMainInvokeEvent) and BrowserWindow.fromWebContents.
 */
type InvokeHandler = (event: unknown, payload: unknown) => Promise<Reply<unknown>>
const registered = new Map<string, InvokeHandler>()
/** The webContents of windows Foyer created; any other is a stranger's. */
const ownContents = new Set<object>()

vi.mock('electron', () => ({
  ipcMain: { handle: (channel: string, handler: InvokeHandler) => registered.set(channel, handler) },
  BrowserWindow: {
    fromWebContents: (contents: object) => (ownContents.has(contents) ? { id: 1 } : null),
    getAllWindows: () => [],
  },
}))

const policy: SenderPolicy = { allowedOrigins: [APP_ORIGIN] }
const channelNames = Object.keys(channels)

interface FrameShape {
  url: string
}
/** An IpcMainInvokeEvent as handleContract reads it: the sender webContents, its main frame, the sending frame. */
function invokeEvent(options: { url?: string; own?: boolean; subframe?: boolean; destroyed?: 'null' | 'disposed'; contentsId?: number }) {
  const mainFrame: FrameShape = { url: options.url ?? APP_ENTRY_URL }
  const sender = { mainFrame, id: options.contentsId ?? 7 }
  if (options.own !== false) ownContents.add(sender)
  let senderFrame: FrameShape | null = options.subframe ? { url: options.url ?? APP_ENTRY_URL } : mainFrame
  if (options.destroyed === 'null') senderFrame = null
  if (options.destroyed === 'disposed') {
    // A frame Electron has disposed throws on access, as WebFrameMain does.
    senderFrame = {
      get url(): string {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed')
      },
    }
    sender.mainFrame = senderFrame
  }
  return { sender, senderFrame, frameId: 1, processId: 1 }
}

const untrusted = { ok: false, error: { code: 'contract.untrusted-sender', messageKey: 'errors.contract.untrustedSender', retryable: false } }

const strangers: [string, Parameters<typeof invokeEvent>[0]][] = [
  ['another https origin', { url: 'https://evil.example/index.html' }],
  ['a look-alike app:// host', { url: 'app://foyer.evil/index.html' }],
  ['app:// with credentials', { url: 'app://user:pw@foyer/index.html' }],
  ['a file:// page', { url: 'file:///etc/passwd' }],
  ['a file:// page where the renderer used to be', { url: 'file:///opt/Foyer/resources/app.asar/out/renderer/index.html' }],
  ['an http:// page', { url: 'http://127.0.0.1:5173/' }],
  ['an http:// localhost page', { url: 'http://localhost/' }],
  ['a data: URL', { url: 'data:text/html,<script>1</script>' }],
  ['about:blank', { url: 'about:blank' }],
  ['a blob: URL', { url: 'blob:app://foyer/0b6f' }],
  ['a javascript: URL', { url: 'javascript:alert(1)' }],
  ['an empty URL', { url: '' }],
  ['a subframe of our own page', { subframe: true }],
  ['our page in a window Foyer did not create', { own: false }],
  ['a destroyed frame (senderFrame null)', { destroyed: 'null' }],
]

/** Calls that got past the sender check to the dispatcher. */
let dispatched = 0

beforeAll(async () => {
  const { handleContract } = await import('../../../electron/main/ipc')
  const services = createAppServices({ appVersion: 't', mode: 'self-service', backend: 'sandbox', host: 'electron' })
  handleContract({ dispatch: (...args) => ((dispatched += 1), services.dispatcher.dispatch(...args)) }, policy, (id) => id === CUSTOMER_PAGE)
})

/** The customer display's window's webContents id (issue #34): our renderer, another sender. */
const CUSTOMER_PAGE = 9
beforeEach(() => ownContents.clear())

describe('IPC senders on every channel', () => {
  it('registers a handler for every channel of the contract', () => {
    expect([...registered.keys()].sort()).toEqual([...channelNames].sort())
  })

  it.each(strangers)('refuses %s with a typed untrusted-sender reply on every channel', async (_name, shape) => {
    const before = dispatched
    for (const channel of channelNames) {
      const handler = registered.get(channel)!
      await expect(handler(invokeEvent(shape), {}), channel).resolves.toEqual(untrusted)
    }
    expect(dispatched).toBe(before)
  })

  it('never lets a disposed frame (WebFrameMain throws on access) reach a service', async () => {
    const before = dispatched
    for (const channel of channelNames) {
      await registered.get(channel)!(invokeEvent({ destroyed: 'disposed' }), {}).catch(() => null)
    }
    expect(dispatched).toBe(before)
  })

  // A frame Electron has already disposed throws when read: it gets the typed refusal too.
  it('answers a disposed frame with the typed untrusted-sender reply', async () => {
    await expect(registered.get('system.info')!(invokeEvent({ destroyed: 'disposed' }), {})).resolves.toEqual(untrusted)
  })

  it('accepts the main frame of our own window showing app://foyer', async () => {
    const reply = await registered.get('system.info')!(invokeEvent({}), {})
    expect(reply).toMatchObject({ ok: true, value: { appName: 'Foyer', host: 'electron' } })
    for (const channel of channelNames) {
      const answer = await registered.get(channel)!(invokeEvent({ url: `${APP_ORIGIN}/index.html#/events` }), { surely: 'not valid' })
      // Past the sender check, the contract judges the payload.
      expect(answer, channel).not.toEqual(untrusted)
    }
  })
})

describe("the customer display's window", () => {
  it('may call customerDisplay.view and is refused every other channel before the dispatcher', async () => {
    const page = { contentsId: CUSTOMER_PAGE, url: `${APP_ENTRY_URL}#display=customer` }
    await expect(registered.get('customerDisplay.view')!(invokeEvent(page), {})).resolves.toMatchObject({ ok: true, value: { state: 'idle' } })
    const before = dispatched
    for (const channel of channelNames.filter((name) => name !== 'customerDisplay.view')) {
      await expect(registered.get(channel)!(invokeEvent(page), {}), channel).resolves.toEqual(untrusted)
    }
    expect(dispatched).toBe(before)
  })
})

describe('the sender policy itself', () => {
  const own = { isMainFrame: true, isOwnWindow: true }
  it('trusts only the app origin, in the main frame of an own window', () => {
    expect(isTrustedSender({ ...own, frameUrl: APP_ENTRY_URL }, policy)).toBe(true)
    expect(isTrustedSender({ ...own, frameUrl: `${APP_ORIGIN}/deep/path?q=1#x` }, policy)).toBe(true)
    for (const frameUrl of strangers.map(([, shape]) => shape.url).filter((url): url is string => url !== undefined)) {
      expect(isTrustedSender({ ...own, frameUrl }, policy), frameUrl).toBe(false)
    }
    expect(isTrustedSender({ isMainFrame: false, isOwnWindow: true, frameUrl: APP_ENTRY_URL }, policy)).toBe(false)
    expect(isTrustedSender({ isMainFrame: true, isOwnWindow: false, frameUrl: APP_ENTRY_URL }, policy)).toBe(false)
    expect(isTrustedSender({ ...own, frameUrl: undefined }, policy)).toBe(false)
  })
})
