import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { channels, type ChannelName } from '../../../electron/contract'
import { call } from '../../../electron/ipc-core/dispatcher'
import { describeError, formatLogLine } from '../../../electron/ipc-core/log-safe'
import { channelSamples, STAFF_PIN } from './channel-samples'
import { arbitraryPayloads, hostileValues, mutationsOf } from './hostile-payloads'
import { startSecurityRig, type SecurityRig } from './security-rig'
import { firstPin } from '../../support/staff-runtime'

/**
 * No reply and no log line ever carries a stack trace or a path of this
 * checkout. Every channel gets hostile input through the real dispatcher of a
 * runtime on the sandbox, staff services included (a PIN set, a staging
 * backend configured, so credentials.store reaches the keychain, or finds
 * none). The rig logs errors with their stack on purpose, so a service that
 * hands the logger an Error is caught; console and stderr are captured too.
 */
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '')
const staging = {
  baseUrl: 'https://127.0.0.1:9/api/v0/acme',
  authUrl: 'https://127.0.0.1:9/auth/v0/acme/oauth/token',
  imageBaseUrl: 'https://127.0.0.1:9',
  tenant: `foyer-stack-${process.pid}`,
  clientId: 'foyer-kiosk',
}

let security: SecurityRig
const replies: string[] = []
const printed: string[] = []

function leaks(text: string): string | null {
  if (/\n?\s{4}at /.test(text) || /\bat [^\s]+ \(/.test(text)) return 'a stack frame'
  if (text.includes(REPO_ROOT)) return 'a path of this checkout'
  if (/file:\/\//.test(text)) return 'a file URL'
  return null
}

async function ask(channel: string, payload: unknown): Promise<{ ok: boolean; error?: { code: string; messageKey: string } }> {
  const reply = await security.runtime.services.dispatcher.dispatch(channel, payload, { transport: 'test' })
  replies.push(JSON.stringify(reply, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)))
  return reply as { ok: boolean; error?: { code: string; messageKey: string } }
}

beforeAll(async () => {
  security = await startSecurityRig()
  expect(await call(security.runtime.services.dispatcher, 'staff.setPin', firstPin(STAFF_PIN))).toMatchObject({ ok: true })
  expect(await call(security.runtime.services.dispatcher, 'settings.update', { pin: STAFF_PIN, patch: { staging } })).toMatchObject({ ok: true })
})
afterAll(async () => {
  await security?.close()
})

describe('a control character in a secret', () => {
  it.each([
    ['a NUL', 'secret\u0000tail'],
    ['a line break', 'secret\n'],
    ['a tab', '\tsecret'],
    ['DEL', 'sec\u007fret'],
  ])('%s: a typed refusal in words, nothing logged as a failure', async (_what, clientSecret) => {
    const before = security.logLines.length
    const reply = await ask('credentials.store', { pin: STAFF_PIN, backend: 'staging', clientSecret })
    expect(reply).toMatchObject({ ok: false, error: { code: 'credentials.secret-invalid', messageKey: 'errors.settings.secretInvalid', retryable: false } })
    expect(security.logLines.slice(before)).toEqual([])
  })
})

describe('no stack trace or source path leaves main', () => {
  it('every channel, hostile input: replies, log lines, console and stderr are clean', async () => {
    const samples = await channelSamples(security.rig.direct)
    const capture = (...parts: unknown[]) => void printed.push(parts.map((part) => (part instanceof Error ? `${part.message}\n${part.stack}` : String(part))).join(' '))
    const spies = [
      vi.spyOn(console, 'error').mockImplementation(capture),
      vi.spyOn(console, 'warn').mockImplementation(capture),
      vi.spyOn(console, 'log').mockImplementation(capture),
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => (capture(chunk), true)),
    ]
    try {
      for (const [index, channel] of (Object.keys(channels) as ChannelName[]).entries()) {
        const sample = samples[channel]
        for (const payload of [...hostileValues(), ...arbitraryPayloads(20, index), ...(sample ? [sample, ...mutationsOf(sample).slice(0, 60)] : [])]) {
          await ask(channel, payload)
        }
      }
      for (const clientSecret of ['\u0000', 'a\u0000b', 'ok-secret', 'x'.repeat(4096)]) await ask('credentials.store', { pin: STAFF_PIN, backend: 'staging', clientSecret })
      await ask('credentials.test', { pin: STAFF_PIN, backend: 'staging' })
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
    expect(replies.length).toBeGreaterThan(1000)
    for (const [what, texts] of [['reply', replies], ['log line', security.logLines], ['printed line', printed]] as const) {
      const leaking = texts.map((text) => [leaks(text), text.slice(0, 400)]).filter(([problem]) => problem !== null)
      expect(leaking, `a ${what} carries a stack trace or a path`).toEqual([])
    }
  }, 180_000)

  it('the printed log line says an error by name and message, without its stack or a path', () => {
    const error = new Error(`ENOENT: no such file or directory, open '${REPO_ROOT}/electron/settings/settings.json'`)
    const line = formatLogLine('handler failed', { channel: 'settings.get', error, nested: { cause: new TypeError(`bad at file://${REPO_ROOT}/x.ts:1:2`) } })
    expect(line).toContain('Error: ENOENT: no such file or directory')
    expect(line).toContain('settings.get')
    expect(leaks(line)).toBeNull()
    expect(describeError(error)).not.toContain('\n')
  })
})
