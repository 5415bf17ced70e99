import { randomBytes, scryptSync } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LOCKOUT_FILE, openPinGate } from '../../../electron/settings/pin-lockout-file'
import { PIN_HASH_PATTERN, PinFormatError, PinGate, hashPin, noSuchPinHash, pinHashCostForTests, validatePin, verifyPin } from '../../../electron/settings/staff-pin'

describe('staff PIN hashing', () => {
  // What a kiosk stores: the other tests hash at a test run's lower cost (tests/support/test-pin-cost.ts).
  beforeAll(() => pinHashCostForTests('production'))
  afterAll(() => pinHashCostForTests('test'))

  it('verifies the PIN it hashed and refuses any other', async () => {
    const encoded = await hashPin('246813')
    expect(encoded).toMatch(PIN_HASH_PATTERN)
    expect(encoded).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/)
    expect(encoded).not.toContain('246813')
    expect(await verifyPin('246813', encoded)).toBe(true)
    expect(await verifyPin('246814', encoded)).toBe(false)
    expect(await verifyPin('2468130', encoded)).toBe(false)
  })

  it("checks a name nobody has against a hash at a kiosk's own cost, so it takes as long as a known name", async () => {
    expect(noSuchPinHash()).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(noSuchPinHash()).toMatch(PIN_HASH_PATTERN)
    expect(await verifyPin('000000', noSuchPinHash())).toBe(false)
  })

  it('salts every hash, so one PIN never hashes the same twice', async () => {
    const [a, b] = await Promise.all([hashPin('13572468'), hashPin('13572468')])
    expect(a).not.toBe(b)
    expect(a.split('$')[4]).not.toBe(b.split('$')[4])
    expect(await verifyPin('13572468', a)).toBe(true)
    expect(await verifyPin('13572468', b)).toBe(true)
  })

  it('fails closed on a malformed or tampered hash', async () => {
    const encoded = await hashPin('246813')
    const parts = encoded.split('$')
    expect(await verifyPin('246813', '')).toBe(false)
    expect(await verifyPin('246813', '246813')).toBe(false)
    expect(await verifyPin('246813', encoded.replace('scrypt', 'bcrypt'))).toBe(false)
    // Cost parameters beyond the caps would let an edited file tie the kiosk up.
    expect(await verifyPin('246813', [parts[0], 2 ** 24, ...parts.slice(2)].join('$'))).toBe(false)
    expect(await verifyPin('246813', [parts[0], 30000, ...parts.slice(2)].join('$'))).toBe(false)
    const flipped = Buffer.from(parts[5] ?? '', 'base64')
    flipped[0] = (flipped[0] ?? 0) ^ 1
    expect(await verifyPin('246813', [...parts.slice(0, 5), flipped.toString('base64')].join('$'))).toBe(false)
  })
})

/** A hash as an older Foyer made it for a 4-digit PIN (same format; it allowed 4 to 8 digits). */
function legacyHash(pin: string): string {
  const salt = randomBytes(16)
  const hash = scryptSync(pin, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 })
  return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$')
}

describe('validatePin', () => {
  it('accepts 6 to 12 digits for a new PIN', () => {
    for (const pin of ['000000', '123456', '123456789012']) expect(() => validatePin(pin)).not.toThrow()
  })

  it.each(['', '1234', '12345', '1234567890123', '12a456', ' 123456', '123456\n', '١٢٣٤٥٦', '12.456'])('refuses %j with a PinFormatError', (pin) => {
    expect(() => validatePin(pin)).toThrow(PinFormatError)
    expect(() => validatePin(pin)).toThrow('The staff PIN must be 6 to 12 digits')
  })

  it('hashPin refuses a PIN shorter than 6 digits', async () => {
    await expect(hashPin('1234')).rejects.toBeInstanceOf(PinFormatError)
  })

  it('a 4-digit PIN an older Foyer stored still signs in (a kiosk upgraded in place is not locked out)', async () => {
    const old = legacyHash('2468')
    expect(old).toMatch(PIN_HASH_PATTERN)
    expect(await verifyPin('2468', old)).toBe(true)
    expect(await verifyPin('2469', old)).toBe(false)
  })
})

const encoded = hashPin('246813')
/** A wrong or right try without the cost of scrypt, where the count is the point. */
const wrong = (gate: PinGate) => gate.attemptWith(async () => false)

