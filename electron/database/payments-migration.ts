/**
 * The journal's seventh version: a sale is an order and its payments
 * (electron/journal/sale-states.ts). Until now a sale row held one 11-value
 * state and only its latest payment attempt in columns; from here each payment
 * attempt and each refund is a row of `sale_payments`, the sale row's `state`
 * is the order's own (submitting, submitted, confirmed, cancelled, refunded,
 * failed), and "held for staff" and "printed" are facts of their own.
 *
 * Every old row is carried over in the same transaction: its latest attempt
 * becomes a payment record with the state the old sale state implies, keeping
 * its attempt number as the payment's sequence (so the next idempotency key
 * continues the count: nothing is ever charged under a key used before), and a
 * refund (at the counter, or of a payment the vendor would not confirm)
 * becomes a refund record referring to it. A sale caught mid-payment by a
 * crash keeps that fact: `paying` is a started payment, recovery asks about it.
 */
const OLD_PAYMENT_STATE = `CASE state
     WHEN 'paying' THEN 'started'
     WHEN 'paid' THEN 'approved'
     WHEN 'confirmed' THEN 'approved'
     WHEN 'printed' THEN 'approved'
     WHEN 'refunded' THEN 'refunded'
     WHEN 'needs-staff' THEN CASE WHEN payment_ref IS NULL THEN 'unknown' ELSE 'approved' END
     ELSE 'declined' END`

/** The approval code keyed for a standalone payment, from the step that journalled it. */
const APPROVAL_CODE = `CASE WHEN tender = 'standalone' THEN (
     SELECT json_extract(st.detail, '$.approvalCode') FROM sale_steps st
      WHERE st.sale_id = sales.sale_id AND st.step IN ('payment-started', 'standalone-approved')
        AND json_valid(st.detail) AND json_type(st.detail, '$.approvalCode') = 'text'
      ORDER BY st.seq DESC LIMIT 1) END`

/** A row whose sale had a payment attempt (a row written by hand, or by a very old Foyer, may say so by its state alone). */
const HAD_A_PAYMENT = `(attempt > 0 OR state IN ('paying', 'paid', 'confirmed', 'printed', 'refunded'))`

const OLD_ORDER_STATE = `CASE state
     WHEN 'invoiced' THEN 'submitted'
     WHEN 'paying' THEN 'submitted'
     WHEN 'declined' THEN 'submitted'
     WHEN 'paid' THEN 'submitted'
     WHEN 'printed' THEN 'confirmed'
     WHEN 'refunded' THEN CASE WHEN refunded_by_name IS NOT NULL THEN 'refunded' ELSE 'cancelled' END
     WHEN 'needs-staff' THEN CASE
       WHEN refunded_by_name IS NOT NULL THEN 'confirmed'
       WHEN EXISTS (SELECT 1 FROM sale_steps st WHERE st.sale_id = sales.sale_id AND st.step = 'refund-by-staff') THEN 'cancelled'
       ELSE 'submitted' END
     ELSE state END`

export const PAYMENTS_AS_RECORDS = `CREATE TABLE sale_payments (
     sale_id TEXT NOT NULL REFERENCES sales (sale_id),
     seq INTEGER NOT NULL,
     kind TEXT NOT NULL,
     tender TEXT NOT NULL,
     amount_cents INTEGER NOT NULL,
     attempt_key TEXT,
     reference TEXT,
     approval_code TEXT,
     tendered_cents INTEGER,
     change_cents INTEGER,
     state TEXT NOT NULL,
     refers_to INTEGER,
     asked_by TEXT,
     approved_by TEXT,
     started_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (sale_id, seq)
   );
   INSERT INTO sale_payments (sale_id, seq, kind, tender, amount_cents, attempt_key, reference, approval_code, tendered_cents, change_cents, state, started_at, updated_at)
     SELECT sale_id, max(attempt, 1), 'payment', tender, amount_cents, payment_key, payment_ref, ${APPROVAL_CODE}, tendered_cents, change_cents, ${OLD_PAYMENT_STATE}, updated_at, updated_at
       FROM sales WHERE ${HAD_A_PAYMENT};
   INSERT INTO sale_payments (sale_id, seq, kind, tender, amount_cents, state, refers_to, asked_by, approved_by, started_at, updated_at)
     SELECT sale_id, max(attempt, 1) + 1, 'refund', tender, amount_cents,
            CASE state WHEN 'refunded' THEN 'approved' ELSE 'declined' END, max(attempt, 1), refund_asked_by_name, refunded_by_name, updated_at, updated_at
       FROM sales WHERE ${HAD_A_PAYMENT} AND (state = 'refunded' OR (state = 'needs-staff' AND refunded_by_name IS NOT NULL));
   ALTER TABLE sales ADD COLUMN held_for_staff INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE sales ADD COLUMN printed INTEGER NOT NULL DEFAULT 0;
   UPDATE sales SET held_for_staff = (state = 'needs-staff'), printed = (state = 'printed');
   UPDATE sales SET state = ${OLD_ORDER_STATE};
   ALTER TABLE sales DROP COLUMN attempt;
   ALTER TABLE sales DROP COLUMN payment_key;
   ALTER TABLE sales DROP COLUMN payment_ref;
   ALTER TABLE sales DROP COLUMN tendered_cents;
   ALTER TABLE sales DROP COLUMN change_cents`
