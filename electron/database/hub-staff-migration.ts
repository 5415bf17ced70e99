/**
 * The journal's ninth version: the venue's staff accounts as this device last pulled them from the
 * box office's hub (electron/hub-link/staff-sync.ts), so a cashier signs in with their one PIN also
 * while the hub is unreachable. Each PIN only as the hub's Argon2id hash, never the PIN. `hub_staff_sync`
 * holds the version pulled (the heartbeat's answer says when the hub's differs) and the device's own
 * accounts the manager merged or dropped (a JSON list of their ids): those no longer sign in here.
 */
export const HUB_STAFF_TABLES = `CREATE TABLE hub_staff (
     staff_id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     role TEXT NOT NULL,
     pin_hash TEXT NOT NULL
   );
   CREATE TABLE hub_staff_sync (
     one INTEGER PRIMARY KEY CHECK (one = 1),
     version INTEGER NOT NULL,
     settled_local TEXT NOT NULL,
     synced_at INTEGER NOT NULL
   )`
