import { Worker } from 'node:worker_threads'

/**
 * `bench:hub --busy N`: N cores kept busy by the bench itself, so a figure "under load" is measured
 * under the same load every time rather than whatever else the machine happens to run. Each is a
 * worker thread spinning: a thread of this process, so it cannot outlive the bench (Ctrl-C, a crash
 * or SIGKILL end it with the process), and each stops by itself after `maxSeconds` should the bench
 * hang without reaching stop().
 */
export interface BusyCores {
  cores: number
  stop(): Promise<void>
}

// Spins in slices, checking the time between them: a slice is a few ms of pure CPU, as a busy neighbour is.
const SPIN = `
const { workerData } = require('node:worker_threads')
const end = Date.now() + workerData.maxMs
let x = 0
while (Date.now() < end) for (let i = 0; i < 100000; i++) x = (x * 31 + i) | 0
`

export function keepCoresBusy(cores: number, maxSeconds: number): BusyCores {
  const workers = Array.from({ length: cores }, () => new Worker(SPIN, { eval: true, workerData: { maxMs: maxSeconds * 1000 } }))
  // A worker that fails only stops loading the machine: the figures say how busy it was (load average).
  for (const worker of workers) worker.on('error', () => undefined)
  return {
    cores,
    async stop() {
      await Promise.all(workers.map((worker) => worker.terminate()))
    },
  }
}
