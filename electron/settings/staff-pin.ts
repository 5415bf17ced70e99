import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { isVenuePinHash, venuePinMatches } from './venue-pin'

/**
 * The staff PIN guards the admin settings screen and counter sign-in. A new
 * PIN has 6 to 12 digits; a 6-digit PIN has 10^6 values, so the hash alone
 * cannot make it strong: scrypt makes each guess expensive for someone who
 * copies settings.json, and PinGate's lockout (which grows, and survives a
 * restart) is what stops guessing at the kiosk itself. A 4 or 5 digit PIN set
 * by an older Foyer still signs in, so a kiosk upgraded in place is not locked
 * out; only new PINs must be longer.
 *
 * Stored form: `scrypt$N$r$p$<salt base64>$<hash base64>`, parameters
 * included so they can be raised later without breaking existing hashes.
 */

/** A new PIN is not 6 to 12 digits. The message never repeats the PIN. */
export class PinFormatError extends Error {
  constructor() {
    super('The staff PIN must be 6 to 12 digits')
    this.name = 'PinFormatError'
  }
}

/** What a new PIN must be. */
const PIN_PATTERN = /^[0-9]{6,12}$/
/** What a PIN tried at sign-in may be: older Foyers let staff choose 4 and 5 digits. */
const SIGN_IN_PATTERN = /^[0-9]{4,12}$/

/** Matches a stored PIN hash; the settings schema uses it so a raw PIN can never be saved in its place. */
export const PIN_HASH_PATTERN = /^scrypt\$[0-9]{1,8}\$[0-9]{1,3}\$[0-9]{1,3}\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/

interface ScryptCost {
  N: number
  r: number
  p: number
}
// N = 2^15, r = 8: about 32 MiB and tens of milliseconds per hash, acceptable for one staff sign-in.
const COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 }
/** A test run's cost (pinHashCostForTests): scrypt all the same, a thirty-second of the work. */
const TEST_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 }
/** What new hashes (and the no-such-name hash) cost here: COST, but in a test run that asked for TEST_COST. */
let newHashCost = COST
const SALT_BYTES = 16
const HASH_BYTES = 32
// A hash read from disk chooses its own parameters; these caps keep a tampered file from exhausting memory or CPU.
const MAX_N = 2 ** 20
const MAX_R = 32
const MAX_P = 16

export function validatePin(pin: unknown): asserts pin is string {
  if (typeof pin !== 'string' || !PIN_PATTERN.test(pin)) throw new PinFormatError()
}

function derive(pin: string, salt: Buffer, length: number, cost: ScryptCost): Promise<Buffer> {
  // Node refuses scrypt over 32 MiB by default; allow what the parameters need plus headroom.
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * cost.p + 16 * 1024 * 1024 }
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

/**
 * For test runs only: Vitest's in-process projects (tests/support/test-pin-cost.ts) and the E2E specs'
 * browser hosts (FOYER_TEST_PIN_COST, browser-host/cli.ts) set and check over seven hundred PINs, each a
 * tenth of a CPU-second at COST. A hash names its own cost and is checked at it, so a test's hash and a
 * kiosk's go through the same code; the tests that pin what a kiosk stores ask for `production` again.
 */
export function pinHashCostForTests(cost: 'test' | 'production'): void {
  newHashCost = cost === 'test' ? TEST_COST : COST
}

const encode = (cost: ScryptCost, salt: Buffer, hash: Buffer) => ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), hash.toString('base64')].join('$')

export async function hashPin(pin: string): Promise<string> {
  validatePin(pin)
  const salt = randomBytes(SALT_BYTES)
  const cost = newHashCost
  return encode(cost, salt, await derive(pin, salt, HASH_BYTES, cost))
}

/** A well-formed hash of no PIN anyone has, at the cost of a new one: checking a name nobody has costs what a known name does. */
export const noSuchPinHash = (): string => encode(newHashCost, Buffer.alloc(SALT_BYTES), Buffer.alloc(HASH_BYTES))

