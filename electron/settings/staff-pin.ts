import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * The staff PIN guards the admin settings screen and counter sign-in. A 4–8
 * digit PIN has at most 10^8 values, so the hash alone cannot make it strong:
 * scrypt makes each guess expensive for someone who copies settings.json, and
 * PinGate's lockout is what stops guessing at the kiosk itself.
 *
 * Stored form: `scrypt$N$r$p$<salt base64>$<hash base64>`, parameters
 * included so they can be raised later without breaking existing hashes.
 */

/** The PIN is not 4 to 8 digits. The message never repeats the PIN. */
export class PinFormatError extends Error {
  constructor() {
    super('The staff PIN must be 4 to 8 digits')
    this.name = 'PinFormatError'
  }
}

const PIN_PATTERN = /^[0-9]{4,8}$/

/** Matches a stored PIN hash; the settings schema uses it so a raw PIN can never be saved in its place. */
export const PIN_HASH_PATTERN = /^scrypt\$[0-9]{1,8}\$[0-9]{1,3}\$[0-9]{1,3}\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/

// N = 2^15, r = 8: about 32 MiB and tens of milliseconds per hash, acceptable for one staff sign-in.
const COST = { N: 2 ** 15, r: 8, p: 1 } as const
const SALT_BYTES = 16
const HASH_BYTES = 32
// A hash read from disk chooses its own parameters; these caps keep a tampered file from exhausting memory or CPU.
const MAX_N = 2 ** 20
const MAX_R = 32
const MAX_P = 16

export function validatePin(pin: unknown): asserts pin is string {
  if (typeof pin !== 'string' || !PIN_PATTERN.test(pin)) throw new PinFormatError()
}

function derive(pin: string, salt: Buffer, length: number, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  // Node refuses scrypt over 32 MiB by default; allow what the parameters need plus headroom.
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * cost.p + 16 * 1024 * 1024 }
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

export async function hashPin(pin: string): Promise<string> {
  validatePin(pin)
  const salt = randomBytes(SALT_BYTES)
  const hash = await derive(pin, salt, HASH_BYTES, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), hash.toString('base64')].join('$')
}

interface ParsedHash {
  N: number
  r: number
  p: number
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
 * True only when `pin` matches `encoded`. A malformed PIN or hash is simply
 * false: sign-in fails closed and the caller need not tell the two apart.
 */
export async function verifyPin(pin: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded)
  if (!parsed || typeof pin !== 'string' || !PIN_PATTERN.test(pin)) return false
  const candidate = await derive(pin, parsed.salt, parsed.hash.length, parsed)
  return timingSafeEqual(candidate, parsed.hash)
}

export type PinAttemptResult = { ok: true } | { ok: false; reason: 'wrong' | 'locked'; retryAfterSeconds?: number }

export interface PinGateOptions {
  /** Milliseconds from a monotonic source; tests inject their own. */
  now?: () => number
  maxAttempts?: number
  lockoutMs?: number
}

/**
 * Counts wrong PINs and, after `maxAttempts` (5) in a row, refuses every
 * attempt for `lockoutMs` (60 s) without checking it. The default clock is
 * monotonic so changing the system time cannot lift a lockout. Attempts are
 * handled one at a time, so firing many in parallel cannot slip extra guesses
 * past the counter while scrypt runs. State lives in memory: one gate per
 * process, shared by the settings screen and counter sign-in.
 */
export class PinGate {
  private readonly now: () => number
  private readonly maxAttempts: number
  private readonly lockoutMs: number
  private wrongInARow = 0
  private lockedUntil: number | null = null
  private queue: Promise<unknown> = Promise.resolve()

  constructor(options: PinGateOptions = {}) {
    this.now = options.now ?? (() => performance.now())
    this.maxAttempts = options.maxAttempts ?? 5
    this.lockoutMs = options.lockoutMs ?? 60_000
  }

  /** Checks `pin` against the stored hash, unless the gate is locked. */
  attempt(pin: string, encoded: string): Promise<PinAttemptResult> {
    const result = this.queue.then(() => this.check(pin, encoded))
    this.queue = result.catch(() => undefined)
    return result
  }

  /** Seconds until attempts are accepted again; 0 when not locked. */
  retryAfterSeconds(): number {
    if (this.lockedUntil === null) return 0
    const remaining = this.lockedUntil - this.now()
    if (remaining > 0) return Math.ceil(remaining / 1000)
    // The window has passed: a fresh run of attempts.
    this.lockedUntil = null
    this.wrongInARow = 0
    return 0
  }

  private async check(pin: string, encoded: string): Promise<PinAttemptResult> {
    const wait = this.retryAfterSeconds()
    if (wait > 0) return { ok: false, reason: 'locked', retryAfterSeconds: wait }
    if (await verifyPin(pin, encoded)) {
      this.wrongInARow = 0
      return { ok: true }
    }
    this.wrongInARow += 1
    if (this.wrongInARow < this.maxAttempts) return { ok: false, reason: 'wrong' }
    this.lockedUntil = this.now() + this.lockoutMs
    return { ok: false, reason: 'locked', retryAfterSeconds: Math.ceil(this.lockoutMs / 1000) }
  }
}
