import { z } from 'zod'
import { plainText } from '../../hub/protocol'
import { terminalPlaceSchema } from './audio-guidance'
import { cashDrawerSchema, displayIdSchema } from './counter-station'
import { appModeSchema, backendKindSchema } from './base'
import { saleLanguageSchema, tenderSchema } from './checkout-channels'
import { kioskChannels } from './kiosk-channels'
import { printerAdminChannels, printerConfigSchema } from './printer-channels'
import { hubChannels } from './hub-channels'
import { errorReplySchema } from './reply'
import { newPinSchema, pinTriedSchema, staffChannels, staffNameSchema } from './staff-channels'
import { staffNoteViewSchema } from './staff-note'
import { supportChannels } from './support-channels'
import { terminalChannels, terminalConfigSchema, terminalViewSchema } from './terminal-channels'

/**
 * Staff-only channels: the staff PIN, settings, vendor credentials and the
 * card terminal. Every change takes the PIN. The client secret goes in through
 * credentials.store, the terminal's passphrase through terminal.storePassphrase,
 * and neither ever comes back out: no answer of any channel carries them.
 */
/** Every `pin` below is a supervisor's (staff-channels.ts): settings are theirs to change, not a cashier's. */
const pin = pinTriedSchema
const newPin = newPinSchema
const vendorBackend = z.enum(['staging', 'production'])

export const backendConfigSchema = z
  .object({
    baseUrl: z.string().max(2048),
    authUrl: z.string().max(2048),
    imageBaseUrl: z.string().max(2048),
    tenant: z.string().min(1).max(64),
    clientId: z.string().min(1).max(200),
  })
  .strict()
export type BackendConfigView = z.infer<typeof backendConfigSchema>

const configuredBackend = z.object({ config: backendConfigSchema, hasSecret: z.boolean() }).nullable()

/**
 * Where and how often this kiosk looks for a new Foyer. feedUrl null: the
 * installer's own feed. The settings file checks the values (an https
 * address, 5 to 1440 minutes); environment variables on the machine still
 * override them (services/update-feed.ts).
 */
export const updateSettingsSchema = z
  .object({
    enabled: z.boolean(),
    feedUrl: z.string().max(2048).nullable(),
    checkEveryMinutes: z.number().int(),
    /** Whether a kiosk selling against the training sandbox updates too. */
    onTraining: z.boolean(),
  })
  .strict()
export type UpdateSettingsView = z.infer<typeof updateSettingsSchema>

/** Settings as staff see them: everything but secrets, and whether each secret is stored. */
export const settingsViewSchema = z.object({
  mode: appModeSchema,
  backend: backendKindSchema,
  holdWindowMinutes: z.number().int(),
  idleSeconds: z.number().int(),
  /** Whether a supervisor account exists (without one, the enrolment code makes the first). */
  pinSet: z.boolean(),
  /** How far the counted drawer may be from the expected cash before a supervisor must approve the close. */
  cashToleranceCents: z.number().int(),
  /** Minutes without a touch before a counter signs its cashier out. */
  counterLockMinutes: z.number().int(),
  /** When the ticket printer cannot print, a self-service kiosk sells e-tickets only (saying so) instead of nothing. */
  eticketsWhenCannotPrint: z.boolean(),
  /** The languages the kiosk's and counter's language choice offers, the venue's first language (the attract screen's) first. */
  languages: z.array(saleLanguageSchema),
  /** How many times longer the idle time and a new seat hold are for a customer in audio mode (1 to 4; the hold within the vendor's). */
  audioTimeFactor: z.number().int(),
  /** Where the card terminal is as the customer faces this kiosk, for the payment screen to say; `unset`: nobody said. */
  terminalPlace: terminalPlaceSchema,
  /** The cash drawer on the receipt printer's drawer port (pin 2 or 5), or none. */
  cashDrawer: cashDrawerSchema,
  /** Whether a counter shows the customer a screen of their own, and on which display (null: the first not the cashier's). */
  customerDisplay: z.boolean(),
  customerDisplayId: displayIdSchema.nullable(),
  /** Whether a counter reads a keyboard-wedge barcode scanner. */
  barcodeScanner: z.boolean(),
  /** The guest patron's e-mail for anonymous walk-up sales at the counter (read-only here; changed with the PIN). */
  boxOfficeEmail: z.string(),
  /** Days the journal keeps a sale's patron e-mail, names, phone and address before forgetting them. */
  patronDataDays: z.number().int(),
  backends: z.object({ staging: configuredBackend, production: configuredBackend }),
  updates: updateSettingsSchema,
  /** This kiosk's or counter's card terminal for vendor backends (training pays at the sandbox's own); null: none set up. */
  terminal: terminalViewSchema,
  /** The ticket printer staff chose (the system printer unless they chose another). */
  printer: printerConfigSchema,
})
export type SettingsView = z.infer<typeof settingsViewSchema>

