import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readStartupConfig, type StartupConfig } from '../../../electron/services/app-config'
import { ENROLMENT_FILE } from '../../../electron/settings/enrolment'
import { STAFF_FILE } from '../../../electron/settings/staff-accounts'
import { inProcessSandbox } from '../../support/in-process-sandbox'
import { startHostRuntime, type HostRuntime } from '../../../electron/services/host-runtime'
import { askOf, firstPin, TEST_ENROLMENT_CODE, type Ask } from '../../support/staff-runtime'

/**
 * Who may reach the staff screens, through the host runtime the browser host
 * and Electron main start (real settings folder, built-in sandbox): the first
 * PIN only with the machine's enrolment code, the PIN's length, and its
 * lockout, which a restart must not lift.
 */
const PIN = '246813'
const quiet = { warn: () => {}, error: () => {} }
const open: HostRuntime[] = []
const folders: string[] = []

async function start(dataDir: string, config: StartupConfig = { enrolmentCode: TEST_ENROLMENT_CODE }): Promise<{ runtime: HostRuntime; ask: Ask }> {
  const runtime = await startHostRuntime(config, { appVersion: 't', host: 'browser' }, dataDir, quiet, inProcessSandbox)
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
      expect(await ask('staff.setPin', { ...firstPin(newPin), newPin }), newPin).toMatchObject({ ok: false, error: { code: 'contract.invalid-request' } })
    }
    expect(await ask('settings.get')).toMatchObject({ ok: true, value: { pinSet: false } })
  })

  it('a lockout survives a restart: the right PIN is still refused, and settings stay shut', async () => {
    const dataDir = await folder()
    const first = await start(dataDir)
    expect(await first.ask('staff.setPin', firstPin(PIN))).toMatchObject({ ok: true })
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
    expect(await first.ask('staff.setPin', firstPin(PIN))).toMatchObject({ ok: true })
    for (let i = 0; i < 4; i++) await first.ask('staff.verify', { pin: '999999' })
    await open.pop()!.close()

    const second = await start(dataDir)
    expect(await second.ask('staff.verify', { pin: '999999' })).toMatchObject({ ok: true, value: { ok: false, reason: 'locked' } })
  }, 60_000)
})

