import { EnrolmentAnswer, EnrolmentRefusal, type EnrolmentRequest } from './enrolment'
import { deviceProof, enrolmentKey, hubProof, newNonce, normaliseFingerprint, sameProof } from './enrolment-proof'

/** How the device reaches the hub: POST the request over TLS and give back the status and parsed JSON body. */
export type EnrolmentTransport = (request: EnrolmentRequest) => Promise<{ status: number; body: unknown }>

export type EnrolmentResult =
  | { ok: true; deviceId: string; deviceToken: string; name: string; place: string; pinnedFingerprint: string }
  | { ok: false; reason: EnrolmentRefusal['refused'] | 'hub-not-proven' | 'unreadable-answer'; retryAfterSeconds?: number }

/**
 * The device's side of enrolment (enrolment-proof.ts says the exchange). `seenFingerprint` is the
 * certificate the device's TLS connection was given: the proof is bound to it, and it is what the
 * device pins when the hub has proved it knows the code too. An answer that does not prove it
 * (a machine in the middle) is refused, and its token never used.
 */
export async function enrolWithHub(options: {
  code: string
  seenFingerprint: string
  appVersion: string
  send: EnrolmentTransport
}): Promise<EnrolmentResult> {
  const fingerprint = normaliseFingerprint(options.seenFingerprint)
  const key = await enrolmentKey(options.code)
  const deviceNonce = newNonce()
  const proof = await deviceProof(key, deviceNonce, fingerprint)
  const { status, body } = await options.send({ deviceNonce, proof, appVersion: options.appVersion })
  if (status !== 200) {
    const refusal = EnrolmentRefusal.safeParse(body)
    if (!refusal.success) return { ok: false, reason: 'unreadable-answer' }
    return { ok: false, reason: refusal.data.refused, retryAfterSeconds: refusal.data.retryAfterSeconds }
  }
  const answer = EnrolmentAnswer.safeParse(body)
  if (!answer.success) return { ok: false, reason: 'unreadable-answer' }
  const { deviceId, deviceToken, name, place } = answer.data
  const expected = await hubProof(key, deviceNonce, fingerprint, deviceId, deviceToken)
  if (!sameProof(expected, answer.data.hubProof)) return { ok: false, reason: 'hub-not-proven' }
  return { ok: true, deviceId, deviceToken, name, place, pinnedFingerprint: fingerprint }
}