describe('PinGate', () => {
  function gateWithClock() {
    const clock = { now: 1_000_000 }
    return { clock, gate: new PinGate({ now: () => clock.now }) }
  }

  it('lets the right PIN in and resets the count', async () => {
    const { gate } = gateWithClock()
    expect(await gate.attempt('111111', await encoded)).toEqual({ ok: false, reason: 'wrong' })
    expect(await gate.attempt('246813', await encoded)).toEqual({ ok: true })
    // The earlier wrong try no longer counts: four more wrong tries do not lock.
    for (let i = 0; i < 4; i++) expect(await gate.attempt('111111', await encoded)).toEqual({ ok: false, reason: 'wrong' })
    expect(await gate.attempt('246813', await encoded)).toEqual({ ok: true })
  })

  it('locks for 60 s after 5 wrong tries, refusing even the right PIN, then opens again', async () => {
    const { clock, gate } = gateWithClock()
    for (let i = 0; i < 4; i++) expect(await gate.attempt('111111', await encoded)).toEqual({ ok: false, reason: 'wrong' })
    expect(await gate.attempt('111111', await encoded)).toEqual({ ok: false, reason: 'locked', retryAfterSeconds: 60 })

    clock.now += 59_500
    expect(await gate.attempt('246813', await encoded)).toEqual({ ok: false, reason: 'locked', retryAfterSeconds: 1 })
    expect(gate.retryAfterSeconds()).toBe(1)

    clock.now += 500
    expect(gate.retryAfterSeconds()).toBe(0)
    expect(await gate.attempt('246813', await encoded)).toEqual({ ok: true })
  })

  it('locks longer each time: 1, 5, 15, then 60 minutes, until a right PIN starts over', async () => {
    const { clock, gate } = gateWithClock()
    for (const minutes of [1, 5, 15, 60, 60]) {
      for (let i = 0; i < 4; i++) expect(await wrong(gate)).toEqual({ ok: false, reason: 'wrong' })
      expect(await wrong(gate)).toEqual({ ok: false, reason: 'locked', retryAfterSeconds: minutes * 60 })
      clock.now += minutes * 60_000 - 1
      expect(gate.retryAfterSeconds()).toBe(1)
      clock.now += 1
    }
    expect(await gate.attempt('246813', await encoded)).toEqual({ ok: true })
    for (let i = 0; i < 4; i++) await wrong(gate)
    expect(await wrong(gate)).toEqual({ ok: false, reason: 'locked', retryAfterSeconds: 60 })
  }, 30_000)

  it('counts invalid input as a wrong try', async () => {
    const { gate } = gateWithClock()
    for (let i = 0; i < 4; i++) await gate.attempt('x', await encoded)
    expect(await gate.attempt('', await encoded)).toMatchObject({ reason: 'locked' })
  })

  it('cannot be outrun by attempts fired in parallel', async () => {
    const { gate } = gateWithClock()
    const guesses = ['100000', '100001', '100002', '100003', '100004', '100005', '246813']
    const results = await Promise.all(guesses.map(async (pin) => gate.attempt(pin, await encoded)))
    expect(results.map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'locked', 'locked', 'locked'])
  })
})

describe('PinGate over a settings folder: a restart neither lifts a lockout nor forgets the tries', () => {
  let dir: string | null = null
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
    dir = null
  })

  /** A gate "after a restart": a new one over the same folder, its monotonic clock started afresh. */
  async function restartedGate(folder: string, wall: { now: number }) {
    const mono = { now: 0 }
    const gate = await openPinGate(folder, { now: () => mono.now, wallNow: () => wall.now })
    return { gate, mono }
  }

  it('a lockout survives the restart, and so does the step it reached', async () => {
    dir = await mkdtemp(join(tmpdir(), 'foyer-lockout-'))
    const wall = { now: Date.UTC(2026, 0, 5, 9) }
    const first = await restartedGate(dir, wall)
    for (let i = 0; i < 4; i++) await wrong(first.gate)
    expect(await wrong(first.gate)).toEqual({ ok: false, reason: 'locked', retryAfterSeconds: 60 })

    wall.now += 10_000
    const second = await restartedGate(dir, wall)
    expect(await second.gate.attempt('246813', await encoded)).toEqual({ ok: false, reason: 'locked', retryAfterSeconds: 50 })

    // Once it has passed, the next five wrong tries lock for the next step, even across another restart.
    wall.now += 50_000
    second.mono.now += 50_000
    for (let i = 0; i < 3; i++) expect(await wrong(second.gate)).toEqual({ ok: false, reason: 'wrong' })
    const third = await restartedGate(dir, wall)
    expect(await wrong(third.gate)).toEqual({ ok: false, reason: 'wrong' })
    expect(await wrong(third.gate)).toEqual({ ok: false, reason: 'locked', retryAfterSeconds: 300 })
    expect(JSON.parse(await readFile(join(dir, LOCKOUT_FILE), 'utf8'))).toMatchObject({ version: 1, lockouts: 2 })
  })

  it('a clock set back cannot stretch a lockout past its own length', async () => {
    dir = await mkdtemp(join(tmpdir(), 'foyer-lockout-'))
    const wall = { now: Date.UTC(2026, 0, 5, 9) }
    const first = await restartedGate(dir, wall)
    for (let i = 0; i < 5; i++) await wrong(first.gate)
    wall.now -= 24 * 3_600_000
    const second = await restartedGate(dir, wall)
    expect(second.gate.retryAfterSeconds()).toBe(60)
  })

  it('a damaged lockout file fails closed: locked for the first step', async () => {
    dir = await mkdtemp(join(tmpdir(), 'foyer-lockout-'))
    await writeFile(join(dir, LOCKOUT_FILE), '{"version":1,"wrongInArow":')
    const { gate } = await restartedGate(dir, { now: Date.UTC(2026, 0, 5, 9) })
    expect(await gate.attempt('246813', await encoded)).toEqual({ ok: false, reason: 'locked', retryAfterSeconds: 60 })
  })

  it('a right PIN clears what was saved', async () => {
    dir = await mkdtemp(join(tmpdir(), 'foyer-lockout-'))
    const wall = { now: Date.UTC(2026, 0, 5, 9) }
    const first = await restartedGate(dir, wall)
    for (let i = 0; i < 4; i++) await wrong(first.gate)
    expect(await first.gate.attempt('246813', await encoded)).toEqual({ ok: true })
    const second = await restartedGate(dir, wall)
    for (let i = 0; i < 4; i++) expect(await wrong(second.gate)).toEqual({ ok: false, reason: 'wrong' })
  })
})
