import { SupportFileView } from '../../protocol'
import type { Queryable } from '../../storage/database'
import { newestSupportFiles, supportFileById, type SupportFileRow } from '../../storage/support-file-table'

/** A support file as the dashboard is shown it: asked until the device sent it, then ready, downloaded once someone has. */
export function supportFileView(row: SupportFileRow): SupportFileView {
  const downloaded = row.downloaded_by && row.downloaded_at ? { by: row.downloaded_by, at: row.downloaded_at.toISOString() } : null
  return SupportFileView.parse({
    id: row.id,
    deviceId: row.device_id,
    state: row.received_at === null ? 'asked' : downloaded ? 'downloaded' : 'ready',
    askedBy: row.asked_by,
    askedAt: row.asked_at.toISOString(),
    madeAt: row.made_at?.toISOString() ?? null,
    receivedAt: row.received_at?.toISOString() ?? null,
    bytes: row.bytes,
    downloaded,
  })
}

export async function supportFileViews(db: Queryable): Promise<SupportFileView[]> {
  return (await newestSupportFiles(db)).map(supportFileView)
}

export async function supportFileViewById(db: Queryable, fileId: string): Promise<SupportFileView | undefined> {
  const row = await supportFileById(db, fileId)
  return row && supportFileView(row)
}
