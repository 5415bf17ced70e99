import { BackupStatus, DASHBOARD_PATHS } from '../../protocol'
import { backupRecord } from '../../storage/backup-table'
import { REFUSALS } from '../plugins/dashboard-rules'
import type { HubRoutes } from '../plugins/zod-schemas'

/** The hub's backups as a manager sees them (signed-in group): the last good one, a failure since, and the schedule. */
export const backupRoutes: HubRoutes = async (api) => {
  api.get(DASHBOARD_PATHS.backups, { schema: { response: { 200: BackupStatus, ...REFUSALS } } }, async () => {
    const { lastGood, failedSince } = await backupRecord(api.db)
    return {
      lastGood: lastGood && { at: lastGood.finished_at.toISOString(), file: lastGood.file, bytes: lastGood.bytes },
      lastFailure: failedSince && { at: failedSince.finished_at.toISOString(), file: failedSince.file, error: failedSince.error },
      schedule: api.hub.backupSchedule,
    }
  })
}