export const pinCheckSchema = z.object({
  ok: z.boolean(),
  /** not-supervisor: a right PIN, but a cashier's, where a supervisor's is needed. */
  reason: z.enum(['wrong', 'locked', 'not-set', 'not-supervisor']).optional(),
  retryAfterSeconds: z.number().int().optional(),
})

/** A sale staff must look at (the recovery screen): what happened and what to do, as message keys the screen translates. */
export const saleAttentionSchema = z.object({
  saleId: z.string(),
  reference: z.string().nullable(),
  state: z.string(),
  tender: tenderSchema,
  amountCents: z.number().int(),
  note: staffNoteViewSchema,
  createdAt: z.string(),
})
export type SaleAttention = z.infer<typeof saleAttentionSchema>

export const adminChannels = {
  'staff.salesNeedingAttention': {
    request: z.object({ pin }).strict(),
    response: z.array(saleAttentionSchema),
  },
  'staff.resolveSale': {
    request: z.object({ pin, saleId: z.uuid(), how: plainText(500, 1) }).strict(),
    response: saleAttentionSchema,
  },
  /** Prints what of a sale's tickets and receipt did not come out (the printer stopped mid-sale), on the printer chosen now. */
  'staff.reprintSale': {
    request: z.object({ pin, saleId: z.uuid() }).strict(),
    response: z.object({ printed: z.boolean() }),
  },
  'staff.verify': {
    request: z.object({ pin: z.string().max(16) }).strict(),
    response: pinCheckSchema,
  },
  'staff.setPin': {
    // The first supervisor (none yet) takes the machine's one-time enrolment code instead of a current PIN, and
    // their name ("Supervisor" when none is given). Later: `name`'s own PIN, changed with their current one.
    request: z.object({ name: staffNameSchema.optional(), currentPin: pin.optional(), newPin, enrolmentCode: z.string().max(64).optional() }).strict(),
    response: z.object({ ok: z.literal(true) }),
  },
  'settings.get': {
    request: z.object({}).strict(),
    response: settingsViewSchema,
  },
  'settings.update': {
    request: z
      .object({
        pin,
        patch: z
          .object({
            mode: appModeSchema.optional(),
            backend: backendKindSchema.optional(),
            holdWindowMinutes: z.number().int().optional(),
            idleSeconds: z.number().int().optional(),
            cashToleranceCents: z.number().int().optional(),
            counterLockMinutes: z.number().int().optional(),
            eticketsWhenCannotPrint: z.boolean().optional(),
            // Main judges the list (at least one, each once); this only bounds its size.
            languages: z.array(saleLanguageSchema).max(8).optional(),
            audioTimeFactor: z.number().int().optional(),
            terminalPlace: terminalPlaceSchema.optional(),
            cashDrawer: cashDrawerSchema.optional(),
            customerDisplay: z.boolean().optional(),
            customerDisplayId: displayIdSchema.nullable().optional(),
            barcodeScanner: z.boolean().optional(),
            boxOfficeEmail: z.string().max(254).optional(),
            patronDataDays: z.number().int().optional(),
            staging: backendConfigSchema.nullable().optional(),
            production: backendConfigSchema.nullable().optional(),
            // Any of the update fields on its own; the others keep their values.
            updates: updateSettingsSchema.partial().optional(),
            // The terminal replaced whole, or null to remove it.
            terminal: terminalConfigSchema.nullable().optional(),
            // The printer replaced whole.
            printer: printerConfigSchema.optional(),
          })
          .strict(),
      })
      .strict(),
    response: settingsViewSchema,
  },
  'credentials.store': {
    request: z.object({ pin, backend: vendorBackend, clientSecret: z.string().min(1).max(4096) }).strict(),
    response: z.object({ stored: z.literal(true) }),
  },
  'credentials.test': {
    request: z.object({ pin, backend: backendKindSchema }).strict(),
    response: z.object({ ok: z.boolean(), latencyMs: z.number(), error: errorReplySchema.optional() }),
  },
  /** Leaving the self-service kiosk lock is a staff action too (same PIN, same lockout). */
  ...kioskChannels,
  ...terminalChannels,
  ...printerAdminChannels,
  ...staffChannels,
  ...supportChannels,
  ...hubChannels,
} as const
