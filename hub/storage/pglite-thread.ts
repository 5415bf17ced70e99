import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { PgliteThreadError, WorkerReply, WorkerStarted, type WorkerAsk } from './pglite-messages'

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

/** The process's PGlite thread, once started: every database the process opens is on it. */
let shared: Promise<PgliteThread> | undefined

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

  /**
   * The process's PGlite thread, started at the first database it opens and kept (unreferenced while
   * nothing waits on it) for every one after; started again if it ended (its WebAssembly aborted).
   */
  static async shared(): Promise<PgliteThread> {
    const running = shared && (await shared.catch(() => undefined))
    if (running && !running.ended) return running
    shared = PgliteThread.start()
    return shared
  }

  private static async start(): Promise<PgliteThread> {
    const entry = workerEntry()
    const worker = new Worker(entry.url, entry.execArgv ? { execArgv: entry.execArgv } : {})
    WorkerStarted.parse(await firstWord(worker))
    worker.unref()
    return new PgliteThread(worker)
  }

  /** `transfer`: buffers handed over rather than copied (a dumped data folder to open). */
  ask(request: WorkerAsk, transfer: ArrayBuffer[] = []): Promise<Answer> {
    if (this.ended) return Promise.reject(this.ended)
    const id = this.nextId++
    if (this.waiting.size === 0) this.worker.ref()
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject })
      this.worker.postMessage({ ...request, id }, transfer)
    })
  }

  /** Opens a transaction on database `db`; its statements and its end name it by the id this gives. */
  async begin(db: number): Promise<number> {
    // A transaction is known by its `begin` request's id, the one ask() is about to give.
    const tx = this.nextId
    await this.ask({ op: 'begin', db })
    return tx
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
