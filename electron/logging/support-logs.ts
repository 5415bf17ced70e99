import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { SUPPORT_LOG_BUDGET_BYTES } from './recent-logs'

/**
 * Where the worker's script is. From the sources (tsx, vitest) it is support-logs-worker.ts beside this
 * file, loaded through tsx (this thread's loader hooks are not the worker's); in a bundle (out/main,
 * out/browser-host) the built support-logs-worker.js beside the bundle's entry, this code's file.
 */
function workerEntry(): { url: URL; execArgv?: string[] } {
  if (!import.meta.url.endsWith('.ts')) return { url: new URL('./support-logs-worker.js', import.meta.url) }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  return { url: new URL('./support-logs-worker.ts', import.meta.url), execArgv: ['--import', tsx] }
}

/**
 * The newest logs of a logs folder within `budget`, as the JSON text of recentLogs' answer, made on a
 * worker thread of its own (support-logs-worker.ts) that ends with it: a support file may be made while
 * a customer is at the screen, and main must not stop to read, redact and write 4 MB of lines.
 */
export function recentLogsJson(dir: string | null, budget = SUPPORT_LOG_BUDGET_BYTES): Promise<string> {
  const entry = workerEntry()
  const worker = new Worker(entry.url, { workerData: { dir, budget }, ...(entry.execArgv ? { execArgv: entry.execArgv } : {}) })
  return new Promise((resolve, reject) => {
    worker.once('message', (text: unknown) => (typeof text === 'string' ? resolve(text) : reject(new Error('the logs worker answered with no text'))))
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the logs worker stopped (exit ${code}) before it answered`)))
  })
}