interface ParsedHash extends ScryptCost {
  salt: Buffer
  hash: Buffer
}

function parseHash(encoded: string): ParsedHash | null {
  if (!PIN_HASH_PATTERN.test(encoded)) return null
  const [, n, r, p, salt, hash] = encoded.split('$')
  const cost = { N: Number(n), r: Number(r), p: Number(p) }
  const powerOfTwo = cost.N > 1 && (cost.N & (cost.N - 1)) === 0
  if (!powerOfTwo || cost.N > MAX_N || cost.r < 1 || cost.r > MAX_R || cost.p < 1 || cost.p > MAX_P) return null
  const parsed = { ...cost, salt: Buffer.from(salt ?? '', 'base64'), hash: Buffer.from(hash ?? '', 'base64') }
  return parsed.salt.length >= 8 && parsed.hash.length >= 16 ? parsed : null
}

/**
 * True only when `pin` matches `encoded` (this machine's scrypt hash, or the hub's Argon2id
 * hash of a venue account's PIN). A malformed PIN or hash is simply
 * false: sign-in fails closed and the caller need not tell the two apart.
 */
export async function verifyPin(pin: string, encoded: string): Promise<boolean> {
  // A venue account's PIN, hashed by the box office's hub (./venue-staff.ts).
  if (isVenuePinHash(encoded)) return typeof pin === 'string' && venuePinMatches(pin, encoded)
  const parsed = parseHash(encoded)
  if (!parsed || typeof pin !== 'string' || !SIGN_IN_PATTERN.test(pin)) return false
  const candidate = await derive(pin, parsed.salt, parsed.hash.length, parsed)
  return timingSafeEqual(candidate, parsed.hash)
}

export type PinAttemptResult = { ok: true } | { ok: false; reason: 'wrong' | 'locked'; retryAfterSeconds?: number }

/** How long each lockout in a row lasts: 1, 5, 15, then 60 minutes for every one after. */
export const LOCKOUT_STEPS_MS: readonly number[] = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000]

/** What the gate remembers across restarts (pin-lockout-file.ts keeps it beside settings.json). */
export interface LockoutState {
  /** Wrong tries since the last success or lockout. */
  wrongInARow: number
  /** Lockouts since the last success: which step the next one takes. */
  lockouts: number
  /** When the current lockout ends, in wall-clock milliseconds; null when not locked. */
  lockedUntil: number | null
}

export interface LockoutStore {
  save(state: LockoutState): Promise<void>
}

export interface PinGateOptions {
  /** Milliseconds from a monotonic source; tests inject their own. */
  now?: () => number
  /** Wall-clock milliseconds, only to carry a lockout across a restart; tests inject their own. */
  wallNow?: () => number
  maxAttempts?: number
  lockoutSteps?: readonly number[]
  /** Where the state is kept; absent: in memory only (one process). */
  store?: LockoutStore
  /** State a previous run saved. */
  initial?: LockoutState
  /** Told when the state could not be saved (the gate still counts in memory). */
  onSaveError?: (error: unknown) => void
}

/**
 * Counts wrong PINs and, after `maxAttempts` (5) in a row, refuses every
 * attempt without checking it, for 1 minute the first time, then 5, 15 and
 * 60; a right PIN starts the count over. Every wrong try and lockout is saved
 * before it is answered, so switching the kiosk off and on neither lifts a
 * lockout nor forgets the tries. While running the clock is monotonic, so
 * changing the system time cannot lift a lockout; across a restart the saved
 * end time is trusted only up to the lockout's own length (a clock set back
 * cannot stretch it). Attempts are handled one at a time, so firing many in
 * parallel cannot slip extra guesses past the counter while scrypt runs. One
 * gate per process, shared by the settings screen, counter sign-in and the
 * first-PIN enrolment code.
 */
