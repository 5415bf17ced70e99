import { createHash, randomBytes, randomUUID } from 'node:crypto'

/** A device's token: 256 random bits. The hub keeps only its SHA-256 (a fast hash is enough for that many bits). */
export function newDeviceToken(): { deviceId: string; token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url')
  return { deviceId: randomUUID(), token, tokenHash: hashToken(token) }
}

/** SHA-256 as hex: for a device token, or a one-time code; both too many random bits to need a slow hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The token from `authorization: Bearer <token>`, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(header ?? '')
  return match?.[1]
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A one-time code for people to type: 20 letters and digits of Crockford's base 32 (no I, L, O, U),
 * 100 random bits, shown in fours: `7KQ2-…`. Long because an overheard enrolment proof could be
 * guessed against offline (hub/protocol/enrolment-proof.ts).
 */
export function newOneTimeCode(): string {
  const bytes = randomBytes(20)
  const letters = Array.from(bytes, (b) => CROCKFORD[b & 31]!).join('')
  return letters.match(/.{4}/g)!.join('-')
}
