/**
 * The journal's tenth version: every time the counter's cash drawer was sent its pulse (issue #34),
 * for what (cash taken, cash refunded, the float, the count, or no sale with its reason), who was
 * signed in, and whether the printer took the pulse. The X and Z reports count them by shift, and a
 * closed shift's upload carries them to the hub's End of day. Kept with the shift it happened in
 * (NULL: no shift open, a No sale before the float).
 */
export const DRAWER_OPENINGS_TABLE = `CREATE TABLE drawer_openings (
     opening_id INTEGER PRIMARY KEY AUTOINCREMENT,
     backend TEXT NOT NULL,
     shift_id TEXT,
     at INTEGER NOT NULL,
     purpose TEXT NOT NULL,
     reason TEXT,
     sale_id TEXT,
     opened_by TEXT,
     opened INTEGER NOT NULL,
     problems TEXT
   );
   CREATE INDEX drawer_openings_by_shift ON drawer_openings (shift_id, opening_id)`
