import type { Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import { InvalidSecretError, assertStorableSecret, type CredentialVault } from '../vault/credential-vault'
import { storeBoundSecret } from '../vault/origin-bound-secret'
import type { BackendKind } from '../contract'
import type { SettingsFile } from '../settings/settings-file'
import { keychainFailure, type BackendConnection } from './backend-connection'
import { checkBackendAnswers } from './sales-runtime'
import { staffError, type SupervisorChecks } from './supervisor-checks'

/** What the credential handlers need of the staff services: the settings, the keychain, and a way to try a backend. */
export interface CredentialContext {
  settings: SettingsFile
  vault: CredentialVault
  connect: (kind: BackendKind) => Promise<BackendConnection>
}

/**
 * A vendor backend's client secret, write-only: stored in the OS keychain,
 * bound to the addresses it was entered for, and never answered back; and the
 * connection test, which says whether the backend answers with it.
 */
export function credentialHandlers(
  ctx: CredentialContext,
  checks: SupervisorChecks,
): { 'credentials.store': Handler<'credentials.store'>; 'credentials.test': Handler<'credentials.test'> } {
  const { settings, vault } = ctx
  const { requirePin } = checks
  return {
    'credentials.store': async ({ pin, backend, clientSecret }) => {
      await requirePin(pin)
      const config = settings.get().backends[backend]
      if (!config) throw staffError('settings.backend-unconfigured', 'errors.settings.backendUnconfigured', `${backend} has no configuration yet`)
      try {
        // Checked before the keychain sees it: a NUL or a line break is the typist's slip, said as such.
        assertStorableSecret(clientSecret)
        // Bound to the addresses it is entered for: it is never sent anywhere else.
        await storeBoundSecret(vault, { backend, tenant: config.tenant }, clientSecret, config)
      } catch (error) {
        if (error instanceof InvalidSecretError) throw staffError('credentials.secret-invalid', 'errors.settings.secretInvalid', error.message)
        throw keychainFailure(error)
      }
      return { stored: true }
    },
    'credentials.test': async ({ pin, backend }) => {
      await requirePin(pin)
      const started = performance.now()
      let connection: BackendConnection | null = null
      try {
        connection = await ctx.connect(backend)
        await checkBackendAnswers(connection)
        return { ok: true, latencyMs: Math.round(performance.now() - started) }
      } catch (error) {
        const reply =
          error instanceof FoyerError
            ? error.toReply()
            : { code: 'backend.connect-failed', messageKey: 'errors.backend.unavailable', retryable: true }
        return { ok: false, latencyMs: Math.round(performance.now() - started), error: reply }
      } finally {
        await connection?.close()
      }
    },
  }
}
