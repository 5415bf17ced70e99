import { VaultUnavailableError, type CredentialVault } from '../../electron/vault/credential-vault'

/**
 * Whether the keychain tests can run here, and what to do when they cannot:
 * one rule for the unit tests and the E2E specs. They run against the real OS
 * keychain, never a mock: on Linux that needs a Secret Service on the session
 * bus. A developer machine without one skips them and says why; CI must prove
 * the keychain works, so there they fail.
 */

/** True when CI is set to anything but an explicit no. */
export function onCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI?.trim().toLowerCase()
  return value !== undefined && value !== '' && value !== '0' && value !== 'false'
}

/**
 * Whether a keychain is expected to answer here: always on CI (which must
 * prove it works: scripts/with-keyring.sh provides one), and elsewhere where
 * the platform has one without setup or Linux has a session bus to find the
 * Secret Service on. Tests assert one outcome from this, never "either".
 */
export function keychainExpected(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  return onCi(env) || platform !== 'linux' || Boolean(env.DBUS_SESSION_BUS_ADDRESS)
}

const HOW = 'run them with scripts/with-keyring.sh (e.g. scripts/with-keyring.sh npx vitest run tests/unit/vault)'

/** Null when the keychain answers; otherwise why not, in a sentence fit for a skip note or a CI failure. */
export async function keychainUnavailableReason(vault: CredentialVault): Promise<string | null> {
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS) {
    // Not keychainExpected(): on CI without a bus this is the reason the tests fail with.
    return `no Secret Service is reachable: DBUS_SESSION_BUS_ADDRESS is not set; ${HOW}`
  }
  try {
    // A read of an entry that does not exist: proves the service answers without storing anything.
    await vault.read({ backend: 'sandbox', tenant: 'foyer-keychain-probe' })
    return null
  } catch (error) {
    if (error instanceof VaultUnavailableError) return `${error.message}; ${HOW}`
    throw error
  }
}
