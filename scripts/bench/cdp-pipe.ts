import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable, Writable } from 'node:stream'

/**
 * Chromium driven over its DevTools pipe with nothing but the commands a
 * bench sends (issue #35). Playwright enables the Network domain on every
 * page it drives, and DevTools then keeps a copy of each response the page
 * receives (NetworkResourcesData, up to 100 MB): a kiosk that talks to main
 * over HTTP looked as if it grew by that copy. A kiosk has no DevTools
 * attached, so its day is measured without one: no domain is enabled that
 * the bench does not ask for.
 *
 * The protocol on the pipe: JSON messages, each ended by a NUL; Chromium
 * reads fd 3 and writes fd 4 (--remote-debugging-pipe).
 */
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; method: string }

export class CdpPipe {
  readonly #process: ChildProcess
  readonly #profile: string
  readonly #pending = new Map<number, Pending>()
  readonly #listeners = new Map<string, (params: Record<string, unknown>) => void>()
  #next = 1
  #buffered = ''

  private constructor(process: ChildProcess, profile: string) {
    this.#process = process
    this.#profile = profile
    const from = process.stdio[4] as Readable
    from.setEncoding('utf8')
    from.on('data', (chunk: string) => this.#receive(chunk))
    process.once('exit', (code) => {
      for (const pending of this.#pending.values()) pending.reject(new Error(`Chromium exited (${code}) during ${pending.method}`))
      this.#pending.clear()
    })
  }

  /** Chromium at `path`, headless, with `args` and a profile of its own (removed at close). */
  static launch(path: string, args: string[]): CdpPipe {
    const profile = mkdtempSync(join(tmpdir(), 'foyer-cdp-'))
    const child = spawn(path, [...args, '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    })
    return new CdpPipe(child, profile)
  }

  /** One command, to the browser or (with `sessionId`) to an attached target; answers its result. */
  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    const id = this.#next++
    const message = JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params })
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, method })
      ;(this.#process.stdio[3] as Writable).write(`${message}\0`)
    })
  }

  /** Opens a blank page `width` × `height` with `initScripts` run before any page's own, attached: answers its session. */
  async openPage(width: number, height: number, initScripts: string[]): Promise<string> {
    const { targetInfos } = await this.send<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets')
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' })
    // The blank page Chromium opened at start goes, so the renderer measured is this page's alone.
    for (const other of targetInfos.filter((t) => t.type === 'page')) await this.send('Target.closeTarget', { targetId: other.targetId })
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true })
    await this.send('Page.enable', {}, sessionId)
    await this.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false }, sessionId)
    for (const source of initScripts) await this.send('Page.addScriptToEvaluateOnNewDocument', { source }, sessionId)
    return sessionId
  }

  /** Hears one event (the latest listener only); null stops hearing it. */
  on(method: string, listener: ((params: Record<string, unknown>) => void) | null): void {
    if (listener) this.#listeners.set(method, listener)
    else this.#listeners.delete(method)
  }

  /** A heap snapshot of the page (HeapProfiler's chunks, joined), written to `path` too when given, for finding what a day keeps. */
  async heapSnapshot(sessionId: string, path?: string): Promise<string> {
    const chunks: string[] = []
    this.on('HeapProfiler.addHeapSnapshotChunk', (params) => chunks.push(String(params.chunk)))
    await this.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false }, sessionId)
    this.on('HeapProfiler.addHeapSnapshotChunk', null)
    const snapshot = chunks.join('')
    if (path) writeFileSync(path, snapshot)
    return snapshot
  }

  /** Evaluates `expression` in the page (a promise is awaited); answers its value, or throws what the page threw. */
  async evaluate<T>(sessionId: string, expression: string): Promise<T> {
    const reply = await this.send<{ result: { value?: T }; exceptionDetails?: { exception?: { description?: string }; text: string } }>(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true },
      sessionId,
    )
    if (reply.exceptionDetails) throw new Error(reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text)
    return reply.result.value as T
  }

  close(): void {
    this.#process.kill('SIGTERM')
    rmSync(this.#profile, { recursive: true, force: true })
  }

  #receive(chunk: string): void {
    this.#buffered += chunk
    let end: number
    while ((end = this.#buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(this.#buffered.slice(0, end)) as { id?: number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { message: string } }
      this.#buffered = this.#buffered.slice(end + 1)
      if (message.method) this.#listeners.get(message.method)?.(message.params ?? {})
      const pending = message.id === undefined ? undefined : this.#pending.get(message.id)
      if (!pending) continue
      this.#pending.delete(message.id!)
      if (message.error) pending.reject(new Error(`${pending.method}: ${message.error.message}`))
      else pending.resolve(message.result)
    }
  }
}
