/**
 * The journal's next version: the profile and service rules this device pulled from the box office's
 * hub (electron/hub-link/profile-follower.ts), kept so that a restart, or a hub out of reach, changes
 * nothing of them: the hours and closures go on being obeyed on the device's own clock.
 *
 * `document` is the hub's answer as pulled (hub/protocol/device-profile.ts), `revision` its revision;
 * `applied_revision` the one whose settings are in settings.json (behind it while a sale holds the
 * change back), `refused` the setting the device's rules refused in it, and `overrides` the settings
 * the profile lets staff change here that staff did change (a later profile leaves those alone).
 */
export const HUB_PROFILE_TABLE = `CREATE TABLE hub_profile (
     one INTEGER PRIMARY KEY CHECK (one = 1),
     revision TEXT NOT NULL,
     document TEXT NOT NULL,
     applied_revision TEXT,
     refused TEXT,
     overrides TEXT NOT NULL DEFAULT '[]'
   )`
