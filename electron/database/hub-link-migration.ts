/**
 * The journal's eighth version: the link to the box office's hub (electron/hub-link). `hub_link` is
 * this device's one enrolment (the hub's address, the certificate pinned at enrolment, the device id
 * the hub gave, and when the hub revoked it: a revoked device stays out of service across restarts).
 * The device token is not here: it is in the OS keychain (electron/vault/hub-device-token.ts).
 *
 * `hub_outbox` is each journal record on its way to the hub, made once from the journal with an id of
 * its own (`sale:<sale id>`, …) and its payload frozen as first made, so every upload of it is the same
 * record; `seq` is the order it is uploaded in. A row answered by the hub keeps the hub's id and when,
 * and drops its payload (the hub has it; patron data is not kept twice on the device).
 */
export const HUB_LINK_TABLES = `CREATE TABLE hub_link (
     one INTEGER PRIMARY KEY CHECK (one = 1),
     url TEXT NOT NULL,
     fingerprint TEXT NOT NULL,
     certificate_pem TEXT NOT NULL,
     device_id TEXT NOT NULL,
     name TEXT NOT NULL,
     place TEXT NOT NULL,
     enrolled_at INTEGER NOT NULL,
     revoked_at INTEGER,
     last_heartbeat_at INTEGER
   );
   CREATE TABLE hub_outbox (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     record_id TEXT NOT NULL UNIQUE,
     kind TEXT NOT NULL,
     occurred_at INTEGER NOT NULL,
     payload TEXT,
     hub_record_id TEXT,
     outcome TEXT,
     answered_at INTEGER
   );
   CREATE INDEX hub_outbox_waiting ON hub_outbox (seq) WHERE answered_at IS NULL;
   -- Each heartbeat looks for reprints not in the outbox yet: among the printed steps, not every step.
   CREATE INDEX sale_steps_printed ON sale_steps (sale_id, seq) WHERE step = 'printed'`
