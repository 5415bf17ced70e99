import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { channels } from '../../../electron/contract'
import { call, createDispatcher, refusingHandlers, type Handlers } from '../../../electron/ipc-core/dispatcher'
import { openFileLogger } from '../../../electron/logging/file-logger'
import { openHostLog } from '../../../electron/logging/host-log'
import { startRuntime } from '../../../electron/services/runtime'

/**
 * An installed kiosk keeps its log: what main says lands in <data folder>/logs as JSON lines at its
 * level, with no secret, patron data or path in them, a new file past the size and each day, and
 * files older than the window removed.
 */
let dataDir = ''
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'foyer-logs-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

async function logLines(dir: string): Promise<Record<string, unknown>[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.log')).sort()
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')))
  return texts.flatMap((text) => text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>))
}

const DAY_MS = 24 * 60 * 60 * 1000

describe('the kiosk log', () => {
  it('keeps what the runtime says in a file in the data folder, at its level, without secrets or patron data', async () => {
    const host = await openHostLog(dataDir, { FOYER_LOG_LEVEL: 'info' })
    const consoleLines: string[] = []
    const heard = (line: unknown) => void consoleLines.push(String(line))
    vi.spyOn(console, 'warn').mockImplementation(heard)
    vi.spyOn(console, 'error').mockImplementation(heard)
    // A vendor backend that cannot be connected at start: the runtime says so (runtime.ts connectAtStart).
    const runtime = await startRuntime({
      facts: { appVersion: 't', mode: 'self-service', host: 'browser' },
      dataDir: null,
      backend: 'staging',
      connect: async () => {
        throw new Error('token refused for jo.patron@example.com at /home/kiosk/.config/Foyer/settings.json')
      },
      log: host.log,
    })
    await runtime.close()
    // A handler that fails unexpectedly: the dispatcher's error line.
    const failing = refusingHandlers<Handlers>(channels, () => new Error('lookup failed'))
    await call(createDispatcher(failing, host.log), 'system.info', {})
    host.log.info('sale paid', { saleId: 's1', patron: { email: 'jo.patron@example.com', firstName: 'Jo' }, clientSecret: 'vendor-secret-123', pin: '246810' })
    host.log.debug('not kept at info')
    await host.close()

    expect(host.dir).toBe(join(dataDir, 'logs'))
    const lines = await logLines(join(dataDir, 'logs'))
    const text = JSON.stringify(lines)
    expect(lines.find((line) => line.msg === 'could not connect to the staging backend')).toMatchObject({ level: 'warn', reason: expect.stringContaining('<e-mail>') })
    expect(lines.find((line) => line.msg === 'handler failed')).toMatchObject({ level: 'error', channel: 'system.info' })
    expect(lines.find((line) => line.msg === 'sale paid')).toMatchObject({ level: 'info', saleId: 's1', patron: '[redacted]', clientSecret: '[redacted]', pin: '[redacted]' })
    expect(lines.some((line) => line.msg === 'not kept at info')).toBe(false)
    for (const secret of ['jo.patron@example.com', 'vendor-secret-123', '246810', '/home/kiosk', 'Jo"']) expect(text).not.toContain(secret)
    for (const line of lines) expect(typeof line.time).toBe('string')
    // The console still hears warnings and errors, redacted the same way.
    expect(consoleLines.join('\n')).toContain('could not connect to the staging backend')
    expect(consoleLines.join('\n')).not.toContain('jo.patron@example.com')
    vi.restoreAllMocks()
  })

  it('starts a new file past the size, and removes files last written before the window', async () => {
    const dir = join(dataDir, 'logs')
    await openFileLogger({ dir }).then((log) => log.close())
    const old = join(dir, 'foyer.2026-01-02.1.log')
    const recent = join(dir, 'foyer.2026-01-20.1.log')
    const notOurs = join(dir, 'notes.txt')
    for (const path of [old, recent, notOurs]) await writeFile(path, '{}\n')
    const now = Date.now()
    await utimes(old, new Date(now - 15 * DAY_MS), new Date(now - 15 * DAY_MS))
    await utimes(recent, new Date(now - 13 * DAY_MS), new Date(now - 13 * DAY_MS))
    await utimes(notOurs, new Date(now - 90 * DAY_MS), new Date(now - 90 * DAY_MS))

    // Opening sweeps: the 15-day-old file goes, the 13-day-old stays, a file not Foyer's log is left alone.
    const log = await openFileLogger({ dir, days: 14, size: '1k' })
    const names = await readdir(dir)
    expect(names).not.toContain('foyer.2026-01-02.1.log')
    expect(names).toEqual(expect.arrayContaining(['foyer.2026-01-20.1.log', 'notes.txt']))

    for (let i = 0; i < 60; i++) log.warn('could not release held seats', { attempt: i, seats: ['A1', 'A2', 'A3'] })
    await expect.poll(async () => (await readdir(dir)).filter((name) => name.startsWith(`foyer.${new Date().toISOString().slice(0, 10)}`)).length, { timeout: 10_000 }).toBeGreaterThan(1)

    // Fifteen days on, the 13-day-old file is past the window too; the file being written is kept.
    const later = await openFileLogger({ dir, days: 14, now: () => now + 2 * DAY_MS })
    expect(await readdir(dir)).not.toContain('foyer.2026-01-20.1.log')
    await later.close()
    await log.close()
    // A line after close (a timer during shutdown) is dropped, never thrown at whoever logged it.
    expect(() => log.warn('could not release held seats', { late: true })).not.toThrow()
    const lines = await logLines(dir)
    expect(lines.filter((line) => line.msg === 'could not release held seats')).toHaveLength(60)
  })
})
