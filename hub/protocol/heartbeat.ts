import { z } from 'zod'
import { PatronDays } from './record-payloads'
import { HeartbeatProfile, HeartbeatSecrets } from './device-profile'
import { UpdateOrder, UpdateReport } from './fleet-update'
import { SupportFileWanted } from './support-file'

/** The printer problems a device knows (electron/printers/printer-port.ts), in the same words. */
export const PrinterProblem = z.enum([
  'no-paper',
  'paper-low',
  'paper-jam',
  'cutter-jam',
  'cover-open',
  'offline',
  'paused',
  'refusing-jobs',
  'not-answering',
  'printer-fault',
])

export const PrinterState = z.discriminatedUnion('state', [
  z.object({ state: z.literal('ready') }),
  z.object({ state: z.literal('paper-low'), problems: z.array(PrinterProblem).max(10) }),
  z.object({ state: z.literal('cannot-print'), problems: z.array(PrinterProblem).min(1).max(10) }),
])

/**
 * The card terminal as the device last found it: `ready` or `busy` (taking a card) can take cards;
 * the rest cannot (not answering, its certificate or key refused, or none set up: cash only).
 */
export const TerminalState = z.enum(['ready', 'busy', 'not-answering', 'not-trusted', 'key-refused', 'not-set-up'])

/**
 * The cash drawer on a counter's receipt printer, as the printer last reported its switch: `open` since
 * when (the hub shows a drawer left open), `closed`, or `unknown` (the printer did not answer). Absent:
 * no drawer set up, or a device from before drawers.
 */
export const DrawerState = z.object({ state: z.enum(['open', 'closed', 'unknown']), openSince: z.iso.datetime({ offset: true }).nullable() })
export type DrawerState = z.infer<typeof DrawerState>

/** POST /device/heartbeat, every 15 s, with the device's token in `authorization: Bearer …`. */
export const Heartbeat = z.object({
  appVersion: z.string().min(1).max(40),
  mode: z.enum(['self-service', 'counter']),
  backend: z.enum(['training', 'staging', 'production']),
  /** What the screen is doing now. */
  screen: z.enum(['attract', 'selling', 'at-terminal', 'printing', 'staff']),
  seatsHeld: z.number().int().nonnegative().max(100_000),
  terminal: z.object({ state: TerminalState, since: z.iso.datetime({ offset: true }) }),
  printer: PrinterState,
  /** Journal records not yet answered by the hub. */
  uploadsWaiting: z.number().int().nonnegative(),
  lastSaleAt: z.iso.datetime({ offset: true }).nullable(),
  freeDiskBytes: z.number().int().nonnegative(),
  /**
   * The device's patron window now (its staff setting): the hub forgets a sale's patron once it is
   * older than this or than the window the sale was sent with, whichever is shorter.
   */
  patronDays: PatronDays,
  /** The device's clock when it sent this: the hub shows how far it is off. */
  sentAt: z.iso.datetime({ offset: true }),
  /** The profile revision the device holds and whether it is applied (absent: a device from before profiles). */
  profile: HeartbeatProfile.optional(),
  /** Whether the vendor secret and the terminal's passphrase are in its keychain: the hub shows who lacks one. */
  secrets: HeartbeatSecrets.optional(),
  /** The counter's cash drawer (absent: none set up). */
  drawer: DrawerState.optional(),
  /** What the device did with the version the hub gave it (absent: a device from before rollouts, or one never given one). */
  update: UpdateReport.optional(),
})
export type Heartbeat = z.infer<typeof Heartbeat>

/** A heartbeat as the hub kept it: one kept before devices said their patron window has none. */
export const StoredHeartbeat = Heartbeat.partial({ patronDays: true })
export type StoredHeartbeat = z.infer<typeof StoredHeartbeat>

/**
 * 200. `revoked`: the manager has locked this device; it goes out of service and sells nothing more.
 * `staffVersion`: the venue's staff accounts as of this version; a device holding another pulls them
 * (hub/protocol/staff-sync.ts). Absent from an older hub, which has none.
 */
export const HeartbeatAnswer = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    hubTime: z.iso.datetime(),
    staffVersion: z.number().int().nonnegative().optional(),
    /** The newest revision of profiles and service rules: a device holding another pulls its own (./device-profile.ts). */
    profileRevision: z.string().regex(/^\d{1,18}$/).optional(),
    /**
     * The hub was restored from a backup (the newest restore): it lacks the records it answered after the
     * backup, that is those it gave an id above `recordsThrough`. A device that has not seen this restore
     * yet sends those again (each still stored once: the hub keeps one per device and record id).
     */
    restored: z.object({ id: z.uuid(), recordsThrough: z.string().regex(/^\d{1,19}$/) }).optional(),
    /** The Foyer version this device may take now (./fleet-update.ts); absent: no rollout covers it. */
    update: UpdateOrder.optional(),
    /** A manager asked for this device's support file: it makes it and uploads it (./support-file.ts). Absent: none is wanted. */
    supportFileWanted: SupportFileWanted.optional(),
  }),
  z.object({ status: z.literal('revoked') }),
])
export type HeartbeatAnswer = z.infer<typeof HeartbeatAnswer>
