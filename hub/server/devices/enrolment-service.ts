import { randomUUID } from 'node:crypto'
import {
  deviceProof,
  enrolmentKey,
  hubProof,
  sameProof,
  type EnrolmentAnswer,
  type EnrolmentRefusal,
  type EnrolmentRequest,
} from '../../protocol'
import type { HubDatabase } from '../../storage/database'
import { claimCodeForDevice, forgetExpiredCodes, insertEnrolmentCode, unexpiredEnrolmentCodes } from '../../storage/device-table'
import { clearWrongCodes, countWrongCode, enrolmentLockout } from '../../storage/lockout-table'
import { newDeviceToken, newOneTimeCode } from './device-tokens'

/** A code a manager has not used within a day is dropped: it was written down somewhere. */
const CODE_LIFETIME_MS = 24 * 3600_000

export type EnrolmentOutcome = { status: 200; body: EnrolmentAnswer } | { status: 403 | 409 | 429; body: EnrolmentRefusal }

/**
 * A manager adds a device: the hub makes its one-time code, to be typed at the device (or scanned
 * from the dashboard's QR, later). Kept as the HMAC key it gives, never as the code.
 */
export async function createDeviceEnrolmentCode(
  db: HubDatabase,
  device: { name: string; place?: string },
  now: Date,
): Promise<{ code: string; expiresAt: Date }> {
  const code = newOneTimeCode()
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MS)
  const codeKey = await enrolmentKey(code)
  await forgetExpiredCodes(db, now)
  await insertEnrolmentCode(db, { id: randomUUID(), codeKey, deviceName: device.name, place: device.place ?? '', createdAt: now, expiresAt })
  return { code, expiresAt }
}

async function matchingCode(db: HubDatabase, request: EnrolmentRequest, fingerprint: string, now: Date) {
  for (const code of await unexpiredEnrolmentCodes(db, now)) {
    if (sameProof(await deviceProof(code.code_key, request.deviceNonce, fingerprint), request.proof)) return code
  }
  return undefined
}

/**
 * The hub's side of enrolment (hub/protocol/enrolment-proof.ts says the exchange). The proof is
 * checked against the hub's own certificate: one made for another (a machine in the middle) matches
 * nothing and counts as a wrong code. A right proof uses its code once; a try with a used code, or
 * one that loses the race for it, is told so and does not count as wrong.
 */
export async function enrolDevice(db: HubDatabase, request: EnrolmentRequest, fingerprint: string, now: Date): Promise<EnrolmentOutcome> {
  const lockout = await enrolmentLockout(db)
  if (lockout.locked_until && lockout.locked_until.getTime() > now.getTime()) {
    const retryAfterSeconds = Math.ceil((lockout.locked_until.getTime() - now.getTime()) / 1000)
    return { status: 429, body: { refused: 'locked', retryAfterSeconds } }
  }
  const code = await matchingCode(db, request, fingerprint, now)
  if (!code) {
    await countWrongCode(db, now)
    return { status: 403, body: { refused: 'wrong-code' } }
  }
  if (code.used_at) return { status: 409, body: { refused: 'code-used' } }
  const { deviceId, token, tokenHash } = newDeviceToken()
  const device = await claimCodeForDevice(db, { codeId: code.id, deviceId, tokenHash, now })
  if (!device) return { status: 409, body: { refused: 'code-used' } }
  await clearWrongCodes(db)
  const proof = await hubProof(code.code_key, request.deviceNonce, fingerprint, deviceId, token)
  return { status: 200, body: { deviceId, deviceToken: token, name: device.name, place: device.place, hubProof: proof } }
}
