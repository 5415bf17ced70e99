import { RecordEnvelope } from '../../hub/protocol'

/**
 * A record for the hub is read through RecordEnvelope twice: once made (journal-records.ts, before its payload is
 * frozen in the journal), and again read back from the journal for each upload (outbox.ts). The schema is most of
 * what an upload batch costs main (half of it, measured for issue #35: a sale's payload is a dozen strict objects),
 * and the same text read by the same schema reads the same. So the records made lately are kept here as the exact
 * text they were checked as, and a record read back as that very text is not read by the schema again; any other
 * (made by an older Foyer, before a restart, or changed on the disk since) is read by it, as before.
 *
 * Kept by their text, at most CHECKED_CHARS of it, the oldest forgotten first: a few minutes of sales waiting for
 * their upload, without letting a sale of five hundred tickets' codes crowd the memory.
 */
const CHECKED_CHARS = 2_000_000
const checked = new Set<string>()
let chars = 0

interface RecordText {
  deviceRecordId: string
  kind: string
  occurredAt: string
  /** The payload as the journal keeps it (JSON). */
  payload: string
}

/** Every part of the record: the same key is the same record, to the character. */
const keyOf = (r: RecordText) => `${r.deviceRecordId}\n${r.kind}\n${r.occurredAt}\n${r.payload}`

/** A record just made and checked by RecordEnvelope, as the text the journal keeps. */
export function checkedRecord(record: RecordText): void {
  const key = keyOf(record)
  if (checked.has(key)) return
  checked.add(key)
  chars += key.length
  for (const oldest of checked) {
    if (chars <= CHECKED_CHARS) break
    checked.delete(oldest)
    chars -= oldest.length
  }
}

/** A record read back from the journal, as the hub will be sent it: read by the schema unless it is one checked as this very text. */
export function recordReadBack(record: RecordText): RecordEnvelope {
  const envelope = { deviceRecordId: record.deviceRecordId, kind: record.kind, occurredAt: record.occurredAt, payload: JSON.parse(record.payload) as unknown }
  return checked.has(keyOf(record)) ? (envelope as RecordEnvelope) : RecordEnvelope.parse(envelope)
}
