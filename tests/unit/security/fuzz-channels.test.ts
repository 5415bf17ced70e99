import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channels, type ChannelName } from '../../../electron/contract'
import { call } from '../../../electron/ipc-core/dispatcher'
import { channelSamples, STAFF_PIN } from './channel-samples'
import { arbitraryPayloads, hostileValues, MEGABYTE_STRING, mutationsOf } from './hostile-payloads'
import { envelopeProblem, startSecurityRig, type SecurityRig } from './security-rig'
import { firstPin } from '../../support/staff-runtime'

/**
 * Every channel of the contract (read from the channel map, so a new channel
 * is fuzzed without touching this file) takes a storm of malformed payloads
 * through the real dispatcher of a real runtime on the sandbox, staff services
 * included. Each answer must be a Reply envelope, never a throw; nothing may
 * pollute Object.prototype; afterwards the services still answer properly.
 */
const ARBITRARY_PER_CHANNEL = 150
const channelNames = Object.keys(channels) as ChannelName[]
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort()

let security: SecurityRig
let samples: Awaited<ReturnType<typeof channelSamples>>
/** Every error code answered, per channel, for the summary and the checks after the storm. */
const codesSeen = new Map<string, Map<string, number>>()

beforeAll(async () => {
  security = await startSecurityRig()
  samples = await channelSamples(security.rig.direct)
  // A PIN is set, so the mutations of well-formed staff requests get past the PIN check.
  expect(await call(security.runtime.services.dispatcher, 'staff.setPin', firstPin(STAFF_PIN))).toEqual({ ok: true, value: { ok: true } })
})
afterAll(async () => {
  await security?.close()
})

async function storm(channel: string, payloads: unknown[]): Promise<void> {
  const codes = codesSeen.get(channel) ?? new Map<string, number>()
  codesSeen.set(channel, codes)
  for (const [index, payload] of payloads.entries()) {
    let reply: unknown
    try {
      reply = await security.runtime.services.dispatcher.dispatch(channel, payload, { transport: 'test' })
    } catch (error) {
      throw new Error(`${channel} payload #${index} threw instead of answering: ${(error as Error).message}`, { cause: error })
    }
    const problem = envelopeProblem(reply)
    if (problem) throw new Error(`${channel} payload #${index}: ${problem}: ${JSON.stringify(reply)?.slice(0, 300)}`)
    // The reply must survive the trip to a renderer (structured clone, or JSON for the browser host).
    expect(() => JSON.stringify(reply)).not.toThrow()
    const error = (reply as { ok: boolean; error?: { code: string } }).error
    const code = error ? error.code : 'ok'
    codes.set(code, (codes.get(code) ?? 0) + 1)
  }
}

describe('fuzzed payloads on every channel', () => {
  it.each(channelNames.map((name, index) => [name, index] as const))('%s answers every malformed payload with a Reply', async (channel, index) => {
    const sample = samples[channel]
    await storm(channel, [...hostileValues(), ...arbitraryPayloads(ARBITRARY_PER_CHANNEL, index), ...(sample ? [sample, ...mutationsOf(sample)] : [])])
    const codes = codesSeen.get(channel)!
    // Malformed input is refused by the contract, before any service runs.
    expect(codes.get('contract.invalid-request') ?? 0).toBeGreaterThan(0)
    // A service answering outside the contract would be our bug, whatever the caller sent.
    expect(codes.has('contract.invalid-response'), JSON.stringify([...codes])).toBe(false)
  }, 120_000)

  it('refuses unknown channel names, prototype keys among them, as unknown', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'system.info ', 'System.Info', 'system', '', '.', 'system.info\u0000', MEGABYTE_STRING]) {
      const reply = await security.runtime.services.dispatcher.dispatch(name, {}, { transport: 'test' })
      expect(reply, JSON.stringify(name.slice(0, 40))).toMatchObject({ ok: false, error: { code: 'contract.unknown-channel', retryable: false } })
      expect(JSON.stringify(reply).length).toBeLessThan(1000)
    }
  })

  it('leaves Object.prototype unpolluted, and the services answering afterwards', async () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore)
    const probe = {} as Record<string, unknown>
    for (const key of ['polluted', 'isAdmin', 'value', 'pin']) expect(probe[key], key).toBeUndefined()

    const { dispatcher } = security.runtime.services
    const info = await call(dispatcher, 'system.info', {})
    expect(info).toMatchObject({ ok: true, value: { appName: 'Foyer', mode: 'self-service', backend: 'sandbox', backendReachable: true } })
    const events = await call(dispatcher, 'catalogue.events', { lang: 'EN_SG', size: 5 })
    if (!events.ok) throw new Error(events.error.code)
    expect(events.value.events).toHaveLength(5)
    expect(events.value.events[0]!.code).toMatch(/^FY/)
    expect(await call(dispatcher, 'holds.status', {})).toMatchObject({ ok: true })
    // Refusing bad input is not a failure of ours: nothing was logged as one.
    expect(security.logLines.filter((line) => line.includes('handler failed') || line.includes('outside the contract'))).toEqual([])
  })
})
