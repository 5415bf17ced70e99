import { join } from 'node:path'
import type { BackendEndpoints } from '../api/endpoints'
import { FoyerError } from '../ipc-core/foyer-error'
import type { PaymentTerminal } from '../payment/payment-port'
import { SandboxTerminalClient } from '../payment/sandbox-terminal-client'
import { startSandbox } from '../sandbox/server'
import type { SettingsStore } from '../settings/settings-store'
import { VaultUnavailableError, type CredentialVault } from '../vault/credential-vault'
import { readBoundSecret } from '../vault/origin-bound-secret'

/**
 * A backend Foyer sells against: its addresses and where its client secret
 * comes from. The built-in sandbox is started in this process (the training
 * backend); vendor backends are configured in settings with the secret in the
 * OS keychain.
 */
export interface BackendConnection {
  endpoints: BackendEndpoints
  secret: () => Promise<string>
  /** The hold window the backend applies when an offer gives no expirationTime. */
  holdWindowMs: number
  /** The card terminal sales at this backend are paid through; absent: none set up (cash only, at the counter). */
  terminal?: PaymentTerminal
  close(): Promise<void>
}

export async function startSandboxConnection(
  dataDir: string | null,
  log?: (line: string) => void,
  /** Generated events added to the training catalogue (FOYER_SANDBOX_EXTRA_EVENTS). */
  extraEvents?: number,
  /** Events with an XSS corpus in their texts (FOYER_SANDBOX_XSS). */
  xss?: boolean,
): Promise<BackendConnection> {
  const holdTtlSeconds = 900
  const sandbox = await startSandbox({ port: 0, dataDir: dataDir ? join(dataDir, 'sandbox') : undefined, holdTtlSeconds, log, extraEvents, xss })
  const { baseUrl, authUrl, imageBaseUrl, tenant, clientId, clientSecret } = sandbox
  return {
    endpoints: { kind: 'sandbox', baseUrl, authUrl, imageBaseUrl, tenant, clientId },
    secret: async () => clientSecret,
    holdWindowMs: holdTtlSeconds * 1000,
    // Training sells through the sandbox's own terminal, paid with its test cards.
    terminal: new SandboxTerminalClient(sandbox.terminalUrl),
    close: () => sandbox.close(),
  }
}

/**
 * A vendor backend (staging, production) as staff configured it: addresses
 * from settings, the client secret read from the OS keychain for each token
 * request (never kept in memory longer than that request).
 */
export function vendorConnection(kind: 'staging' | 'production', settings: Pick<SettingsStore, 'get'>, vault: CredentialVault): BackendConnection {
  const current = settings.get()
  const config = current.backends[kind]
  if (!config) {
    throw new FoyerError({ code: 'settings.backend-unconfigured', messageKey: 'errors.settings.backendUnconfigured', retryable: false, detail: `${kind} has no configuration` })
  }
  const ref = { backend: kind, tenant: config.tenant }
  return {
    endpoints: { kind, ...config },
    secret: async () => {
      // Only a secret entered for these very addresses (origin-bound-secret.ts): a changed address never gets it.
      const found = await readBoundSecret(vault, ref, config).catch((error: unknown) => {
        // Said in words (not "no service connected"): staff must unlock or install the keychain, not the vendor.
        if (error instanceof VaultUnavailableError) {
          throw new FoyerError({ code: 'credentials.keychain-unavailable', messageKey: 'errors.settings.keychainUnavailable', retryable: true, detail: error.message })
        }
        throw error
      })
      if (found.state === 'other-address') {
        throw new FoyerError({ code: 'credentials.secret-other-address', messageKey: 'errors.settings.secretOtherAddress', retryable: false, detail: `the ${kind} client secret was entered for other addresses` })
      }
      if (found.state === 'none') {
        throw new FoyerError({ code: 'credentials.missing', messageKey: 'errors.settings.secretMissing', retryable: false, detail: `no client secret stored for ${kind}` })
      }
      return found.secret
    },
    holdWindowMs: current.holdWindowMinutes * 60_000,
    close: async () => {},
  }
}
