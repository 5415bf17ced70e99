import { randomInt } from 'node:crypto'
import { isAbsolute } from 'node:path'
import { z } from 'zod'
import { hasControlCharacter } from '../../hub/protocol'
import { parseTerminalAddress } from '../terminal-protocol/terminal-address'

/**
 * The card terminal of this kiosk or counter (one each), as staff set it up
 * on the staff screen: where it is on the venue network, which terminal it is
 * (POIID), which shared key Adyen's Customer Area gave it (identifier and
 * version; the passphrase is in the OS keychain, never here), test or live,
 * and the file of Adyen's terminal root certificate the box office installed.
 * Replaced whole: a terminal is either set up completely or not at all.
 *
 * The messages name the rule, never the value (a passphrase typed into the
 * wrong box must not come back in an error).
 */

/** Adyen names a terminal `[model]-[serial]`, e.g. `V400m-324688179`. */
export const POIID_PATTERN = /^[A-Za-z0-9]+-[A-Za-z0-9]+$/
export const MAX_POIID_LENGTH = 40
/** A shared key's identifier as Adyen's Customer Area lets one be named. */
export const KEY_IDENTIFIER_PATTERN = /^[A-Za-z0-9._-]{1,64}$/
export const MAX_KEY_VERSION = 999_999
export const MAX_CERTIFICATE_PATH_LENGTH = 1024

/**
 * This installation's id at its terminal (the nexo SaleID, what Adyen's
 * reports show as the till): letters, digits and dashes, at most 20. Also
 * names the passphrase's keychain entry, so it never holds a `/`.
 */
export const INSTALLATION_ID_PATTERN = /^[A-Za-z0-9-]{1,20}$/


export const terminalSettingsSchema = z
  .object({
    address: z
      .string()
      .max(300)
      .refine((value) => parseTerminalAddress(value) !== null && value === value.trim(), {
        error: 'must be an IP address or host name, with :port when not 8443',
      }),
    poiid: z
      .string()
      .max(MAX_POIID_LENGTH, { error: `must be at most ${MAX_POIID_LENGTH} characters` })
      .regex(POIID_PATTERN, { error: 'must be the terminal’s model and serial number, like V400m-324688179' }),
    keyIdentifier: z.string().regex(KEY_IDENTIFIER_PATTERN, { error: 'must be 1 to 64 characters of A-Z, a-z, 0-9, ".", "_" or "-"' }),
    keyVersion: z.int({ error: 'must be a whole number from 0 to 999999' }).min(0).max(MAX_KEY_VERSION),
    environment: z.enum(['test', 'live']),
    // Absolute: Foyer's working folder depends on how the kiosk was started, so a relative path would move.
    rootCertificatePath: z
      .string()
      .min(1, { error: 'must name the root certificate file' })
      .max(MAX_CERTIFICATE_PATH_LENGTH, { error: `must be at most ${MAX_CERTIFICATE_PATH_LENGTH} characters` })
      .refine((value) => isAbsolute(value) && !hasControlCharacter(value), { error: 'must be the full path of the file, from the drive or /' }),
  })
  .strict()
export type TerminalSettings = z.infer<typeof terminalSettingsSchema>

/** The settings fields staff can be told about one by one (the renderer words each). */
export const terminalFields = ['address', 'poiid', 'keyIdentifier', 'keyVersion', 'environment', 'rootCertificatePath'] as const

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'

/** A fresh installation id: `FOYER-` and 8 letters or digits (no I or O, which read as 1 and 0). */
export function newInstallationId(): string {
  let id = 'FOYER-'
  for (let i = 0; i < 8; i++) id += ALPHABET[randomInt(ALPHABET.length)]
  return id
}
