import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { enrolWithHub } from '../../hub/protocol'
import { clearWrongCodes, enrolmentLockout } from '../../hub/storage/lockout-table'
import { HUB_BACKENDS } from '../support/hub-backends'
import { enrolAt, postJson, seeCertificate } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { startMiddleman, type Middleman } from '../support/hub-middleman'

describe.each(HUB_BACKENDS)('enrolling a device with the hub on %s', (backend) => {
  let clock = Date.parse('2026-11-26T18:00:00Z')
  const hub = hubForFile(backend, () => clock)
  let middleman: Middleman
  let middlemanDir: string
  beforeAll(async () => {
    middlemanDir = mkdtempSync(join(tmpdir(), 'foyer-middleman-'))
    middleman = await startMiddleman(hub().url, middlemanDir)
  })
  afterAll(async () => {
    await middleman?.close()
    rmSync(middlemanDir, { recursive: true, force: true })
  })
  beforeEach(async () => {
    await clearWrongCodes(hub().db)
  })

  it('gives the device its own token for a right code, proves the hub knows it, and pins its certificate', async () => {
    const { code } = await hub().createDeviceEnrolmentCode({ name: 'Lobby kiosk 3', place: 'Lobby' })
    const { result } = await enrolAt(hub().url, code.toLowerCase())
    expect(result).toMatchObject({ ok: true, name: 'Lobby kiosk 3', place: 'Lobby', pinnedFingerprint: hub().fingerprint })
    const stored = await hub().db.query('SELECT token_hash FROM devices')
    expect(JSON.stringify(stored.rows)).not.toContain(result.ok ? result.deviceToken : '?')
    expect((await enrolAt(hub().url, code)).result).toEqual({ ok: false, reason: 'code-used' })
  })

  it('uses a code once when eight devices try it at once', async () => {
    const { code } = await hub().createDeviceEnrolmentCode({ name: 'Counter 2' })
    const tries = await Promise.all(Array.from({ length: 8 }, () => enrolAt(hub().url, code)))
    const enrolled = tries.filter((t) => t.result.ok)
    expect(enrolled).toHaveLength(1)
    expect(tries.filter((t) => !t.result.ok).map((t) => t.result)).toEqual(Array(7).fill({ ok: false, reason: 'code-used' }))
    expect((await enrolmentLockout(hub().db)).failures).toBe(0)
    expect((await hub().devices()).filter((d) => d.name === 'Counter 2')).toHaveLength(1)
  })

  it('locks enrolment after five wrong codes, even for the right one, until the pause is over', async () => {
    const { code } = await hub().createDeviceEnrolmentCode({ name: 'Lobby kiosk 4' })
    for (let i = 0; i < 5; i++) expect((await enrolAt(hub().url, 'AAAA-BBBB-CCCC-DDDD-EEEE')).result).toEqual({ ok: false, reason: 'wrong-code' })
    expect((await enrolAt(hub().url, code)).result).toEqual({ ok: false, reason: 'locked', retryAfterSeconds: 60 })
    clock += 61_000
    expect((await enrolAt(hub().url, code)).result).toMatchObject({ ok: true })
    expect((await enrolmentLockout(hub().db)).failures).toBe(0)
  })

  it('enrols nothing through a machine in the middle with its own certificate, and the code stays good', async () => {
    const { code } = await hub().createDeviceEnrolmentCode({ name: 'Lobby kiosk 5' })
    const { result } = await enrolAt(middleman.url, code)
    expect(result).toEqual({ ok: false, reason: 'wrong-code' })
    expect(middleman.relayed).toBeGreaterThan(0)
    expect(JSON.stringify(middleman.overheard)).not.toContain(code.replace(/-/g, ''))
    expect((await enrolmentLockout(hub().db)).failures).toBe(1)
    expect((await enrolAt(hub().url, code)).result).toMatchObject({ ok: true, name: 'Lobby kiosk 5' })
  })

  it('refuses an answer from a machine in the middle that plays the hub without the code', async () => {
    const { code } = await hub().createDeviceEnrolmentCode({ name: 'Lobby kiosk 6' })
    const seen = await seeCertificate(middleman.impostorUrl)
    const result = await enrolWithHub({
      code,
      seenFingerprint: seen.fingerprint,
      appVersion: '0.1.0',
      send: (req) => postJson(middleman.impostorUrl, '/device/enrol', req, { pinned: seen }),
    })
    expect(result).toEqual({ ok: false, reason: 'hub-not-proven' })
  })

  it('refuses a request that is not an enrolment request', async () => {
    const pinned = await seeCertificate(hub().url)
    expect((await postJson(hub().url, '/device/enrol', { code: 'AAAA' }, { pinned })).status).toBe(400)
  })
})
