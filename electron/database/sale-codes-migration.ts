/**
 * The journal's eleventh version: every code a sale can be scanned by (its booking reference, each ticket's
 * barcode), one row each, so a counter's scanner finds the sale with one indexed lookup
 * (electron/journal/sale-codes.ts) instead of reading every sale's order JSON (a row that cannot be read is skipped, as the journal's reading refuses it): a kiosk's lookups must
 * cost the same after a year of sales as on its first day (issue #35). Filled as each sale's reference
 * and order are journalled; the sales already kept are indexed here, in the migration's transaction.
 * NOCASE: a reference scanned off a QR or typed in lower case is the same reference (barcodes are digits).
 */
export const SALE_CODES_TABLE = `CREATE TABLE sale_codes (
     code TEXT NOT NULL COLLATE NOCASE,
     sale_id TEXT NOT NULL REFERENCES sales (sale_id),
     kind TEXT NOT NULL,
     PRIMARY KEY (code, sale_id)
   );
   INSERT OR IGNORE INTO sale_codes (code, sale_id, kind)
     SELECT reference, sale_id, 'reference' FROM sales WHERE reference IS NOT NULL AND reference <> '';
   INSERT OR IGNORE INTO sale_codes (code, sale_id, kind)
     SELECT reference, sale_id, 'reference' FROM (
       SELECT sale_id, CASE WHEN json_valid(order_json) THEN json_extract(order_json, '$.reference') END AS reference FROM sales)
      WHERE typeof(reference) = 'text' AND reference <> '';
   INSERT OR IGNORE INTO sale_codes (code, sale_id, kind)
     SELECT barcode, sale_id, 'ticket' FROM (
       SELECT s.sale_id, CASE WHEN t.type = 'object' THEN json_extract(t.value, '$.barcode') END AS barcode
         FROM sales s, json_each(CASE WHEN json_valid(s.order_json) THEN s.order_json ELSE '{}' END, '$.tickets') t)
      WHERE typeof(barcode) = 'text' AND barcode <> ''`
