/**
 * How a device and the hub prove to each other that both know the one-time enrolment code, without
 * either sending it, over a TLS connection the device cannot yet trust (the lobby network is not).
 *
 *   K   = SHA-256("foyer-hub-enrolment-key-v1\n" ‖ the code, upper case, dashes and spaces removed)
 *   F   = SHA-256 of the hub certificate's DER, as the device sees it on this connection
 *   device → hub: nonce N (256 random bits), proof D = HMAC-SHA-256(K, "device\n" ‖ N ‖ "\n" ‖ F)
 *   hub: recomputes D with its own certificate's F for each live code; none matches → refused,
 *        counted against the lockout. A match claims the code (once, atomically), makes the device
 *        and its token T and answers H = HMAC-SHA-256(K, "hub\n" ‖ N ‖ "\n" ‖ F ‖ "\n" ‖ id ‖ "\n" ‖ T)
 *   device: checks H with its own K and F, then pins F: every later request goes only to that certificate.
 *
 * A machine in the middle shows its own certificate F′ ≠ F. The device's D is bound to F′, so relayed
 * to the hub it matches nothing there (no enrolment, the code stays unused); and answering itself it
 * cannot make H without K, so the device refuses it. What it overhears is one HMAC under K: codes are
 * 100 random bits (20 base-32 letters), beyond guessing offline. (A PAKE would allow short codes; later.)
 *
 * Plain TypeScript on Web Crypto (Node, Electron and browsers alike), so devices and the hub share it.
 */
const encoder = new TextEncoder()

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')
}

function fromHex(value: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(value.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(value.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/** As people type it: case, dashes and spaces do not matter. */
export function normaliseEnrolmentCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '')
}

/** A certificate fingerprint as hex: Node's `AA:BB:…` and plain hex both become lower-case hex. */
export function normaliseFingerprint(fingerprint: string): string {
  const plain = fingerprint.replace(/:/g, '').toLowerCase()
  if (!/^[0-9a-f]{64}$/.test(plain)) throw new Error('A certificate fingerprint is a SHA-256: 64 hex digits.')
  return plain
}

/** K: the HMAC key the code gives, as hex. The hub keeps this until the code is used. */
export async function enrolmentKey(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`foyer-hub-enrolment-key-v1\n${normaliseEnrolmentCode(code)}`))
  return hex(digest)
}

async function hmac(keyHex: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', fromHex(keyHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return hex(await crypto.subtle.sign('HMAC', key, encoder.encode(message)))
}

/** D: the device's proof, bound to the certificate it sees. */
export function deviceProof(keyHex: string, deviceNonce: string, fingerprint: string): Promise<string> {
  return hmac(keyHex, `device\n${deviceNonce}\n${normaliseFingerprint(fingerprint)}`)
}

/** H: the hub's answer, bound to the same nonce and certificate and to the device and token it gives. */
export function hubProof(keyHex: string, deviceNonce: string, fingerprint: string, deviceId: string, token: string): Promise<string> {
  return hmac(keyHex, `hub\n${deviceNonce}\n${normaliseFingerprint(fingerprint)}\n${deviceId}\n${token}`)
}

/** Compares two proofs in time independent of where they differ. */
export function sameProof(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}

/** N: 256 random bits as hex. */
export function newNonce(): string {
  return hex(crypto.getRandomValues(new Uint8Array(32)).buffer)
}
