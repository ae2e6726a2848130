-- Issue 14 item 3: the waitlist for a taken night. An entry is one guest waiting for one venue,
-- date and time range (the venue's wall clock, as bookings); `seq` is the join order.
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1) NOT NULL,
	"venue_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"notified_at" timestamp with time zone,
	"notified_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_time_format_check" CHECK ("waitlist_entries"."start_time" ~ '^([01][0-9]|2[0-3]):(00|15|30|45)$' and "waitlist_entries"."end_time" ~ '^([01][0-9]|2[0-3]):(00|15|30|45)$' and "waitlist_entries"."start_time" <> "waitlist_entries"."end_time")
);--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_guest_range_idx" ON "waitlist_entries" USING btree ("user_id","venue_id","date","start_time","end_time");--> statement-breakpoint
CREATE INDEX "waitlist_entries_venue_date_idx" ON "waitlist_entries" USING btree ("venue_id","date","seq");--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_date_idx" ON "waitlist_entries" USING btree ("user_id","date");--> statement-breakpoint

-- Issue 12 item 7: the terms before the venue's modification, so the guest sees old → new.
ALTER TABLE "bookings" ADD COLUMN "previous_terms" jsonb;--> statement-breakpoint

-- The order emails were queued in, also within one transaction (created_at is the transaction's
-- start): the worker sends in this order, so waitlisted guests hear in the order they joined.
ALTER TABLE "email_outbox" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "email_outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1) NOT NULL;--> statement-breakpoint
CREATE INDEX "email_outbox_due_seq_idx" ON "email_outbox" USING btree ("next_attempt_at","seq") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint

-- Change feed: joins, leaves and notifications reach the entry's guest (My Bookings) and the
-- venue's host (the demand on the calendar) live.
CREATE OR REPLACE FUNCTION velvet_notify_waitlist() RETURNS trigger AS $$
DECLARE
  r record;
  venue_host uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  SELECT host_id INTO venue_host FROM venues WHERE id = r.venue_id;
  PERFORM pg_notify('velvet_changes', json_build_object(
    'entity', 'waitlist',
    'op', lower(TG_OP),
    'id', r.id,
    'venue_id', r.venue_id,
    'user_id', r.user_id,
    'host_id', venue_host,
    'date', r.date,
    'notified', r.notified_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.notified_at IS DISTINCT FROM NEW.notified_at)
  )::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint

CREATE TRIGGER waitlist_entries_change_feed AFTER INSERT OR UPDATE OR DELETE ON "waitlist_entries"
  FOR EACH ROW EXECUTE FUNCTION velvet_notify_waitlist();
