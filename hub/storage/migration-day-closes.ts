import type { Migration } from './migration'

/**
 * A hub day closed by a manager (issue #26). The figures are kept as they were at the close, so a
 * record of that day uploaded afterwards can only mark the day amended, never change what was closed.
 * `last_record_id`: the newest record the close had counted (taken while no upload could commit), so a
 * late record is one stored after it, whatever the clocks said.
 */
export const dayCloses: Migration = {
  version: 6,
  name: 'days closed',
  sql: `
    CREATE TABLE day_closes (
      day date PRIMARY KEY,
      closed_by text NOT NULL,
      closed_at timestamptz NOT NULL,
      figures jsonb NOT NULL,
      last_record_id bigint NOT NULL
    );
    CREATE INDEX device_records_by_hub_time ON device_records (occurred_at);
  `,
}
