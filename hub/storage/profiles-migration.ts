/**
 * Profiles and service rules (issue #26, "Settings, once"). One revision counts every change to
 * either: a heartbeat's answer names it, and a device holding another pulls its own profile again.
 */
// Shaped as migrations.ts's Migration (not imported: migrations.ts imports this file).
export const profilesAndService = {
  version: 5,
  name: 'device profiles, groups and service rules',
  sql: `
    CREATE TABLE profiles (
      id uuid PRIMARY KEY,
      name text NOT NULL UNIQUE,
      -- The staff screen's settings by name (hub/protocol/device-profile.ts); the device judges their values.
      settings jsonb NOT NULL,
      overridable jsonb NOT NULL,
      updated_at timestamptz NOT NULL,
      updated_by text NOT NULL
    );
    ALTER TABLE devices ADD COLUMN profile_id uuid REFERENCES profiles (id), ADD COLUMN group_name text NOT NULL DEFAULT '';
    CREATE TABLE service_rules (
      id uuid PRIMARY KEY,
      -- venue (target ''), profile (its id), group (its name) or device (its id).
      scope text NOT NULL CHECK (scope IN ('venue', 'profile', 'group', 'device')),
      target text NOT NULL,
      rule jsonb NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE TABLE settings_revision (
      one integer PRIMARY KEY CHECK (one = 1),
      revision bigint NOT NULL
    );
    INSERT INTO settings_revision (one, revision) VALUES (1, 1);
  `,
}
