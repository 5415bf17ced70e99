import { canonicalTerminalAddress } from '../terminal-protocol/terminal-address'
import { boundTo, openBound, sealBound } from './bound-entry'
import type { CredentialVault } from './credential-vault'

/**
 * The passphrase of a card terminal's shared key, kept in the OS keychain
 * with the terminal it was entered for: its address, its POIID and the key's
 * identifier and version. When staff change any of them the stored
 * passphrase no longer applies and is never used to encrypt for the new
 * terminal: it must be entered again. Otherwise anyone who learned the staff
 * PIN could point the kiosk at a terminal of their own and have every payment
 * request sealed with the venue's key for it. (The vendor's client secret is
 * bound to its addresses the same way: origin-bound-secret.ts.)
 *
 * The keychain entry holds `foyer-terminal-key:v1:` and JSON of the terminal
 * and the passphrase, under the account `terminal/<installation id>`.
 */
export interface TerminalKeyFor {
  address: string
  poiid: string
  keyIdentifier: string
  keyVersion: number
}

const PREFIX = 'foyer-terminal-key:v1:'

/** What the passphrase is bound to, in one spelling (an address with or without :8443 is the same terminal). */
function bindingOf(terminal: TerminalKeyFor): TerminalKeyFor {
  return {
    address: canonicalTerminalAddress(terminal.address) ?? terminal.address,
    poiid: terminal.poiid,
    keyIdentifier: terminal.keyIdentifier,
    keyVersion: terminal.keyVersion,
  }
}

/** Stores the passphrase for this terminal (replacing any earlier one, for whatever terminal). */
export function storeTerminalPassphrase(vault: CredentialVault, installationId: string, passphrase: string, terminal: TerminalKeyFor): Promise<void> {
  return vault.store({ terminalOf: installationId }, sealBound(PREFIX, { ...bindingOf(terminal) }, 'passphrase', passphrase))
}

export type TerminalPassphrase = { state: 'ok'; passphrase: string } | { state: 'none' } | { state: 'other-terminal' }

/** The passphrase, if one is stored for exactly this terminal and key. Throws VaultUnavailableError when the keychain cannot be asked. */
export async function readTerminalPassphrase(vault: CredentialVault, installationId: string, terminal: TerminalKeyFor): Promise<TerminalPassphrase> {
  const stored = await vault.read({ terminalOf: installationId })
  if (stored === null) return { state: 'none' }
  const opened = openBound(stored, PREFIX, 'passphrase')
  // An entry without the prefix, or a damaged one, is bound to no terminal: it never applies.
  if (typeof opened === 'string') return { state: 'other-terminal' }
  return boundTo(opened.binding, { ...bindingOf(terminal) }) ? { state: 'ok', passphrase: opened.secret } : { state: 'other-terminal' }
}