describe('the first staff PIN', () => {
  it('cannot be set by whoever touches a fresh kiosk: without the enrolment code, or with a wrong one, nothing is set', async () => {
    const { ask } = await start(await folder())
    expect(await ask('staff.setPin', { newPin: PIN })).toMatchObject({ ok: false, error: { code: 'staff.enrolment-wrong', messageKey: 'errors.staff.enrolmentWrong', retryable: false } })
    expect(await ask('staff.setPin', { newPin: PIN, currentPin: PIN })).toMatchObject({ ok: false, error: { code: 'staff.enrolment-wrong' } })
    expect(await ask('staff.setPin', { newPin: PIN, enrolmentCode: 'TEST-ENROL-2026-CODX' })).toMatchObject({ ok: false, error: { code: 'staff.enrolment-wrong' } })
    expect(await ask('settings.get')).toMatchObject({ ok: true, value: { pinSet: false } })
  })

  it('guessing the code counts towards the PIN lockout', async () => {
    const { ask } = await start(await folder())
    for (let i = 0; i < 4; i++) await ask('staff.setPin', { newPin: PIN, enrolmentCode: `WRONG-CODE-${i}` })
    expect(await ask('staff.setPin', { newPin: PIN, enrolmentCode: 'WRONG-CODE-4' })).toMatchObject({ ok: false, error: { code: 'staff.locked' } })
    // Locked: even the right code waits.
    expect(await ask('staff.setPin', firstPin(PIN))).toMatchObject({ ok: false, error: { code: 'staff.locked' } })
  })

  it('a first start writes a one-time code only this account can read; it sets the first PIN once and is then deleted', async () => {
    const dataDir = await folder()
    const { ask } = await start(dataDir, {})
    const file = join(dataDir, ENROLMENT_FILE)
    const code = (await readFile(file, 'utf8')).trim()
    expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}-[A-Z2-9]{5}$/)
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600)
    // Typed as staff would: lower case, without the dashes.
    expect(await ask('staff.setPin', { newPin: PIN, enrolmentCode: code.replaceAll('-', '').toLowerCase() })).toEqual({ ok: true, value: { ok: true } })
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await ask('staff.verify', { pin: PIN })).toMatchObject({ ok: true, value: { ok: true } })
    // From now on only the current PIN changes it; the code no longer does.
    expect(await ask('staff.setPin', { newPin: '135724', enrolmentCode: code })).toMatchObject({ ok: false, error: { code: 'staff.pin-wrong' } })
  })

  it('a staff name with a control character is refused at the channel, naming the field: no supervisor is made and the code still enrols', async () => {
    const { ask } = await start(await folder())
    const refused = await ask('staff.setPin', { ...firstPin(PIN), name: 'Night\u0000Manager' })
    expect(refused).toMatchObject({ ok: false, error: { code: 'contract.invalid-request' } })
    expect(!refused.ok && refused.error.detail).toContain('name')
    expect(await ask('staff.setPin', { ...firstPin(PIN), name: 'Night Manager' })).toMatchObject({ ok: true })
  })

  it('the runtime says where the open code is kept (the log names no path), and nowhere once it is used', async () => {
    const dataDir = await folder()
    const { runtime, ask } = await start(dataDir, {})
    const file = join(dataDir, ENROLMENT_FILE)
    expect(runtime.enrolmentFile()).toBe(file)
    expect(await ask('staff.setPin', { newPin: PIN, enrolmentCode: (await readFile(file, 'utf8')).trim() })).toMatchObject({ ok: true })
    expect(runtime.enrolmentFile()).toBeNull()
  })

  it('a code ops left in the data folder is used as it is, and a restart before enrolment keeps the same code', async () => {
    const dataDir = await folder()
    await writeFile(join(dataDir, ENROLMENT_FILE), 'BOXOFFICE-SETUP-42\n', { mode: 0o644 })
    await start(dataDir, {})
    await open.pop()!.close()
    const { ask } = await start(dataDir, {})
    expect(await ask('staff.setPin', { newPin: PIN, enrolmentCode: 'BOXOFFICE-SETUP-42' })).toMatchObject({ ok: true })
  })

  it('eight at once with the right code make one supervisor: the code is claimed before anything is awaited', async () => {
    const { ask } = await start(await folder())
    const tries = Array.from({ length: 8 }, (_, i) => ask('staff.setPin', { ...firstPin(`13572${i}`), name: `Night Manager ${i}` }))
    const answers = await Promise.all(tries)
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1)
    // The others found the code taken: not a wrong guess, so the winner's PIN is not locked out below.
    for (const answer of answers.filter((a) => !a.ok)) expect(answer).toMatchObject({ ok: false, error: { code: 'staff.enrolment-used', messageKey: 'errors.staff.enrolmentUsed' } })
    const winner = answers.findIndex((answer) => answer.ok)
    const accounts = await ask('staff.accounts', { pin: `13572${winner}` })
    expect(accounts).toMatchObject({ ok: true, value: [{ name: `Night Manager ${winner}`, role: 'supervisor' }] })
    expect(accounts.ok && accounts.value).toHaveLength(1)
  }, 60_000)

  it('a try whose supervisor could not be written gives the code back: the next try with it enrols', async () => {
    const dataDir = await folder()
    const { ask } = await start(dataDir)
    // A folder where the accounts file goes: the account cannot be written over it.
    await mkdir(join(dataDir, STAFF_FILE, 'in-the-way'), { recursive: true })
    expect(await ask('staff.setPin', firstPin(PIN))).toMatchObject({ ok: false })
    await rm(join(dataDir, STAFF_FILE), { recursive: true })
    expect(await ask('staff.setPin', firstPin(PIN))).toEqual({ ok: true, value: { ok: true } })
    expect(await ask('staff.verify', { pin: PIN })).toMatchObject({ ok: true, value: { ok: true } })
  }, 60_000)

  it('FOYER_ENROLMENT_CODE gives the code; one shorter than 10 letters or digits is refused at start', () => {
    expect(readStartupConfig({ FOYER_ENROLMENT_CODE: 'VENUE-2026-SETUP' })).toEqual({ enrolmentCode: 'VENUE-2026-SETUP' })
    expect(() => readStartupConfig({ FOYER_ENROLMENT_CODE: '1234-5678' })).toThrow('FOYER_ENROLMENT_CODE must have at least 10 letters or digits')
  })
})
