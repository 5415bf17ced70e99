import { X509Certificate } from 'node:crypto'
import { open } from 'node:fs/promises'
import type { Settings } from '../settings/settings-schema'
import type { TerminalSettings } from '../settings/terminal-settings'
import type { CredentialVault } from '../vault/credential-vault'
import { readTerminalPassphrase } from '../vault/terminal-passphrase'
import { AdyenTerminal } from './adyen/adyen-terminal'

/**
 * The card terminal a box office set up on the staff screen, for selling
 * through a vendor backend (staging, production): Adyen's Terminal API adapter
 * with the shared key's passphrase read from the OS keychain for each message
 * (never kept in memory longer) and the root certificate read from its file
 * for each connection (staff may replace the file). Neither missing stops
 * Foyer: the terminal's check says what is wrong, and a payment answers
 * "unavailable" (never sent, nothing taken).
 */

/** Why the passphrase cannot be used; staff are told which (terminal-service.ts). */
export type PassphraseProblem = 'none' | 'other-terminal' | 'keychain'

export class PassphraseUnavailable extends Error {
  override name = 'PassphraseUnavailable'
  constructor(
    readonly problem: PassphraseProblem,
    message: string,
  ) {
    super(message)
  }
}

/** A root certificate is a few kilobytes; a file far larger is the wrong file. */
export const MAX_ROOT_CERTIFICATE_BYTES = 256 * 1024

/** The terminal as set up in these settings; null when none is. */
export function installedTerminal(settings: Pick<Settings, 'terminal' | 'installationId'>, vault: CredentialVault): AdyenTerminal | null {
  const { terminal, installationId } = settings
  if (!terminal || !installationId) return null
  return new AdyenTerminal({
    address: terminal.address,
    poiid: terminal.poiid,
    saleId: installationId,
    keyIdentifier: terminal.keyIdentifier,
    keyVersion: terminal.keyVersion,
    environment: terminal.environment,
    passphrase: () => terminalPassphrase(vault, installationId, terminal),
    rootCertificate: () => readRootCertificate(terminal.rootCertificatePath),
  })
}

/**
 * The passphrase stored for exactly this terminal and key. The messages are
 * for the journal and staff: they say what to do and never carry the value.
 */
export async function terminalPassphrase(vault: CredentialVault, installationId: string, terminal: TerminalSettings): Promise<string> {
  let found: Awaited<ReturnType<typeof readTerminalPassphrase>>
  try {
    found = await readTerminalPassphrase(vault, installationId, terminal)
  } catch (error) {
    throw new PassphraseUnavailable('keychain', `the system keychain cannot be reached (${(error as Error).name})`)
  }
  if (found.state === 'none') throw new PassphraseUnavailable('none', `no passphrase is stored for terminal ${terminal.poiid}: enter it on the staff screen`)
  if (found.state === 'other-terminal') {
    throw new PassphraseUnavailable('other-terminal', `the stored passphrase was entered for another terminal, address or key: enter it again for ${terminal.poiid}`)
  }
  return found.passphrase
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).name

/**
 * The root certificate file as PEM (a DER file is turned into PEM). The
 * errors name the problem, not the path: paths stay out of logs.
 */
export async function readRootCertificate(path: string): Promise<string> {
  let contents: Buffer
  try {
    const file = await open(path, 'r')
    try {
      const { size } = await file.stat()
      if (size > MAX_ROOT_CERTIFICATE_BYTES) throw Object.assign(new Error('too large'), { code: 'EFBIG' })
      contents = await file.readFile()
    } finally {
      await file.close()
    }
  } catch (error) {
    throw new Error(`the root certificate file cannot be read (${errorCode(error)})`, { cause: error })
  }
  let certificate: X509Certificate
  try {
    certificate = new X509Certificate(contents)
  } catch {
    throw new Error('the root certificate file holds no certificate (it must be Adyen’s terminal root certificate, PEM)')
  }
  const text = contents.toString('utf8')
  // A PEM file is used as it is (it may hold more than one certificate); a DER file becomes PEM for TLS.
  return text.includes('-----BEGIN CERTIFICATE-----') ? text : certificate.toString()
}
