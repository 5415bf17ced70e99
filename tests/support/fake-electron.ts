import { fork } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { sandboxChildEntry } from '../../electron/sandbox/process/fork-launcher'
import { builtSandboxChild } from './built-sandbox'

/**
 * Electron cannot run on the machines that run the tests (its binary is never
 * downloaded), so the main process's own code is run here against this stand-in
 * for the `electron` module: `vi.mock('electron', () => import('…/fake-electron'))`.
 *
 * It does nothing of Electron's work. It keeps what main asked of it (the scheme
 * privileges, the session's handlers, each window's options and listeners, the
 * IPC handlers) so a test can *use* those objects: ask the permission handler,
 * send a request through the network filter, navigate a window, call an IPC
 * handler from a trusted or a foreign frame. Only the utility process is real:
 * it forks the training sandbox's child, as Electron would, through tsx.
 */

/** Resolves app.whenReady(): a test decides when Electron is "ready", so it can look before. */
let markReady: () => void = () => {}
const ready = new Promise<void>((resolve) => (markReady = resolve))

class FakeApp extends EventEmitter {
  isPackaged = false
  readonly calls: string[] = []
  readonly loginItems: unknown[] = []
  #paths = new Map<string, string>()
  #quit: () => void = () => {}
  /** Resolves when main calls app.quit() (or app.exit()). */
  readonly quitted = new Promise<number>((resolve) => (this.#quit = () => resolve(0)))

  whenReady(): Promise<void> {
    this.calls.push('whenReady')
    return ready
  }
  /** The test's switch: Electron is ready from now on. */
  becomeReady(): void {
    this.calls.push('ready')
    markReady()
  }
  requestSingleInstanceLock(): boolean {
    this.calls.push('requestSingleInstanceLock')
    return true
  }
  getVersion(): string {
    return '0.0.0-test'
  }
  getPath(name: string): string {
    const path = this.#paths.get(name)
    if (!path) throw new Error(`fake electron: no ${name} path was set`)
    return path
  }
  setPath(name: string, path: string): void {
    this.#paths.set(name, path)
  }
  setLoginItemSettings(settings: unknown): void {
    this.loginItems.push(settings)
  }
  quit(): void {
    this.calls.push('quit')
    this.#quit()
  }
  exit(code: number): void {
    this.calls.push(`exit ${code}`)
    this.#quit()
  }
}

export const app = new FakeApp()

export interface SchemePrivileges {
  scheme: string
  privileges: Record<string, boolean>
}

export const protocol = {
  registered: [] as SchemePrivileges[],
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
  registerSchemesAsPrivileged(schemes: SchemePrivileges[]): void {
    app.calls.push('registerSchemesAsPrivileged')
    this.registered.push(...schemes)
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void {
    this.handlers.set(scheme, handler)
  },
}

type Listener = (details: { url: string }, callback: (answer: { cancel: boolean }) => void) => void

/** A session: the handlers main installs, kept so a test can ask them. */
export class FakeSession {
  permissionRequest: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null = null
  permissionCheck: ((...args: unknown[]) => boolean) | null = null
  devicePermission: ((...args: unknown[]) => boolean) | null = null
  displayMedia: ((request: unknown, callback: (streams: object) => void) => void) | null = null
  readonly requestFilters: { urls: string[]; listener: Listener }[] = []
  readonly webRequest = {
    onBeforeRequest: (filter: { urls: string[] }, listener: Listener) => this.requestFilters.push({ urls: filter.urls, listener }),
  }
  setPermissionRequestHandler(handler: FakeSession['permissionRequest']): void {
    this.permissionRequest = handler
  }
  setPermissionCheckHandler(handler: FakeSession['permissionCheck']): void {
    this.permissionCheck = handler
  }
  setDevicePermissionHandler(handler: FakeSession['devicePermission']): void {
    this.devicePermission = handler
  }
  setDisplayMediaRequestHandler(handler: FakeSession['displayMedia']): void {
    this.displayMedia = handler
  }
}

export const session = { defaultSession: new FakeSession() }

/** An event a page raised; main refuses it by calling preventDefault. */
export class FakeEvent {
  prevented = false
  preventDefault(): void {
    this.prevented = true
  }
}

export class FakeWebContents extends EventEmitter {
  readonly mainFrame = { url: 'app://foyer/index.html' }
  readonly sent: { channel: string; payload: unknown }[] = []
  windowOpenHandler: ((details: unknown) => { action: string }) | null = null
  reloads = 0
  destroyed = false
  setWindowOpenHandler(handler: (details: unknown) => { action: string }): void {
    this.windowOpenHandler = handler
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload })
  }
  reload(): void {
    this.reloads++
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  isCrashed(): boolean {
    return false
  }
  forcefullyCrashRenderer(): void {}
  closeDevTools(): void {}
  /** The printer's page measure: any height will do. */
  async executeJavaScriptInIsolatedWorld(): Promise<number> {
    return 400
  }
  async printToPDF(): Promise<Buffer> {
    return Buffer.from('%PDF-1.7 fake')
  }
  readonly printed: Record<string, unknown>[] = []
  print(options: Record<string, unknown>, callback: (success: boolean, failureReason: string) => void): void {
    this.printed.push(options)
    callback(true, '')
  }
}

export class BrowserWindow extends EventEmitter {
  static readonly made: BrowserWindow[] = []
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.made.filter((window) => !window.destroyed)
  }
  static fromWebContents(contents: unknown): BrowserWindow | null {
    return BrowserWindow.made.find((window) => window.webContents === contents) ?? null
  }

  readonly webContents = new FakeWebContents()
  readonly loaded: string[] = []
  /** What the kiosk lock last set on the window (setKiosk, setClosable…). */
  readonly state: Record<string, boolean> = {}
  destroyed = false

  constructor(readonly options: Record<string, unknown>) {
    super()
    BrowserWindow.made.push(this)
    // Everything made in main is announced, as Electron does, before anyone else sees it.
    app.emit('web-contents-created', new FakeEvent(), this.webContents)
  }
  async loadURL(url: string): Promise<void> {
    this.loaded.push(url)
  }
  focused = 0
  show(): void {}
  focus(): void {
    this.focused++
  }
  restore(): void {}
  isMinimized(): boolean {
    return false
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  destroy(): void {
    this.destroyed = true
  }
  setKiosk(value: boolean): void {
    this.state.kiosk = value
  }
  setFullScreen(value: boolean): void {
    this.state.fullScreen = value
  }
  setAlwaysOnTop(value: boolean): void {
    this.state.alwaysOnTop = value
  }
  setClosable(value: boolean): void {
    this.state.closable = value
  }
  setMinimizable(value: boolean): void {
    this.state.minimizable = value
  }
  setResizable(value: boolean): void {
    this.state.resizable = value
  }
}

export const ipcMain = {
  handlers: new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>(),
  handle(channel: string, handler: (event: unknown, payload: unknown) => Promise<unknown>): void {
    if (this.handlers.has(channel)) throw new Error(`fake electron: a second handler for ${channel}`)
    this.handlers.set(channel, handler)
  },
}

export const Menu = {
  current: undefined as unknown,
  setApplicationMenu(menu: unknown): void {
    this.current = menu
  },
  buildFromTemplate(template: unknown[]): unknown {
    return { template }
  },
}

export const powerSaveBlocker = {
  active: new Set<number>(),
  next: 1,
  start(_type: string): number {
    const id = this.next++
    this.active.add(id)
    return id
  },
  stop(id: number): void {
    this.active.delete(id)
  },
}

/**
 * Electron's utility process, for real: the path main asks for is its built
 * child (out/main/sandbox-child.js); here the same child as the browser host's bundle has it while that
 * is current (tests/support/built-sandbox.ts), otherwise from its source.
 */
export const utilityProcess = {
  forked: [] as string[],
  fork(modulePath: string) {
    this.forked.push(modulePath)
    const built = builtSandboxChild()
    const { modulePath: source, execArgv } = built ? { modulePath: built, execArgv: [] } : sandboxChildEntry()
    const child = fork(source, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    const proxy = Object.assign(new EventEmitter(), {
      get pid() {
        return child.pid
      },
      postMessage: (message: unknown) => child.connected && child.send(message as object),
      kill: () => child.kill(),
    })
    child.once('spawn', () => proxy.emit('spawn'))
    child.on('message', (message) => proxy.emit('message', message))
    child.once('exit', (code) => proxy.emit('exit', code ?? 1))
    return proxy
  },
}

export default { app, protocol, session, BrowserWindow, ipcMain, Menu, powerSaveBlocker, utilityProcess }
