import { z } from 'zod'
import { PrintedPayload, RefundPayload, ReprintPayload, SalePayload, ShiftPayload } from './record-payloads'

export * from './record-payloads'

const envelope = {
  deviceRecordId: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/),
  occurredAt: z.iso.datetime({ offset: true }),
}

/**
 * One journal record on its way to the hub. The device's journal is the outbox, and `deviceRecordId`
 * is made by the device, once (`sale:<sale id>`, `refund:<sale id>:<payment no.>`, `printed:<sale id>`, …), so an upload
 * retried after any failure is the same record. Each kind's payload has its schema (./record-payloads.ts):
 * the hub parses it on upload, and a record it cannot read refuses the batch.
 */
export const RecordEnvelope = z.discriminatedUnion('kind', [
  z.object({ ...envelope, kind: z.literal('sale'), payload: SalePayload }),
  z.object({ ...envelope, kind: z.literal('refund'), payload: RefundPayload }),
  z.object({ ...envelope, kind: z.literal('printed'), payload: PrintedPayload }),
  z.object({ ...envelope, kind: z.literal('reprint'), payload: ReprintPayload }),
  z.object({ ...envelope, kind: z.literal('shift'), payload: ShiftPayload }),
])
export type RecordEnvelope = z.infer<typeof RecordEnvelope>
export type RecordKind = RecordEnvelope['kind']

/** A batch holds at most this many records. */
export const UPLOAD_BATCH_MAX = 100

/** POST /device/records: a batch, oldest first as the journal holds them (the hub does not depend on it). */
export const UploadRequest = z.object({ records: z.array(RecordEnvelope).min(1).max(UPLOAD_BATCH_MAX) })
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
