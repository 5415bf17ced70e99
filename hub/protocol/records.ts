import { z } from 'zod'

/**
 * One journal record on its way to the hub. The device's journal is the outbox, and `deviceRecordId`
 * is made by the device, once, so an upload retried after any failure is the same record.
 *
 * A minimal envelope for now: the journal's sale shape is being reworked (issue #23), so `payload` is
 * any JSON here and each kind's schema is checked at the hub in a later slice, once that shape settles.
 */
export const RecordEnvelope = z.object({
  deviceRecordId: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/),
  kind: z.enum(['sale', 'refund', 'reprint', 'shift']),
  occurredAt: z.iso.datetime({ offset: true }),
  payload: z.json(),
})
export type RecordEnvelope = z.infer<typeof RecordEnvelope>

/** POST /device/records: a batch, oldest first as the journal holds them (the hub does not depend on it). */
export const UploadRequest = z.object({ records: z.array(RecordEnvelope).min(1).max(100) })
export type UploadRequest = z.infer<typeof UploadRequest>

/**
 * Per record, in the request's order. `stored`: the hub has it (now, or from an earlier upload: a
 * repeat gets the very answer the first upload got). `conflict`: the hub already holds a different
 * record under that id and kept the first: a device fault to look into, never overwritten.
 */
export const UploadResult = z.discriminatedUnion('outcome', [
  z.object({
    deviceRecordId: z.string(),
    outcome: z.literal('stored'),
    hubRecordId: z.string().regex(/^\d+$/),
    receivedAt: z.iso.datetime(),
  }),
  z.object({ deviceRecordId: z.string(), outcome: z.literal('conflict') }),
])
export type UploadResult = z.infer<typeof UploadResult>

export const UploadAnswer = z.object({ results: z.array(UploadResult) })
export type UploadAnswer = z.infer<typeof UploadAnswer>
