import { z } from 'zod'

/**
 * A device's support file asked for from the office (issue #36 §5): a manager asks on the dashboard, the
 * hub says so in the device's next heartbeat answer (`supportFileWanted`), the device makes the file
 * "Save logs for support" makes (electron/services/support-bundle.ts: the newest logs, the journal's last
 * steps without patron columns, the settings as the staff screen shows them, all redacted) and uploads it
 * once; the manager downloads it. Asked, made and downloaded are kept at the hub with the manager's name.
 */
export const SUPPORT_FILE_PATHS = {
  /** Device, POST SupportFileUpload (200 SupportFileUploadAnswer). */
  upload: '/device/support-file',
  /** Dashboard, POST `/api/devices/:id/support-file`: ask for the device's file (200 SupportFileView). */
  ask: (deviceId: string) => `/api/devices/${encodeURIComponent(deviceId)}/support-file`,
  /** Dashboard, GET: each device's newest support file (SupportFilesAnswer). */
  list: '/api/support-files',
  /** Dashboard, GET `/api/support-files/:id/file`: the file itself, as an attachment. */
  download: (fileId: string) => `/api/support-files/${encodeURIComponent(fileId)}/file`,
} as const

/**
 * The largest upload the hub takes: the logs are cut to 4 MB of text on the device (electron/logging/recent-logs.ts),
 * written again as JSON with the journal's steps and the settings beside them.
 */
export const SUPPORT_FILE_MAX_BYTES = 12 * 1024 * 1024

const Iso = z.iso.datetime({ offset: true })

/** One journal step as the support file gives it (electron/journal/recent-steps.ts): a column that did not read is kept as text. */
const SupportStep = z.looseObject({ saleId: z.string(), step: z.string(), at: z.string(), detail: z.unknown() })

/**
 * The support file as the device makes it. The hub reads what it is given by this before it keeps it:
 * only a file of this shape is stored, and what the download sends is read by it again. A log line, a
 * step's detail and a setting's value are whatever JSON the device wrote (it is read from JSON text, so
 * JSON it is): walked value by value (z.json), 30,000 log lines held the hub's thread for 340 ms.
 */
export const SupportFile = z.object({
  kind: z.literal('foyer-support'),
  savedAt: Iso,
  system: z.looseObject({ appVersion: z.string().max(100), mode: z.string().max(40), backend: z.string().max(40) }),
  settings: z.record(z.string().max(100), z.unknown()),
  journal: z.array(SupportStep).max(1000),
  logs: z.array(z.object({ file: z.string().min(1).max(200), lines: z.array(z.unknown()).max(500_000) })).max(500),
})
export type SupportFile = z.infer<typeof SupportFile>

/** What the device sends: the file, for the request the heartbeat answer named. */
export const SupportFileUpload = z.object({ requestId: z.uuid(), file: SupportFile })
export type SupportFileUpload = z.infer<typeof SupportFileUpload>

/**
 * `stored`: kept now. `already-stored`: this request's file was kept before (a repeat keeps the first).
 * `not-asked`: no request of this device by that id (withdrawn, another device's): the device stops.
 */
export const SupportFileUploadAnswer = z.object({ outcome: z.enum(['stored', 'already-stored', 'not-asked']) })
export type SupportFileUploadAnswer = z.infer<typeof SupportFileUploadAnswer>

/** In a heartbeat's answer: the request the device is to answer with a support file. */
export const SupportFileWanted = z.object({ id: z.uuid() })

/** Asked (the device has not sent it yet), ready (at the hub), downloaded (at least once). */
export const SupportFileState = z.enum(['asked', 'ready', 'downloaded'])
export type SupportFileState = z.infer<typeof SupportFileState>

/** A device's support file on the dashboard, and who did what with it. */
export const SupportFileView = z.object({
  id: z.uuid(),
  deviceId: z.uuid(),
  state: SupportFileState,
  askedBy: z.string(),
  askedAt: Iso,
  /** When the device made it (its own clock), and when the hub had it. */
  madeAt: Iso.nullable(),
  receivedAt: Iso.nullable(),
  bytes: z.number().int().nonnegative().nullable(),
  /** The last download. */
  downloaded: z.object({ by: z.string(), at: Iso }).nullable(),
})
export type SupportFileView = z.infer<typeof SupportFileView>

export const SupportFilesAnswer = z.object({ supportFiles: z.array(SupportFileView) })
export type SupportFilesAnswer = z.infer<typeof SupportFilesAnswer>
