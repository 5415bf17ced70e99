import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { recentLogs } from '../../../electron/logging/recent-logs'
import { recentLogsJson } from '../../../electron/logging/support-logs'

/**
 * The support file's logs are read, redacted and written on a worker thread (support-logs.ts): the text
 * it gives back is the very JSON of what recentLogs reads, within the budget, redacted; a worker that
 * cannot do its work says so rather than leaving the support file waiting.
 */
describe("the support file's logs, made on a worker thread", () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-support-logs-'))
  const logs = join(dir, 'logs')
  mkdirSync(logs)
  const line = (n: number, extra: Record<string, unknown> = {}) => JSON.stringify({ level: 30, time: 1764576000000 + n, msg: `step ${n}`, ...extra })
  writeFileSync(join(logs, 'foyer.2026-11-29.1.log'), `${[1, 2, 3].map((n) => line(n)).join('\n')}\n`)
  // A line an older Foyer wrote unredacted, and one that is not JSON: both come back redacted.
  writeFileSync(join(logs, 'foyer.2026-11-30.1.log'), `${line(4, { secret: 'hunter2-client-secret' })}\nnot json, Bearer abc.def.ghi\n`)
  // The older file written a day before: the budget keeps the newest.
  const dayAgo = new Date(Date.now() - 86_400_000)
  utimesSync(join(logs, 'foyer.2026-11-29.1.log'), dayAgo, dayAgo)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('gives the JSON text of the newest logs, redacted, as recentLogs reads them', async () => {
    const text = await recentLogsJson(logs)
    expect(text).toBe(JSON.stringify(await recentLogs(logs)))
    const files = JSON.parse(text) as { file: string; lines: unknown[] }[]
    expect(files.map((f) => f.file).sort()).toEqual(['foyer.2026-11-29.1.log', 'foyer.2026-11-30.1.log'])
    expect(files.flatMap((f) => f.lines)).toHaveLength(5)
    expect(text).not.toContain('hunter2-client-secret')
    expect(text).not.toContain('abc.def.ghi')
  })

  it('keeps to the budget, newest first, and gives an empty list where there are no logs', async () => {
    const newest = JSON.parse(await recentLogsJson(logs, statSync(join(logs, 'foyer.2026-11-30.1.log')).size)) as { file: string }[]
    expect(newest.map((f) => f.file)).toEqual(['foyer.2026-11-30.1.log'])
    expect(await recentLogsJson(null)).toBe('[]')
    expect(await recentLogsJson(join(dir, 'none'))).toBe('[]')
  })

  it('refuses what it cannot do in words (a budget that is no budget), never waiting for ever', async () => {
    await expect(recentLogsJson(logs, 0)).rejects.toThrow(/budget/)
  })
})
