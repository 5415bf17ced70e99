/**
 * Every code a stored sale is found by, one row each (issue #34, #35): its booking reference, its payment
 * reference and each of its payments' references (kind 'reference' and 'payment', the dashboard's lookup
 * by reference), and each ticket's barcode (kind 'ticket', which a counter's scanner reads). Without it
 * each lookup read every sale's payload the hub ever took, slower by the day over a season; with it a
 * lookup is one read of `sale_codes_by_code`.
 *
 * `sale_codes_of` says which codes a payload has, once, for both the insert that stores a record
 * (./record-table.ts fills this table in the same statement) and the backfill below. It reads what it is
 * given defensively (a string where a string is expected, an array where an array is), so that no stored
 * payload can make the migration, or an upload, fail. A change to it is a new migration.
 *
 * Codes are kept as the device sent them, and indexed by lower(): a counter scans a code in any case, as
 * its own journal's NOCASE index finds it (electron/journal/sale-codes.ts), while the dashboard's lookup
 * by reference still matches the case given (./sale-lookup-table.ts). Empty strings are no code.
 */
// Typed where it is listed (./migrations.ts): importing Migration here would make a cycle.
export const saleCodes = {
  version: 10,
  name: 'an index of the codes sales are found by',
  sql: `
    CREATE FUNCTION sale_codes_of(payload jsonb) RETURNS TABLE (code text, kind text)
    LANGUAGE sql IMMUTABLE AS $$
      SELECT found.c, found.k FROM (
        SELECT payload->>'bookingReference', 'reference'
         WHERE jsonb_typeof(payload->'bookingReference') = 'string'
        UNION
        SELECT payload->>'paymentReference', 'payment'
         WHERE jsonb_typeof(payload->'paymentReference') = 'string'
        UNION
        SELECT p->>'reference', 'payment'
          FROM jsonb_array_elements(CASE WHEN jsonb_typeof(payload->'payments') = 'array' THEN payload->'payments' ELSE '[]' END) p
         WHERE jsonb_typeof(p->'reference') = 'string'
        UNION
        SELECT t #>> '{}', 'ticket'
          FROM jsonb_array_elements(CASE WHEN jsonb_typeof(payload->'ticketCodes') = 'array' THEN payload->'ticketCodes' ELSE '[]' END) t
         WHERE jsonb_typeof(t) = 'string'
      ) AS found (c, k)
       WHERE found.c <> ''
    $$;
    CREATE TABLE sale_codes (
      code text NOT NULL CHECK (code <> ''),
      hub_record_id bigint NOT NULL REFERENCES device_records (hub_record_id),
      kind text NOT NULL CHECK (kind IN ('reference', 'payment', 'ticket')),
      PRIMARY KEY (hub_record_id, kind, code)
    );
    CREATE INDEX sale_codes_by_code ON sale_codes (lower(code));
    -- A found sale's refunds and reprints are read by its device and sale id: without this, that read went
    -- through every record the selling device ever uploaded.
    CREATE INDEX device_records_by_sale ON device_records (device_id, (payload->>'saleId'));
    INSERT INTO sale_codes (code, hub_record_id, kind)
      SELECT c.code, r.hub_record_id, c.kind FROM device_records r, sale_codes_of(r.payload) c
       WHERE r.kind = 'sale';
  `,
}
