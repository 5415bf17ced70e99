import type { Migration } from './migration'

/**
 * Support files asked for from the office (issue #36 §5, hub/protocol/support-file.ts). A request is a
 * row until the device answers it with its file (kept as the JSON text the hub read it as: PostgreSQL's
 * jsonb refuses the \u0000 a log line may hold). `support_file_audit` is who did what with each, in
 * order, never updated: asked and downloaded by the manager signed in, made for the manager who asked.
 * One open request a device (a partial unique index): asked twice before the device answers is one request;
 * a heartbeat asks whether its device has a file wanted, and only open requests are in that index.
 */
export const supportFiles: Migration = {
  version: 15,
  name: 'support files asked for from the office, and who asked, and downloaded',
  sql: `
    CREATE TABLE support_files (
      id uuid PRIMARY KEY,
      device_id uuid NOT NULL REFERENCES devices (id),
      asked_by text NOT NULL,
      asked_at timestamptz NOT NULL,
      made_at timestamptz,
      received_at timestamptz,
      bytes integer,
      content text,
      CHECK ((received_at IS NULL) = (content IS NULL))
    );
    CREATE INDEX support_files_by_device ON support_files (device_id, asked_at DESC);
    CREATE UNIQUE INDEX support_files_wanted ON support_files (device_id) WHERE received_at IS NULL;
    CREATE TABLE support_file_audit (
      id bigserial PRIMARY KEY,
      support_file_id uuid NOT NULL REFERENCES support_files (id),
      device_id uuid NOT NULL REFERENCES devices (id),
      what text NOT NULL CHECK (what IN ('asked', 'made', 'downloaded')),
      manager_name text NOT NULL,
      at timestamptz NOT NULL
    );
    CREATE INDEX support_file_audit_by_file ON support_file_audit (support_file_id, id);
  `,
}
