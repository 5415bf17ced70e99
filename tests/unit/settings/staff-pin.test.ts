import { describe, expect, it } from 'vitest'
import { PIN_HASH_PATTERN, PinFormatError, PinGate, hashPin, validatePin, verifyPin } from '../../../electron/settings/staff-pin'

describe('staff PIN hashing', () => {
  it('verifies the PIN it hashed and refuses any other', async () => {
    const encoded = await hashPin('2468')
    expect(encoded).toMatch(PIN_HASH_PATTERN)
    expect(encoded).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/)
    expect(encoded).not.toContain('2468')
    expect(await verifyPin('2468', encoded)).toBe(true)
    expect(await verifyPin('2469', encoded)).toBe(false)
    expect(await verifyPin('24680', encoded)).toBe(false)
  })

  it('salts every hash, so one PIN never hashes the same twice', async () => {
    const [a, b] = await Promise.all([hashPin('13572468'), hashPin('13572468')])
    expect(a).not.toBe(b)
    expect(a.split('$')[4]).not.toBe(b.split('$')[4])
    expect(await verifyPin('13572468', a)).toBe(true)
    expect(await verifyPin('13572468', b)).toBe(true)
  })

  it('fails closed on a malformed or tampered hash', async () => {
    const encoded = await hashPin('2468')
    const parts = encoded.split('$')
    expect(await verifyPin('2468', '')).toBe(false)
    expect(await verifyPin('2468', '2468')).toBe(false)
    expect(await verifyPin('2468', encoded.replace('scrypt', 'bcrypt'))).toBe(false)
    // Cost parameters beyond the caps would let an edited file tie the kiosk up.
    expect(await verifyPin('2468', [parts[0], 2 ** 24, ...parts.slice(2)].join('$'))).toBe(false)
    expect(await verifyPin('2468', [parts[0], 30000, ...parts.slice(2)].join('$'))).toBe(false)
    const flipped = Buffer.from(parts[5] ?? '', 'base64')
    flipped[0] = (flipped[0] ?? 0) ^ 1
    expect(await verifyPin('2468', [...parts.slice(0, 5), flipped.toString('base64')].join('$'))).toBe(false)
  })
})

describe('validatePin', () => {
  it('accepts 4 to 8 digits', () => {
    for (const pin of ['0000', '1234', '12345678']) expect(() => validatePin(pin)).not.toThrow()
  })

  it.each(['', '123', '123456789', '12a4', ' 1234', '1234\n', '١٢٣٤', '12.4'])('refuses %j with a PinFormatError', (pin) => {
    expect(() => validatePin(pin)).toThrow(PinFormatError)
    expect(() => validatePin(pin)).toThrow('The staff PIN must be 4 to 8 digits')
  })

  it('hashPin refuses an invalid PIN', async () => {
    await expect(hashPin('12')).rejects.toBeInstanceOf(PinFormatError)
  })
})

describe('PinGate', () => {
  const encoded = hashPin('2468')

  function gateWithClock() {
    const clock = { now: 1_000_000 }
    return { clock, gate: new PinGate({ now: () => clock.now }) }
  }

  it('lets the right PIN in and resets the count', async () => {
    const { gate } = gateWithClock()
    expect(await gate.attempt('1111', await encoded)).toEqual({ ok: false, reason: 'wrong' })
    expect(await gate.attempt('2468', await encoded)).toEqual({ ok: true })
    // The earlier wrong try no longer counts: four more wrong tries do not lock.
    for (let i = 0; i < 4; i++) expect(await gate.attempt('1111', await encoded)).toEqual({ ok: false, reason: 'wrong' })
    expect(await gate.attempt('2468', await encoded)).toEqual({ ok: true })
  })

  it('locks for 60 s after 5 wrong tries, refusing even the right PIN, then opens again', async () => {
    const { clock, gate } = gateWithClock()
    for (let i = 0; i < 4; i++) expect(await gate.attempt('1111', await encoded)).toEqual({ ok: false, reason: 'wrong' })
    expect(await gate.attempt('1111', await encoded)).toEqual({ ok: false, reason: 'locked', retryAfterSeconds: 60 })

    clock.now += 59_500
    expect(await gate.attempt('2468', await encoded)).toEqual({ ok: false, reason: 'locked', retryAfterSeconds: 1 })
    expect(gate.retryAfterSeconds()).toBe(1)

    clock.now += 500
    expect(gate.retryAfterSeconds()).toBe(0)
    expect(await gate.attempt('2468', await encoded)).toEqual({ ok: true })
  })

  it('gives a fresh run of 5 tries once a lockout has passed', async () => {
    const { clock, gate } = gateWithClock()
    for (let i = 0; i < 5; i++) await gate.attempt('1111', await encoded)
    clock.now += 60_000
    for (let i = 0; i < 4; i++) expect(await gate.attempt('1111', await encoded)).toEqual({ ok: false, reason: 'wrong' })
    expect((await gate.attempt('1111', await encoded)).ok).toBe(false)
    expect(gate.retryAfterSeconds()).toBe(60)
  })

  it('counts invalid input as a wrong try', async () => {
    const { gate } = gateWithClock()
    for (let i = 0; i < 4; i++) await gate.attempt('x', await encoded)
    expect(await gate.attempt('', await encoded)).toMatchObject({ reason: 'locked' })
  })

  it('cannot be outrun by attempts fired in parallel', async () => {
    const { gate } = gateWithClock()
    const guesses = ['1000', '1001', '1002', '1003', '1004', '1005', '2468']
    const results = await Promise.all(guesses.map(async (pin) => gate.attempt(pin, await encoded)))
    expect(results.map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'locked', 'locked', 'locked'])
  })
})
