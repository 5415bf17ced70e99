import { profilesAndService } from './profiles-migration'
import { staffMigration } from './staff-migration'
import { dayCloses } from './migration-day-closes'
import { dashboardManagers } from './migration-dashboard-managers'
import { saleCodes } from './migration-sale-codes'
import { saleTables } from './migration-sale-tables'
import { backups } from './migration-backups'
import { rollouts } from './migration-rollouts'
import { supportFiles } from './migration-support-files'
import type { Migration } from './migration'

export type { Migration } from './migration'

/**
 * The hub's schema, as the migrations that build it, oldest first. A migration, once released, is
 * never edited: a change is a new one at the end, so a hub upgraded from any earlier version ends
 * with the same schema as a fresh one (tests/hub/migrations.test.ts upgrades a database made by the
 * previous one, with data in it). Times are timestamptz written from the hub's clock, never now(),
 * so the tests can move that clock.
 */

const devicesAndEnrolment: Migration = {
  version: 1,
  name: 'devices and enrolment',
  sql: `
    CREATE TABLE devices (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      place text NOT NULL DEFAULT '',
      -- SHA-256 of the device's token: the token itself is 256 random bits, so a fast hash is enough.
      token_hash text NOT NULL UNIQUE,
      enrolled_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE TABLE device_enrolment_codes (
      id uuid PRIMARY KEY,
      -- The HMAC key the code gives (hub/protocol/enrolment-proof.ts): the hub must prove it knows
      -- the code too, so it keeps what the proofs are made with, until the code expires.
      code_key text,
      device_name text NOT NULL,
      place text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      device_id uuid REFERENCES devices (id)
    );
    -- One row: wrong enrolment codes, counted across every hub process on this database.
    CREATE TABLE enrolment_lockout (
      id integer PRIMARY KEY CHECK (id = 1),
      failures integer NOT NULL DEFAULT 0,
      locked_until timestamptz
    );
    INSERT INTO enrolment_lockout (id) VALUES (1);
    CREATE TABLE managers (
      id uuid PRIMARY KEY,
      name text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE TABLE manager_enrolment_codes (
      id uuid PRIMARY KEY,
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      used_at timestamptz
    );
  `,
}

const heartbeatsAndRecords: Migration = {
  version: 2,
  name: 'heartbeats and device records',
  sql: `
    ALTER TABLE devices ADD COLUMN last_heartbeat_at timestamptz, ADD COLUMN last_heartbeat jsonb;
    -- The device's journal is the outbox; this is its copy at the hub. A record is stored once per
    -- device and device-made id, and a repeat is answered with what the first upload was answered.
    CREATE TABLE device_records (
      hub_record_id bigserial PRIMARY KEY,
      device_id uuid NOT NULL REFERENCES devices (id),
      device_record_id text NOT NULL,
      kind text NOT NULL,
      occurred_at timestamptz NOT NULL,
      payload jsonb NOT NULL,
      received_at timestamptz NOT NULL,
      UNIQUE (device_id, device_record_id)
    );
    CREATE INDEX device_records_by_time ON device_records (device_id, occurred_at);
  `,
}

const dashboard: Migration = {
  version: 3,
  name: 'manager sessions, lockouts, device states and alerts',
  sql: `
    -- A signed-in manager's session: the cookie's random id is kept only as its SHA-256, so any hub
    -- process on this database honours it and a copy of the database signs nobody in.
    CREATE TABLE manager_sessions (
      id_hash text PRIMARY KEY,
      manager_id uuid NOT NULL REFERENCES managers (id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    -- Wrong tries counted by what was tried: 'first-manager', or 'sign-in:' and a manager's name.
    CREATE TABLE lockouts (
      key text PRIMARY KEY,
      failures integer NOT NULL DEFAULT 0,
      locked_until timestamptz
    );
    -- The state the hub last told the manager, so that a change raises one alert whichever process sees it.
    ALTER TABLE devices ADD COLUMN state text NOT NULL DEFAULT 'offline', ADD COLUMN state_since timestamptz;
    UPDATE devices SET state = 'revoked', state_since = revoked_at WHERE revoked_at IS NOT NULL;
    UPDATE devices SET state_since = enrolled_at WHERE state_since IS NULL;
    CREATE TABLE alerts (
      id bigserial PRIMARY KEY,
      device_id uuid NOT NULL REFERENCES devices (id),
      from_state text NOT NULL,
      to_state text NOT NULL,
      reasons jsonb NOT NULL,
      raised_at timestamptz NOT NULL,
      acknowledged_by text,
      acknowledged_at timestamptz
    );
    CREATE INDEX alerts_newest_first ON alerts (raised_at DESC, id DESC);
  `,
}

const patronRetention: Migration = {
  version: 7,
  name: 'patron data forgotten past the device window',
  sql: `
    -- When the hub forgot the sale's patron (hub/storage/patron-table.ts): a device sending that sale
    -- again afterwards, with its patron, is sending the same record, not a different one.
    ALTER TABLE device_records ADD COLUMN patron_forgotten_at timestamptz;
    -- Only the sales still holding a patron: what each sweep looks through stays the size of the
    -- devices' windows, however many years of sales the hub keeps.
    CREATE INDEX device_records_holding_patron ON device_records (occurred_at)
      WHERE kind = 'sale' AND jsonb_typeof(payload->'patron') = 'object';
  `,
}

// Today (today-table.ts) sums the day's sales and refunds of every device: without an index on when
// they happened each read scanned every record the hub ever took, slower by the day over a season.
// Partial: only the kinds Today reads.
const dayIndex: Migration = {
  version: 8,
  name: 'an index on when sales and refunds happened, for Today',
  sql: `CREATE INDEX device_records_by_day ON device_records (occurred_at) WHERE kind IN ('sale', 'refund');`,
}

// A hub restored from a backup lacks what devices uploaded after it was taken, and the devices took those
// records as answered. Each restore is kept (hub/backup/restore-backup.ts), with the newest record id the
// backup held: every heartbeat's answer names the newest restore, and a device that has not seen it sends
// again the records the hub answered with a later id (electron/hub-link/hub-restore.ts).
const restores: Migration = {
  version: 12,
  name: 'restores from a backup, for devices to fill the gap',
  sql: `
    CREATE TABLE hub_restores (
      id uuid PRIMARY KEY,
      restored_at timestamptz NOT NULL,
      backup_created_at timestamptz NOT NULL,
      records_through bigint NOT NULL
    );
  `,
}

export const MIGRATIONS: readonly Migration[] = [
  devicesAndEnrolment,
  heartbeatsAndRecords,
  dashboard,
  staffMigration,
  profilesAndService,
  dayCloses,
  patronRetention,
  dayIndex,
  dashboardManagers,
  saleCodes,
  saleTables,
  restores,
  backups,
  rollouts,
  supportFiles,
]
