import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { StartupConfig } from '../../../electron/services/app-config'
import { startHostRuntime, type HostRuntime } from '../../../electron/services/host-runtime'
import { askOf, type Ask } from '../../support/staff-runtime'

/**
 * Who may reach the staff screens, through the host runtime the browser host
 * and Electron main start (real settings folder, built-in sandbox): the PIN's
 * length and its lockout, which a restart must not lift.
 */
const PIN = '246813'
const quiet = { warn: () => {}, error: () => {} }
const open: HostRuntime[] = []
const folders: string[] = []

async function start(dataDir: string, config: StartupConfig = {}): Promise<{ runtime: HostRuntime; ask: Ask }> {
  const runtime = await startHostRuntime(config, { appVersion: 't', host: 'browser' }, dataDir, quiet)
  open.push(runtime)
  return { runtime, ask: askOf(runtime.services) }
}

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'foyer-staff-access-'))
  folders.push(dir)
  return dir
}

afterEach(async () => {
  for (const runtime of open.splice(0)) await runtime.close()
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true })
})

describe('the staff PIN', () => {
  it('a new PIN has 6 to 12 digits: a shorter or longer one is refused before anything is saved', async () => {
    const { ask } = await start(await folder())
    for (const newPin of ['1234', '12345', '1234567890123']) {
      expect(await ask('staff.setPin', { newPin }), newPin).toMatchObject({ ok: false, error: { code: 'contract.invalid-request' } })
    }
    expect(await ask('settings.get')).toMatchObject({ ok: true, value: { pinSet: false } })
  })

  it('a lockout survives a restart: the right PIN is still refused, and settings stay shut', async () => {
    const dataDir = await folder()
    const first = await start(dataDir)
    expect(await first.ask('staff.setPin', { newPin: PIN })).toMatchObject({ ok: true })
    for (let i = 0; i < 4; i++) expect(await first.ask('staff.verify', { pin: '999999' })).toMatchObject({ ok: true, value: { ok: false, reason: 'wrong' } })
    expect(await first.ask('staff.verify', { pin: '999999' })).toMatchObject({ ok: true, value: { ok: false, reason: 'locked', retryAfterSeconds: 60 } })
    await open.pop()!.close()

    // Switched off and on: a new runtime over the same folder.
    const second = await start(dataDir)
    expect(await second.ask('staff.verify', { pin: PIN })).toMatchObject({ ok: true, value: { ok: false, reason: 'locked' } })
    expect(await second.ask('settings.update', { pin: PIN, patch: { idleSeconds: 90 } })).toMatchObject({ ok: false, error: { code: 'staff.locked', retryable: true } })
  }, 60_000)

  it('wrong tries before a restart still count after it', async () => {
    const dataDir = await folder()
    const first = await start(dataDir)
    expect(await first.ask('staff.setPin', { newPin: PIN })).toMatchObject({ ok: true })
    for (let i = 0; i < 4; i++) await first.ask('staff.verify', { pin: '999999' })
    await open.pop()!.close()

    const second = await start(dataDir)
    expect(await second.ask('staff.verify', { pin: '999999' })).toMatchObject({ ok: true, value: { ok: false, reason: 'locked' } })
  }, 60_000)
})
