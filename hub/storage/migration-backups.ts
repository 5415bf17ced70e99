import type { Migration } from './migration'

/**
 * Backups, as the hub keeps them (issue #36 §2): every attempt, scheduled by the hub or asked for by
 * `foyer-hub backup`, with what came of it, so the dashboard, the alerts and /metrics read one record
 * whichever process took the backup (two hubs on one PostgreSQL, a cron job, the command line).
 *
 * A scheduled attempt is claimed before it starts: `scheduled_for` is unique, so of two hub processes on
 * one database reaching the hour together one takes the backup. `outcome` 'running' until it ends;
 * a process that died mid-backup leaves a 'running' row behind, which is never a good backup.
 *
 * Alerts were a device's only; a backup failing or getting old is an alert of the hub itself, in the same
 * list, stream and webhook: `subject` says which, and `device_id` is set for a device's alone. A backup
 * alert is cleared (`cleared_at`) by the next good backup; at most one of each problem is open at a time
 * (the partial unique index), so a hub failing every night, or every process on the database noticing
 * an old backup, raises it once.
 */
export const backups: Migration = {
  version: 13,
  name: 'backups kept on record, and alerts of the hub itself',
  sql: `
    CREATE TABLE hub_backups (
      id bigserial PRIMARY KEY,
      trigger text NOT NULL CHECK (trigger IN ('scheduled', 'command')),
      scheduled_for timestamptz UNIQUE,
      started_at timestamptz NOT NULL,
      finished_at timestamptz,
      file text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('running', 'ok', 'failed')),
      bytes bigint,
      error text,
      CHECK ((outcome = 'ok') = (bytes IS NOT NULL)),
      CHECK ((outcome = 'failed') = (error IS NOT NULL))
    );
    CREATE INDEX hub_backups_newest_good ON hub_backups (finished_at DESC) WHERE outcome = 'ok';
    CREATE INDEX hub_backups_newest ON hub_backups (started_at DESC, id DESC);
    ALTER TABLE alerts
      ALTER COLUMN device_id DROP NOT NULL,
      ADD COLUMN subject text NOT NULL DEFAULT 'device' CHECK (subject IN ('device', 'backup')),
      ADD COLUMN cleared_at timestamptz,
      ADD CONSTRAINT alerts_device_subject CHECK ((subject = 'device') = (device_id IS NOT NULL));
    CREATE UNIQUE INDEX alerts_one_open_backup_problem ON alerts (to_state) WHERE subject = 'backup' AND cleared_at IS NULL;
  `,
}
