import { z } from 'zod'

const Hex256 = z.string().regex(/^[0-9a-f]{64}$/)

/** POST /device/enrol: the device's half of the exchange (enrolment-proof.ts). The code itself is never sent. */
export const EnrolmentRequest = z.object({
  deviceNonce: Hex256,
  proof: Hex256,
  appVersion: z.string().min(1).max(40),
})
export type EnrolmentRequest = z.infer<typeof EnrolmentRequest>

/** 200: the device is enrolled. The token goes into the device's keychain and into every later request. */
export const EnrolmentAnswer = z.object({
  deviceId: z.uuid(),
  /** 256 random bits, base64url. The hub keeps only its hash. */
  deviceToken: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  name: z.string(),
  place: z.string(),
  hubProof: Hex256,
})
export type EnrolmentAnswer = z.infer<typeof EnrolmentAnswer>

/**
 * 403 / 409 / 429: not enrolled. `wrong-code` also covers a machine in the middle (the proof was made
 * for another certificate) and an expired code; `code-used` a code another try has just used; `locked`
 * too many wrong codes lately, counted at the hub across all devices.
 */
export const EnrolmentRefusal = z.object({
  refused: z.enum(['wrong-code', 'code-used', 'locked']),
  retryAfterSeconds: z.number().int().nonnegative().optional(),
})
export type EnrolmentRefusal = z.infer<typeof EnrolmentRefusal>
