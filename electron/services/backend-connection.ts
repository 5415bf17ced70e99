import { resolve } from 'node:path'
import type { BackendEndpoints } from '../api/endpoints'
import { FoyerError } from '../ipc-core/foyer-error'
import { installedTerminal } from '../payment/installed-terminal'
import type { PaymentTerminal } from '../payment/payment-port'
import { TrainingTerminal } from '../payment/training-terminal'
import type { SandboxLauncher } from '../sandbox/process/sandbox-launcher'
import type { SettingsFile } from '../settings/settings-file'
import { VaultUnavailableError, type CredentialVault } from '../vault/credential-vault'
import { readBoundSecret } from '../vault/origin-bound-secret'

/**
 * A backend Foyer sells against: its addresses and where its client secret
 * comes from. The built-in sandbox (the training backend) is started in a
 * process of its own, so nothing it does can hold up this one; vendor
 * backends are configured in settings with the secret in the OS keychain.
 */
export interface BackendConnection {
  endpoints: BackendEndpoints
  secret: () => Promise<string>
  /** The hold window the backend applies when an offer gives no expirationTime; a function when it is a setting, read at each hold. */
  holdWindowMs: number | (() => number)
  /** The card terminal sales at this backend are paid through; absent: none set up (cash only, at the counter). */
  terminal?: PaymentTerminal
  close(): Promise<void>
}

/**
 * A keychain that cannot be reached, said in words (staff must unlock or
 * install the keychain, not fix the vendor); any other failure as it is.
 */
export function keychainFailure(error: unknown): unknown {
  if (!(error instanceof VaultUnavailableError)) return error
  return new FoyerError({ code: 'credentials.keychain-unavailable', messageKey: 'errors.settings.keychainUnavailable', retryable: true, detail: error.message })
}

export async function startSandboxConnection(
  /** Starts the sandbox's process: child_process in plain Node, utilityProcess in Electron main. */
  launch: SandboxLauncher,
  dataDir: string | null,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  /** Generated events added to the training catalogue (FOYER_SANDBOX_EXTRA_EVENTS). */
  extraEvents?: number,
  /** Events with an XSS corpus in their texts (FOYER_SANDBOX_XSS). */
  xss?: boolean,
  /** The sandbox's port (FOYER_SANDBOX_PORT); absent: any free one. */
  port = 0,
): Promise<BackendConnection> {
  const holdTtlSeconds = 900
  // The same folder as ever (dataDir/sandbox), absolute, so training state survives restarts whatever the child's working folder.
  const sandbox = await launch({ port, dataDir: dataDir ? resolve(dataDir, 'sandbox') : undefined, holdTtlSeconds, extraEvents, xss }, log)
  const { baseUrl, authUrl, imageBaseUrl, tenant, clientId, clientSecret } = sandbox
  return {
    endpoints: { kind: 'sandbox', baseUrl, authUrl, imageBaseUrl, tenant, clientId },
    secret: async () => clientSecret,
    holdWindowMs: holdTtlSeconds * 1000,
    // Training sells through the sandbox's simulated Adyen terminal, paid with its test cards.
    terminal: new TrainingTerminal({ terminal: sandbox.terminal, authUrl, clientId, secret: async () => clientSecret }),
    close: () => sandbox.close(),
  }
}

/**
 * A vendor backend (staging, production) as staff configured it: addresses
 * from settings, the client secret read from the OS keychain for each token
 * request (never kept in memory longer than that request), and the card
 * terminal set up for this kiosk or counter, if there is one (its passphrase
 * and root certificate are read as it needs them: payment/installed-terminal.ts).
 */
export function vendorConnection(kind: 'staging' | 'production', settings: Pick<SettingsFile, 'get'>, vault: CredentialVault): BackendConnection {
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
        throw keychainFailure(error)
      })
      if (found.state === 'other-address') {
        throw new FoyerError({ code: 'credentials.secret-other-address', messageKey: 'errors.settings.secretOtherAddress', retryable: false, detail: `the ${kind} client secret was entered for other addresses` })
      }
      if (found.state === 'none') {
        throw new FoyerError({ code: 'credentials.missing', messageKey: 'errors.settings.secretMissing', retryable: false, detail: `no client secret stored for ${kind}` })
      }
      return found.secret
    },
    // Read at each hold, so a saved change (staff's, or the box office hub's profile) applies to the next one without reconnecting.
    holdWindowMs: () => settings.get().holdWindowMinutes * 60_000,
    // None set up: cash only, at the counter (a self-service kiosk says it cannot take cards).
    terminal: installedTerminal(current, vault) ?? undefined,
    close: async () => {},
  }
}
