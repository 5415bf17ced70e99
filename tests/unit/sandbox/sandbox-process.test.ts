import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../electron/sandbox/process/sandbox-launcher'
import { sharedSandbox } from '../../../electron/sandbox/process/shared-sandbox'
import { forkBuiltSandbox, forkBuiltSandboxLauncher } from '../../support/built-sandbox'

/**
 * Pins the training sandbox in a process of its own (issue 12): started by a
 * launcher, it hands its addresses and credentials over the IPC channel, stops
 * when closed, and when its parent dies; a start that fails or a process that
 * dies is said clearly instead of hanging; its data folder keeps state across
 * restarts; and one host's connections share one sandbox process.
 */
const folders: string[] = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-sandbox-process-'))
  folders.push(dir)
  return dir
}
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function tokenStatus(sandbox: RunningSandbox): Promise<number> {
  const basic = Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')
  const answer = await fetch(`${sandbox.authUrl}?grant_type=client_credentials`, { method: 'POST', headers: { authorization: `Basic ${basic}` } })
  return answer.status
}

const reachable = (sandbox: RunningSandbox) => fetch(sandbox.baseUrl).then(() => true, () => false)
const POLL = { timeout: 20_000, interval: 100 }

describe('the training sandbox in a child process', () => {
  // One walk, two starts: each start is a process that loads the sandbox, seconds of CPU.
  it('starts in another process, answers with the credentials it reported, stops on close, and keeps its state in the data folder', async () => {
    const dataDir = folder()
    const lines: string[] = []
    const first = await forkBuiltSandbox({ port: 0, dataDir }, (line) => lines.push(line))
    expect(first.pid).toBeGreaterThan(0)
    expect(first.pid).not.toBe(process.pid)
    expect(await tokenStatus(first)).toBe(200)
    await first.close()
    expect(alive(first.pid!)).toBe(false)
    expect(await reachable(first)).toBe(false)
    expect(lines.join('\n')).not.toContain(first.clientSecret)
    const second = await forkBuiltSandbox({ port: 0, dataDir }, () => {})
    expect(second.clientSecret).toBe(first.clientSecret)
    expect(await tokenStatus(second)).toBe(200)
    await second.close()
  }, 60_000)

  it('fails clearly when the sandbox cannot start', async () => {
    const dataDir = folder()
    // The data folder locked by a process that is alive (this one): the sandbox refuses it.
    writeFileSync(join(dataDir, 'sandbox.lock'), String(process.pid))
    await expect(forkBuiltSandbox({ port: 0, dataDir }, () => {})).rejects.toThrow(/The training sandbox could not start: the data folder is in use/)
  }, 30_000)

  it('fails clearly when the sandbox does not say it is ready in time', async () => {
    await expect(forkBuiltSandboxLauncher({ startMs: 1 })({ port: 0 }, () => {})).rejects.toThrow(/did not start within/)
  }, 30_000)

  it('says so in the log when the process dies under a running sandbox; close() then returns at once', async () => {
    const lines: string[] = []
    const sandbox = await forkBuiltSandbox({ port: 0 }, (line) => lines.push(line))
    process.kill(sandbox.pid!, 'SIGKILL')
    await expect.poll(() => lines.join('\n'), POLL).toMatch(/training sandbox's process stopped unexpectedly \(SIGKILL\)/)
    await sandbox.close()
    expect(await reachable(sandbox)).toBe(false)
  }, 30_000)

  it('dies with its parent', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', 'tests/support/sandbox-parent.ts'], { stdio: ['ignore', 'pipe', 'inherit'] })
    const [line] = (await once(createInterface({ input: parent.stdout }), 'line')) as [string]
    const { pid } = JSON.parse(line) as { pid: number }
    expect(alive(pid)).toBe(true)
    parent.kill('SIGKILL')
    await expect.poll(() => alive(pid), POLL).toBe(false)
  }, 30_000)

  it('is one process for every connection of a host, stopped when the last one closes', async () => {
    const launch = sharedSandbox(forkBuiltSandbox)
    const [a, b] = await Promise.all([launch({ port: 0 }, () => {}), launch({ port: 0 }, () => {})])
    expect(b.pid).toBe(a.pid)
    expect(b.baseUrl).toBe(a.baseUrl)
    await a.close()
    await a.close()
    expect(await tokenStatus(b)).toBe(200)
    await b.close()
    expect(alive(b.pid!)).toBe(false)
    const c = await launch({ port: 0 }, () => {})
    expect(c.pid).not.toBe(a.pid)
    await c.close()
  }, 60_000)
})
