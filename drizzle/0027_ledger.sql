CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"posting_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"host_id" uuid,
	"booking_id" uuid,
	"payment_id" uuid,
	"refund_id" uuid,
	"payout_id" uuid,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('payment', 'additional_charge', 'refund', 'payout', 'payout_reversal')),
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('guest_funds', 'platform_fees', 'host_payable', 'payouts')),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_host_payable_check" CHECK ("ledger_entries"."account" <> 'host_payable' or ("ledger_entries"."host_id" is not null and "ledger_entries"."booking_id" is not null)),
	CONSTRAINT "ledger_entries_cause_check" CHECK (case "ledger_entries"."kind" when 'refund' then "ledger_entries"."refund_id" is not null when 'payout' then "ledger_entries"."payout_id" is not null when 'payout_reversal' then "ledger_entries"."payout_id" is not null else "ledger_entries"."payment_id" is not null end)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_host_id_profiles_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_posting_idx" ON "ledger_entries" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_host_idx" ON "ledger_entries" USING btree ("host_id","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_refund_idx" ON "ledger_entries" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payout_idx" ON "ledger_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: a correction is a new posting' USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE FUNCTION ledger_posting_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  kinds integer;
BEGIN
  SELECT coalesce(sum(amount_cents), 0), count(DISTINCT kind) INTO total, kinds
    FROM ledger_entries WHERE posting_id = NEW.posting_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger posting % does not balance: its entries sum to % cents', NEW.posting_id, total
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF kinds <> 1 THEN
    RAISE EXCEPTION 'ledger posting % mixes kinds of money movement', NEW.posting_id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_posting_balances();--> statement-breakpoint
CREATE FUNCTION ledger_money_posted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  posted bigint;
  owed bigint;
BEGIN
  IF TG_TABLE_NAME = 'payments' THEN
    IF NEW.status <> 'succeeded' OR NEW.kind NOT IN ('payment', 'additional_charge') OR NEW.amount_cents = 0 THEN
      RETURN NULL;
    END IF;
    owed := -NEW.amount_cents;
    SELECT sum(amount_cents) INTO posted FROM ledger_entries WHERE payment_id = NEW.id AND account = 'guest_funds';
  ELSIF TG_TABLE_NAME = 'refunds' THEN
    IF NEW.status <> 'succeeded' THEN
      RETURN NULL;
    END IF;
    owed := NEW.amount_cents;
    SELECT sum(amount_cents) INTO posted FROM ledger_entries WHERE refund_id = NEW.id AND account = 'guest_funds';
  ELSIF TG_TABLE_NAME = 'payouts' THEN
    owed := NEW.amount_cents;
    SELECT sum(amount_cents) INTO posted FROM ledger_entries WHERE payout_id = NEW.id AND account = 'payouts';
  ELSE -- payout_items
    IF NEW.amount_cents = 0 THEN
      RETURN NULL;
    END IF;
    owed := -NEW.amount_cents;
    SELECT sum(amount_cents) INTO posted FROM ledger_entries
      WHERE payout_id = NEW.payout_id AND booking_id = NEW.booking_id AND account = 'host_payable';
  END IF;
  IF posted IS DISTINCT FROM owed THEN
    RAISE EXCEPTION '% row of % cents has no ledger posting of it (posted: %)', TG_TABLE_NAME, NEW.amount_cents, coalesce(posted, 0)
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payments_ledger_posted AFTER INSERT OR UPDATE OF status ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_money_posted();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER refunds_ledger_posted AFTER INSERT OR UPDATE OF status ON "refunds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_money_posted();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payouts_ledger_posted AFTER INSERT ON "payouts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_money_posted();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payout_items_ledger_posted AFTER INSERT ON "payout_items"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_money_posted();--> statement-breakpoint
-- The money that moved before the ledger: one posting per succeeded payment, additional charge
-- and refund, in the order they happened per booking, each moving the booking's fee from the
-- rule's value before it to its value after (src/domain/earnings.ts platformFeeCents, written
-- here once in SQL: the booking's rate of the money kept, half up, never below 0); then one
-- posting per payout. From here on the services write every posting (services/ledger/post.ts).
WITH events AS (
  SELECT p.booking_id, v.host_id, b.platform_fee_bps AS bps, p.id AS payment_id, NULL::uuid AS refund_id,
         p.kind AS kind, p.amount_cents::bigint AS delta, p.created_at AS at, p.id AS tie
    FROM payments p JOIN bookings b ON b.id = p.booking_id JOIN venues v ON v.id = b.venue_id
   WHERE p.status = 'succeeded' AND p.kind IN ('payment', 'additional_charge') AND p.amount_cents > 0
  UNION ALL
  SELECT r.booking_id, v.host_id, b.platform_fee_bps, NULL::uuid, r.id, 'refund', -r.amount_cents::bigint,
         r.created_at, r.id
    FROM refunds r JOIN bookings b ON b.id = r.booking_id JOIN venues v ON v.id = b.venue_id
   WHERE r.status = 'succeeded'
), running AS MATERIALIZED (
  SELECT e.*, gen_random_uuid() AS posting_id,
         (sum(e.delta) OVER w)::bigint AS kept_after,
         (sum(e.delta) OVER w)::bigint - e.delta AS kept_before
    FROM events e
  WINDOW w AS (PARTITION BY e.booking_id ORDER BY e.at, e.tie ROWS UNBOUNDED PRECEDING)
), fees AS (
  SELECT r.*,
         (CASE WHEN r.kept_after > 0 AND r.bps > 0 THEN (r.kept_after * r.bps + 5000) / 10000 ELSE 0 END)
       - (CASE WHEN r.kept_before > 0 AND r.bps > 0 THEN (r.kept_before * r.bps + 5000) / 10000 ELSE 0 END) AS fee
    FROM running r
)
INSERT INTO ledger_entries (posting_id, kind, account, host_id, booking_id, payment_id, refund_id, amount_cents, created_at)
SELECT f.posting_id, f.kind, x.account, x.host_id, f.booking_id, f.payment_id, f.refund_id, x.amount, f.at
  FROM fees f
 CROSS JOIN LATERAL (VALUES
   ('guest_funds', NULL::uuid, -f.delta),
   ('platform_fees', NULL::uuid, f.fee),
   ('host_payable', f.host_id, f.delta - f.fee)
 ) AS x(account, host_id, amount)
 WHERE x.amount <> 0;--> statement-breakpoint
WITH paid AS MATERIALIZED (
  SELECT po.id, po.host_id, po.amount_cents, po.created_at, gen_random_uuid() AS posting_id FROM payouts po
)
INSERT INTO ledger_entries (posting_id, kind, account, host_id, booking_id, payout_id, amount_cents, created_at)
SELECT paid.posting_id, 'payout', 'host_payable', paid.host_id, i.booking_id, paid.id, -i.amount_cents, paid.created_at
  FROM paid JOIN payout_items i ON i.payout_id = paid.id
 WHERE i.amount_cents <> 0
UNION ALL
SELECT paid.posting_id, 'payout', 'payouts', paid.host_id, NULL, paid.id, paid.amount_cents, paid.created_at
  FROM paid;
