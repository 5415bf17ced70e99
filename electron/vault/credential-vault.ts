import type { BackendKind } from '../contract'
import { hasControlCharacter } from '../../hub/protocol'

/**
 * The port for vendor API credentials. The main process is the only holder of
 * these secrets: they go into the OS keychain through an implementation of this
 * interface and come back out only to the code that signs in to the vendor.
 * Nothing here may put a secret into an error message, a log line or a file.
 */

/**
 * Which credential: a vendor's client secret, one per backend and tenant (a
 * venue operator at the vendor); or the passphrase of the shared key of this
 * installation's card terminal, named by the installation's id
 * (settings/terminal-settings.ts), so two Foyers on one machine keep their own;
 * or the device token the box office's hub gave this device, named by the
 * device id the hub gave it (./hub-device-token.ts).
 */
export type CredentialRef = { backend: BackendKind; tenant: string } | { terminalOf: string } | { hubDevice: string }

export interface CredentialVault {
  /** Stores or replaces the secret. Refuses an empty, oversized or NUL-containing secret. */
  store(ref: CredentialRef, secret: string): Promise<void>
  has(ref: CredentialRef): Promise<boolean>
  /** The secret, or null when none is stored. Callers must not log or forward it. */
  read(ref: CredentialRef): Promise<string | null>
  /** Removes the secret; removing one that is not there is not an error. */
  remove(ref: CredentialRef): Promise<void>
}

/** The keychain service every Foyer credential is filed under. */
export const VAULT_SERVICE = 'Foyer'

/** Client secrets and tokens are far shorter; anything longer is a paste mistake. */
export const MAX_SECRET_LENGTH = 4096
/** A stored entry: the secret with the two origins it is bound to (origin-bound-secret.ts). */
export const MAX_STORED_LENGTH = MAX_SECRET_LENGTH + 2 * 2048 + 256

/**
 * Tenant ids become part of the keychain account name, so they are kept to a
 * small alphabet without `/`: no tenant can then be written to look like
 * another backend's account (`sandbox/x` can never name a production entry).
 * The settings file validates tenants with the same pattern.
 */
export const TENANT_PATTERN = /^[A-Za-z0-9._-]{1,64}$/

const BACKENDS: readonly BackendKind[] = ['sandbox', 'staging', 'production']
/** The installation id's pattern (settings/terminal-settings.ts), repeated so the vault depends on no settings. */
const TERMINAL_OWNER_PATTERN = /^[A-Za-z0-9-]{1,20}$/
/** The hub's device ids are UUIDs (hub/protocol/enrolment.ts). */
const HUB_DEVICE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The OS keychain cannot be reached (no Secret Service, locked keychain,
 * libsecret missing). The message says so plainly and never carries a secret;
 * the underlying failure is kept as `cause` for diagnosis.
 */
export class VaultUnavailableError extends Error {
  constructor(message = 'The system keychain (Secret Service) is not available', options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'VaultUnavailableError'
  }
}

/** A credential reference that cannot name a keychain entry safely. */
export class InvalidCredentialRefError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidCredentialRefError'
  }
}

/** A secret the vault will not store. The message describes the problem, never the secret. */
export class InvalidSecretError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidSecretError'
  }
}

export function isValidTenant(tenant: unknown): tenant is string {
  return typeof tenant === 'string' && TENANT_PATTERN.test(tenant)
}

/**
 * The keychain account name for a credential: `<backend>/<tenant>`,
 * `terminal/<installation id>` for a terminal's passphrase, or
 * `hub/<device id>` for the hub's device token. Refs can
 * arrive from settings or IPC payloads, so both parts are checked at run time
 * rather than trusted to the type system.
 */
export function accountName(ref: CredentialRef): string {
  if ('hubDevice' in ref) {
    // `hub` is no backend either, so a device token's account is never a client secret's.
    if (typeof ref.hubDevice !== 'string' || !HUB_DEVICE_PATTERN.test(ref.hubDevice)) {
      throw new InvalidCredentialRefError('A hub device credential must name the device the hub enrolled (a UUID)')
    }
    return `hub/${ref.hubDevice}`
  }
  if ('terminalOf' in ref) {
    // `terminal` is no backend, so this account can never be taken for a client secret's.
    if (typeof ref.terminalOf !== 'string' || !TERMINAL_OWNER_PATTERN.test(ref.terminalOf)) {
      throw new InvalidCredentialRefError('A terminal credential must name the installation: 1 to 20 characters of A-Z, a-z, 0-9 or "-"')
    }
    return `terminal/${ref.terminalOf}`
  }
  if (!BACKENDS.includes(ref.backend)) {
    throw new InvalidCredentialRefError(`Credential backend must be one of ${BACKENDS.join(', ')}`)
  }
  if (!isValidTenant(ref.tenant)) {
    // The tenant is not echoed: a caller that mixed up its arguments might have passed a secret.
    throw new InvalidCredentialRefError('Credential tenant must be 1 to 64 characters of A-Z, a-z, 0-9, ".", "_" or "-"')
  }
  return `${ref.backend}/${ref.tenant}`
}


/**
 * Checks a secret before any implementation stores it. NUL is refused because
 * native keychain APIs take C strings and would silently store a truncated
 * secret, which would only surface later as a baffling sign-in failure.
 */
export function assertStorableSecret(secret: unknown, maxLength = MAX_SECRET_LENGTH): asserts secret is string {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new InvalidSecretError('The secret is empty; nothing was stored')
  }
  if (secret.length > maxLength) {
    throw new InvalidSecretError(`The secret is longer than ${maxLength} characters; nothing was stored`)
  }
  if (secret.includes('\0')) {
    throw new InvalidSecretError('The secret contains a NUL character; nothing was stored')
  }
  // Line breaks, tabs and other control characters are paste accidents: no vendor issues secrets with them.
  if (hasControlCharacter(secret)) {
    throw new InvalidSecretError('The secret contains a control character (a line break, tab or similar); nothing was stored')
  }
}
