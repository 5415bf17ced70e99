/**
 * The venue's staff accounts, kept at the hub (issue #26). A PIN only as its Argon2id hash. `devices`
 * and `places` say where an account may work (both empty: anywhere in the venue). An account is
 * disabled, never deleted, so the journals' names keep meaning someone. `staff_version` is bumped by
 * every change a device must learn of; heartbeats carry it, and a device holding another version pulls.
 * `device_local_staff` is each device's own accounts, made before it joined, as it reports them, and
 * what the manager decided about each (merged into a hub account, or dropped).
 */
// Typed where it is listed (./migrations.ts): importing Migration here would make a cycle.
export const staffMigration = {
  version: 4,
  name: 'staff accounts at the hub',
  sql: `
    CREATE TABLE staff_accounts (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      role text NOT NULL CHECK (role IN ('cashier', 'supervisor', 'manager')),
      pin_hash text NOT NULL,
      devices jsonb NOT NULL DEFAULT '[]',
      places jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL,
      changed_at timestamptz NOT NULL,
      disabled_at timestamptz
    );
    -- Staff sign in by name: two active accounts may not share one (told apart without regard to case).
    CREATE UNIQUE INDEX staff_accounts_active_name ON staff_accounts (lower(name)) WHERE disabled_at IS NULL;
    CREATE TABLE staff_version (
      id integer PRIMARY KEY CHECK (id = 1),
      version bigint NOT NULL
    );
    INSERT INTO staff_version (id, version) VALUES (1, 1);
    CREATE TABLE device_local_staff (
      device_id uuid NOT NULL REFERENCES devices (id),
      local_staff_id uuid NOT NULL,
      name text NOT NULL,
      role text NOT NULL,
      reported_at timestamptz NOT NULL,
      decision text CHECK (decision IN ('merged', 'dropped')),
      merged_into uuid REFERENCES staff_accounts (id),
      decided_by text,
      decided_at timestamptz,
      PRIMARY KEY (device_id, local_staff_id)
    );
  `,
}
