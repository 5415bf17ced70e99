/**
 * Rollouts (issue #36 §4): which Foyer version each profile's devices take, pilots first, and every
 * step of each with who took it. Migration 14: 13 and 15 are other work's.
 */
// Typed where it is listed (./migrations.ts): importing Migration here would make a cycle.
export const rollouts = {
  version: 14,
  name: 'rollouts of Foyer versions to the devices of a profile',
  sql: `
    CREATE TABLE rollouts (
      id uuid PRIMARY KEY,
      profile_id uuid NOT NULL REFERENCES profiles (id),
      version text NOT NULL,
      -- The version "back" returns the profile's devices to.
      last_good text NOT NULL,
      -- The pilot devices' ids, as a JSON array of strings (a device's heartbeat answer asks "is it one?").
      pilots jsonb NOT NULL,
      rest_after_hours integer NOT NULL,
      -- The maintenance window, "HH:MM" on the hub's local clock; from after to runs past midnight.
      window_from text NOT NULL,
      window_to text NOT NULL,
      state text NOT NULL CHECK (state IN ('pilot', 'rest', 'held', 'back', 'replaced')),
      held_from text CHECK (held_from IN ('pilot', 'rest')),
      stage_since timestamptz NOT NULL,
      pilots_on_version_at timestamptz,
      created_at timestamptz NOT NULL
    );
    -- One rollout gives a profile's devices their version: a new one replaces the open one, in one transaction.
    CREATE UNIQUE INDEX rollouts_one_open_per_profile ON rollouts (profile_id) WHERE state <> 'replaced';
    -- Every step of a rollout with who took it (a manager's name, or 'hub' for the sweep's own): its audit.
    CREATE TABLE rollout_steps (
      id bigserial PRIMARY KEY,
      rollout_id uuid NOT NULL REFERENCES rollouts (id),
      step text NOT NULL,
      by_name text NOT NULL,
      at timestamptz NOT NULL
    );
    CREATE INDEX rollout_steps_by_rollout ON rollout_steps (rollout_id, id);
  `,
}
