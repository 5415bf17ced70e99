import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { PgliteThreadError, WorkerReply, WorkerStarted, type WorkerAsk, type WorkerOptions } from './pglite-messages'

/**
 * Where the PGlite thread's code is. From the sources (tsx, vitest) it is pglite-worker.ts beside this
 * file, and the worker loads it through tsx, as this thread's loader hooks are not the worker's. In
 * Foyer Hub's bundle (scripts/build-hub.mjs) this file is inside out/hub/foyer-hub.mjs, and the
 * worker's own bundle is beside it, plain JavaScript that loads in a fraction of the time.
 */
function workerEntry(): { url: URL; execArgv?: string[] } {
  if (!import.meta.url.endsWith('.ts')) return { url: new URL('./pglite-worker.mjs', import.meta.url) }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  // Not this process's other options (vitest's, tsx's own `--import tsx` a second time), but its profile's: the
  // PGlite thread's CPU is most of a hub's under `npm run bench:hub -- --profile`, which writes one file a thread.
  const profiling = process.execArgv.filter((option) => option.startsWith('--cpu-prof'))
  return { url: new URL('./pglite-worker.ts', import.meta.url), execArgv: [...profiling, '--import', tsx] }
}

/**
 * The worker's first message, or why there was none. Only these listeners are taken off again:
 * removeAllListeners() would take the Worker's own too, and no reply would ever come.
 */
function firstWord(worker: Worker): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const done = () => worker.off('message', said).off('error', failed).off('exit', exited)
    const said = (message: unknown) => void (done(), resolve(message))
    const failed = (error: Error) => void (done(), reject(error))
    const exited = (code: number) => failed(new Error(`The PGlite thread ended before it started (exit code ${code}).`))
    worker.on('message', said).on('error', failed).on('exit', exited)
  })
}

type Answer = Omit<WorkerReply & { ok: true }, 'id' | 'ok'>

/**
 * PGlite on a thread of its own, asked by message: each request answered by the reply with its id.
 * The worker holds the process open only while a request is waiting for it, as PGlite on this thread
 * did: a command that forgot to close its database still ends, and one awaiting a query does not end early.
 */
export class PgliteThread {
  private nextId = 0
  private readonly waiting = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>()
  private ended: Error | undefined

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: unknown) => this.settle(WorkerReply.parse(message)))
    // A worker that fails (its WebAssembly aborted, out of memory) or is ended fails what waits on it, and what is asked after.
    worker.on('error', (error) => this.end(error))
    worker.on('exit', (code) => this.end(new Error(`The PGlite thread ended (exit code ${code}).`)))
  }

  /** Starts the worker and waits for its PGlite to be open; throws what PGlite threw if it could not open. */
  static async start(options: WorkerOptions): Promise<PgliteThread> {
    const entry = workerEntry()
    const transferList = options.from ? [options.from.buffer as ArrayBuffer] : []
    const worker = new Worker(entry.url, { workerData: options, transferList, ...(entry.execArgv ? { execArgv: entry.execArgv } : {}) })
    const started = await firstWord(worker)
    const said = WorkerStarted.parse(started)
    if (!said.started) {
      await worker.terminate()
      throw new PgliteThreadError(said.error)
    }
    worker.unref()
    return new PgliteThread(worker)
  }

  ask(request: WorkerAsk): Promise<Answer> {
    if (this.ended) return Promise.reject(this.ended)
    const id = this.nextId++
    if (this.waiting.size === 0) this.worker.ref()
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject })
      this.worker.postMessage({ ...request, id })
    })
  }

  /** Opens a transaction on the worker; its statements and its end name it by the id this gives. */
  async begin(): Promise<number> {
    // A transaction is known by its `begin` request's id, the one ask() is about to give.
    const tx = this.nextId
    await this.ask({ op: 'begin' })
    return tx
  }

  /** Ends the worker once its PGlite is closed. */
  async close(): Promise<void> {
    await this.ask({ op: 'close' })
    await this.worker.terminate()
  }

  private settle(reply: WorkerReply): void {
    const waiter = this.waiting.get(reply.id)
    if (!waiter) return
    this.waiting.delete(reply.id)
    if (this.waiting.size === 0) this.worker.unref()
    if (reply.ok) waiter.resolve({ ...(reply.rows ? { rows: reply.rows } : {}), ...(reply.dump ? { dump: reply.dump } : {}) })
    else waiter.reject(new PgliteThreadError(reply.error))
  }

  private end(error: Error): void {
    this.ended ??= error
    for (const waiter of this.waiting.values()) waiter.reject(error)
    this.waiting.clear()
  }
}
