import { z } from 'zod'
import { terminalStateSchema } from './checkout-channels'
import { pinTriedSchema } from './staff-channels'

/**
 * This kiosk's or counter's card terminal, as staff set it up (the staff
 * screen, with the PIN). The shared key's passphrase goes in through
 * terminal.storePassphrase and never comes back out: settings show only
 * whether one is stored for the terminal as set up now.
 *
 * The limits here only bound the message; main's settings file judges each
 * value and says which rule one broke (settings/terminal-settings.ts).
 */
export const terminalConfigSchema = z
  .object({
    /** The terminal's IP address or host name on the venue network, with :port when not 8443. */
    address: z.string().max(2048),
    /** Adyen's name for the terminal, `[model]-[serial]`. */
    poiid: z.string().max(2048),
    /** The shared key set up for it in Adyen's Customer Area. */
    keyIdentifier: z.string().max(2048),
    keyVersion: z.number(),
    environment: z.enum(['test', 'live']),
    /** Full path of Adyen's terminal root certificate file (PEM) on this machine. */
    rootCertificatePath: z.string().max(4096),
  })
  .strict()
export type TerminalConfigView = z.infer<typeof terminalConfigSchema>

export const terminalViewSchema = z
  .object({
    config: terminalConfigSchema,
    /** A passphrase is stored for exactly this terminal and key (a changed one needs it entered again). */
    hasPassphrase: z.boolean(),
    /** This installation's id at the terminal (the SaleID Adyen's reports show). */
    saleId: z.string(),
  })
  .nullable()
export type TerminalView = z.infer<typeof terminalViewSchema>

/**
 * What "Test terminal" found: the terminal's own states (checkout.terminal's),
 * and what stops Foyer from asking it at all: no terminal set up, no
 * passphrase stored for it (or one entered for another terminal or key), the
 * keychain not answering.
 */
export const terminalTestStateSchema = z.enum([...terminalStateSchema.options, 'not-set-up', 'passphrase-missing', 'passphrase-other-terminal', 'keychain-unavailable'])
export type TerminalTestState = z.infer<typeof terminalTestStateSchema>

const pin = pinTriedSchema

export const terminalChannels = {
  'terminal.storePassphrase': {
    request: z.object({ pin, passphrase: z.string().min(1).max(4096) }).strict(),
    response: z.object({ stored: z.literal(true) }),
  },
  /** Asks the terminal this kiosk sells through (a Diagnosis); on the training backend, the sandbox's simulator. */
  'terminal.test': {
    request: z.object({ pin }).strict(),
    response: z.object({
      state: terminalTestStateSchema,
      /** For staff and Adyen's support: what the terminal or the connection said (never the passphrase). */
      detail: z.string(),
      latencyMs: z.number(),
    }),
  },
} as const
