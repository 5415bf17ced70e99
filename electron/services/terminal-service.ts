import type { BackendKind, TerminalTestState, TerminalView } from '../contract'
import type { terminalChannels } from '../contract/terminal-channels'
import type { Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import { PassphraseUnavailable, installedTerminal, terminalPassphrase, type PassphraseProblem } from '../payment/installed-terminal'
import type { Settings } from '../settings/settings-schema'
import { terminalFields } from '../settings/terminal-settings'
import { InvalidSecretError, assertStorableSecret, type CredentialVault } from '../vault/credential-vault'
import { readTerminalPassphrase, storeTerminalPassphrase } from '../vault/terminal-passphrase'
import { keychainFailure } from './backend-connection'
import type { SalesRuntime } from './sales-runtime'
import { refusalByField } from './setting-refusal'

/**
 * Staff setting up this kiosk's or counter's card terminal: the shared key's
 * passphrase into the OS keychain (bound to the terminal it was entered for,
 * vault/terminal-passphrase.ts), and "Test terminal", which asks the terminal
 * the kiosk would sell through whether it can take a payment and says what is
 * wrong when not. The settings themselves go through settings.update.
 */
export type TerminalHandlers = { [C in keyof typeof terminalChannels]: Handler<C> }

/** Every message key these channels, and a refused terminal setting, can answer with (the renderer's locales word each one). */
export const terminalMessageKeys = ['terminal.errors.notSetUp', ...terminalFields.map((field) => `terminal.refused.${field}`)]

export interface TerminalServiceDeps {
  settings: { get(): Settings }
  vault: CredentialVault
  sales: Pick<SalesRuntime, 'kind' | 'context'>
  /** The backend this kiosk sells through, connected or not (a vendor that failed at start is still the one to test for). */
  backend: () => BackendKind
  requirePin: (pin: string) => Promise<unknown>
}

/** The terminal as staff see it: its settings, whether a passphrase is stored for exactly it, its till id there. */
export async function terminalView(settings: Settings, vault: CredentialVault): Promise<TerminalView> {
  const { terminal, installationId } = settings
  if (!terminal || !installationId) return null
  let hasPassphrase = false
  try {
    hasPassphrase = (await readTerminalPassphrase(vault, installationId, terminal)).state === 'ok'
  } catch {
    // No keychain reachable: nothing is stored that Foyer could use.
  }
  return { config: { ...terminal }, hasPassphrase, saleId: installationId }
}

/** Whether a change gives the kiosk another terminal (or none, or a first one). */
export function terminalChanged(before: Settings, after: Settings): boolean {
  const [was, now] = [before.terminal, after.terminal]
  if (!was || !now) return was !== now
  return terminalFields.some((field) => was[field] !== now[field])
}

/** A refused terminal setting, worded by field (`terminal.refused.poiid`...); null for any other setting. */
export const terminalRefusal = refusalByField('terminal', terminalFields)

const notSetUp = () => new FoyerError({ code: 'terminal.not-set-up', messageKey: 'terminal.errors.notSetUp', retryable: false, detail: 'no card terminal is set up yet' })

const passphraseStates: Record<PassphraseProblem, TerminalTestState> = {
  none: 'passphrase-missing',
  'other-terminal': 'passphrase-other-terminal',
  keychain: 'keychain-unavailable',
}

export function terminalHandlers(deps: TerminalServiceDeps): TerminalHandlers {
  const { settings, vault, sales, backend, requirePin } = deps

  /** The terminal this kiosk sells through, asked now. */
  async function check(): Promise<{ state: TerminalTestState; detail: string }> {
    if (backend() === 'sandbox') {
      // Training pays at the sandbox's own simulator, whatever terminal is set up for the vendor backends.
      const terminal = sales.context?.checkout.terminal
      return terminal ? terminal.check() : { state: 'offline', detail: 'the training backend is not connected' }
    }
    const current = settings.get()
    const terminal = installedTerminal(current, vault)
    if (!terminal || !current.terminal || !current.installationId) return { state: 'not-set-up', detail: 'no card terminal is set up for this kiosk' }
    // Without a passphrase for this very terminal nothing can be asked: say which of the reasons it is.
    try {
      await terminalPassphrase(vault, current.installationId, current.terminal)
    } catch (error) {
      if (error instanceof PassphraseUnavailable) return { state: passphraseStates[error.problem], detail: error.message }
      throw error
    }
    return terminal.check()
  }

  return {
    'terminal.storePassphrase': async ({ pin, passphrase }) => {
      await requirePin(pin)
      const { terminal, installationId } = settings.get()
      if (!terminal || !installationId) throw notSetUp()
      try {
        // Checked before the keychain sees it: a line break or a NUL is the typist's slip, said as such.
        assertStorableSecret(passphrase)
        // Bound to the terminal and key it is entered for: never used to encrypt for another.
        await storeTerminalPassphrase(vault, installationId, passphrase, terminal)
      } catch (error) {
        if (error instanceof InvalidSecretError) throw new FoyerError({ code: 'credentials.secret-invalid', messageKey: 'errors.settings.secretInvalid', retryable: false, detail: error.message })
        throw keychainFailure(error)
      }
      return { stored: true }
    },
    'terminal.test': async ({ pin }) => {
      await requirePin(pin)
      const started = performance.now()
      const found = await check()
      return { ...found, latencyMs: Math.round(performance.now() - started) }
    },
  }
}
