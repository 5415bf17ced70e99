import { boundTo, openBound, sealBound } from './bound-entry'
import { VaultUnavailableError, type CredentialRef, type CredentialVault } from './credential-vault'

/**
 * A vendor's client secret is kept with the addresses it was entered for: the
 * origin of the token address (where the secret itself is sent) and of the
 * API (where the tokens it buys are sent). When staff change either origin,
 * the stored secret no longer applies and is never sent to the new address:
 * it must be entered again. Otherwise anyone who learned the PIN could point
 * a backend at their own server and collect the venue's secret from the next
 * sign-in. A new path on the same origin is the same service and keeps it.
 *
 * The keychain entry holds `foyer-bound-secret:v1:` and JSON of the origins
 * and the secret. An entry from an older Foyer (the bare secret) is bound at
 * start to the addresses saved then (bindLegacySecrets), so an upgrade keeps
 * a working kiosk selling.
 */
export interface SecretOrigins {
  authOrigin: string
  apiOrigin: string
}

const PREFIX = 'foyer-bound-secret:v1:'

export function originsOf(config: { authUrl: string; baseUrl: string }): SecretOrigins {
  return { authOrigin: new URL(config.authUrl).origin, apiOrigin: new URL(config.baseUrl).origin }
}

type Opened = { kind: 'bound'; secret: string; origins: SecretOrigins } | { kind: 'legacy'; secret: string } | { kind: 'damaged' }

function open(stored: string): Opened {
  const opened = openBound(stored, PREFIX, 'secret')
  if (opened === 'unsealed') return { kind: 'legacy', secret: stored }
  if (opened === 'damaged') return { kind: 'damaged' }
  const { authOrigin, apiOrigin } = opened.binding
  // Origins that are not text are a damaged entry: bound to nothing.
  if (typeof authOrigin !== 'string' || typeof apiOrigin !== 'string') return { kind: 'damaged' }
  return { kind: 'bound', secret: opened.secret, origins: { authOrigin, apiOrigin } }
}

function seal(secret: string, origins: SecretOrigins): string {
  return sealBound(PREFIX, { authOrigin: origins.authOrigin, apiOrigin: origins.apiOrigin }, 'secret', secret)
}

/** Stores the secret for the addresses in `config` (replacing any earlier one). */
export function storeBoundSecret(vault: CredentialVault, ref: CredentialRef, secret: string, config: { authUrl: string; baseUrl: string }): Promise<void> {
  return vault.store(ref, seal(secret, originsOf(config)))
}

export type BoundSecret = { state: 'ok'; secret: string } | { state: 'none' } | { state: 'other-address' }

/** The secret, if one is stored for exactly these origins. */
export async function readBoundSecret(vault: CredentialVault, ref: CredentialRef, config: { authUrl: string; baseUrl: string }): Promise<BoundSecret> {
  const stored = await vault.read(ref)
  if (stored === null) return { state: 'none' }
  const opened = open(stored)
  // Not bound yet (the start could not reach the keychain to bind it): it applies nowhere until it is.
  if (opened.kind === 'legacy') return { state: 'other-address' }
  // A damaged entry is bound to nothing: it never applies.
  if (opened.kind === 'damaged') return { state: 'other-address' }
  const wanted = originsOf(config)
  return boundTo({ ...opened.origins }, { ...wanted }) ? { state: 'ok', secret: opened.secret } : { state: 'other-address' }
}

/**
 * At start: a secret an older Foyer stored bare is bound to the addresses
 * saved for its backend now, the ones it was used with. Best effort: a
 * keychain that cannot be reached is told to `warn` and tried at the next start.
 */
export async function bindLegacySecrets(
  vault: CredentialVault,
  backends: Record<'staging' | 'production', { tenant: string; authUrl: string; baseUrl: string } | null>,
  warn: (message: string) => void,
): Promise<void> {
  for (const backend of ['staging', 'production'] as const) {
    const config = backends[backend]
    if (!config) continue
    const ref = { backend, tenant: config.tenant }
    try {
      const stored = await vault.read(ref)
      if (stored === null) continue
      const opened = open(stored)
      if (opened.kind === 'legacy') await storeBoundSecret(vault, ref, opened.secret, config)
    } catch (error) {
      warn(`could not bind the ${backend} client secret to its addresses (${error instanceof VaultUnavailableError ? 'keychain not available' : (error as Error).name}); it is tried again at the next start`)
    }
  }
}
