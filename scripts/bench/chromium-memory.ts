import { readFileSync } from 'node:fs'

/**
 * What one Chromium page holds after a forced garbage collection, read from
 * outside the page as a kiosk's day is measured (issue #35): the JS heap, the
 * DOM (documents, nodes, listeners: CDP Memory.getDOMCounters), and the
 * resident memory of the browser's renderer and GPU processes (their pids
 * from CDP SystemInfo.getProcessInfo, their RSS and PSS from /proc, where the
 * driving process runs on the same machine).
 */
export interface MemorySample {
  jsHeapMb: number
  /** The same, in bytes: growth is reckoned from these, not from the rounded megabytes. */
  jsHeapBytes: number
  documents: number
  nodes: number
  listeners: number
  /** Summed over the browser's renderer processes (one with one page). */
  renderer: ProcessMemory
  gpu: ProcessMemory
}

/** RSS, PSS, and USS (the process's private pages alone: unlike PSS, not moved by other processes sharing its libraries). */
export interface ProcessMemory {
  processes: number
  rssMb: number
  pssMb: number
  ussMb: number
}

const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10

/** Rss, Pss and private pages of a process in kB (smaps_rollup); zero when it is gone or unreadable. */
function residentKb(pid: number): { rss: number; pss: number; uss: number } {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0)
    return { rss: field('Rss'), pss: field('Pss'), uss: field('Private_Clean') + field('Private_Dirty') }
  } catch {
    return { rss: 0, pss: 0, uss: 0 }
  }
}

function sumOf(pids: number[]): ProcessMemory {
  const each = pids.map(residentKb)
  const total = (key: 'rss' | 'pss' | 'uss') => mb(each.reduce((sum, e) => sum + e[key], 0))
  return { processes: pids.length, rssMb: total('rss'), pssMb: total('pss'), ussMb: total('uss') }
}

/** Sends one DevTools command (to the page, or to the browser) and answers its result. */
export type Send = (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>

export class ChromiumMemory {
  /** `page` and `browser` send to the page's session and the browser's (cdp-pipe.ts: no Network domain enabled). */
  constructor(
    private readonly page: Send,
    private readonly browser: Send,
  ) {}

  /** Collects garbage (twice: a first pass frees what keeps the rest) and lets the renderer settle, then reads. */
  async sample(): Promise<MemorySample> {
    await this.page('HeapProfiler.collectGarbage')
    await new Promise((resolve) => setTimeout(resolve, 300))
    await this.page('HeapProfiler.collectGarbage')
    await new Promise((resolve) => setTimeout(resolve, 700))
    const heap = (await this.page('Runtime.getHeapUsage')) as { usedSize: number }
    const dom = (await this.page('Memory.getDOMCounters')) as { documents: number; nodes: number; jsEventListeners: number }
    const { processInfo } = (await this.browser('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] }
    const pidsOf = (type: string) => processInfo.filter((p) => p.type.toLowerCase() === type).map((p) => p.id)
    return {
      jsHeapMb: Math.round((heap.usedSize / 1048576) * 10) / 10,
      jsHeapBytes: heap.usedSize,
      documents: dom.documents,
      nodes: dom.nodes,
      listeners: dom.jsEventListeners,
      renderer: sumOf(pidsOf('renderer')),
      gpu: sumOf(pidsOf('gpu')),
    }
  }
}
