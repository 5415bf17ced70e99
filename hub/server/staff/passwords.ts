import { hash, verify, type Options } from '@node-rs/argon2'

/**
 * Managers' passwords, hashed with Argon2id (memory-hard) at OWASP's minimum: 19 MiB, 2 passes,
 * 1 lane. `algorithm: 2` is the library's Argon2id (a const enum, which isolated modules cannot import).
 */
const ARGON2ID: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID)
}

// Checked against when the name is unknown, so an unknown name takes as long as a wrong password.
let decoy: Promise<string> | undefined

export async function passwordMatches(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    decoy ??= hashPassword('no manager has this password')
    await verify(await decoy, password)
    return false
  }
  return verify(passwordHash, password)
}