export class PinGate {
  private readonly now: () => number
  private readonly wallNow: () => number
  private readonly maxAttempts: number
  private readonly steps: readonly number[]
  private readonly store: LockoutStore | null
  private readonly onSaveError: (error: unknown) => void
  private wrongInARow = 0
  private lockouts = 0
  /** On the monotonic clock. */
  private lockedUntil: number | null = null
  private queue: Promise<unknown> = Promise.resolve()

  constructor(options: PinGateOptions = {}) {
    this.now = options.now ?? (() => performance.now())
    this.wallNow = options.wallNow ?? (() => Date.now())
    this.maxAttempts = options.maxAttempts ?? 5
    this.steps = options.lockoutSteps ?? LOCKOUT_STEPS_MS
    this.store = options.store ?? null
    this.onSaveError = options.onSaveError ?? (() => {})
    const initial = options.initial
    if (initial) {
      this.wrongInARow = initial.wrongInARow
      this.lockouts = initial.lockouts
      if (initial.lockedUntil !== null) {
        const remaining = Math.min(Math.max(0, initial.lockedUntil - this.wallNow()), this.stepMs(Math.max(1, initial.lockouts)))
        if (remaining > 0) this.lockedUntil = this.now() + remaining
      }
    }
  }

  /** Checks `pin` against the stored hash, unless the gate is locked. */
  attempt(pin: string, encoded: string): Promise<PinAttemptResult> {
    return this.attemptWith(() => verifyPin(pin, encoded))
  }

  /** Any staff secret checked under the same count and lockout (the first-PIN enrolment code). */
  attemptWith(verify: () => Promise<boolean>): Promise<PinAttemptResult> {
    const result = this.queue.then(() => this.check(verify))
    this.queue = result.catch(() => undefined)
    return result
  }

  /** Seconds until attempts are accepted again; 0 when not locked. */
  retryAfterSeconds(): number {
    if (this.lockedUntil === null) return 0
    const remaining = this.lockedUntil - this.now()
    if (remaining > 0) return Math.ceil(remaining / 1000)
    // The window has passed: a fresh run of attempts (the next lockout is longer, until a success).
    this.lockedUntil = null
    this.wrongInARow = 0
    return 0
  }

  private stepMs(lockouts: number): number {
    return this.steps[Math.min(lockouts, this.steps.length) - 1] ?? 60_000
  }

  private async check(verify: () => Promise<boolean>): Promise<PinAttemptResult> {
    const wait = this.retryAfterSeconds()
    if (wait > 0) return { ok: false, reason: 'locked', retryAfterSeconds: wait }
    if (await verify()) {
      const hadFailures = this.wrongInARow > 0 || this.lockouts > 0
      this.wrongInARow = 0
      this.lockouts = 0
      if (hadFailures) await this.save()
      return { ok: true }
    }
    this.wrongInARow += 1
    if (this.wrongInARow < this.maxAttempts) {
      await this.save()
      return { ok: false, reason: 'wrong' }
    }
    this.lockouts += 1
    this.wrongInARow = 0
    const lockoutMs = this.stepMs(this.lockouts)
    this.lockedUntil = this.now() + lockoutMs
    await this.save()
    return { ok: false, reason: 'locked', retryAfterSeconds: Math.ceil(lockoutMs / 1000) }
  }

  private async save(): Promise<void> {
    if (!this.store) return
    const remaining = this.lockedUntil === null ? 0 : Math.max(0, this.lockedUntil - this.now())
    const state: LockoutState = { wrongInARow: this.wrongInARow, lockouts: this.lockouts, lockedUntil: remaining > 0 ? this.wallNow() + remaining : null }
    try {
      await this.store.save(state)
    } catch (error) {
      // Counting goes on in memory: a full disk must not open the gate, nor stop staff signing in.
      this.onSaveError(error)
    }
  }
}
