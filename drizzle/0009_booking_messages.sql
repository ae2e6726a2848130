-- A conversation on every booking (issue 14, decision record 16): the messages of its guest
-- and its venue's host, system lines written by the booking's lifecycle, and each
-- participant's read marker (exact unread counts, one unread-email per burst).
CREATE TABLE "booking_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid,
	"author_role" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_messages_kind_check" CHECK ("kind" in ('user', 'system')),
	CONSTRAINT "booking_messages_author_role_check" CHECK (
		("kind" = 'system' and "author_role" is null)
		or ("kind" = 'user' and "author_role" in ('guest', 'host'))
	),
	CONSTRAINT "booking_messages_body_check" CHECK (char_length("body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "booking_message_reads" (
	"booking_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	"notified_seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_message_reads_pk" PRIMARY KEY ("booking_id", "profile_id")
);
--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_message_reads" ADD CONSTRAINT "booking_message_reads_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_message_reads" ADD CONSTRAINT "booking_message_reads_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_messages_seq_idx" ON "booking_messages" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "booking_messages_booking_idx" ON "booking_messages" USING btree ("booking_id","seq");--> statement-breakpoint
CREATE INDEX "booking_messages_recent_user_idx" ON "booking_messages" USING btree ("created_at") WHERE "kind" = 'user';--> statement-breakpoint
CREATE INDEX "booking_message_reads_profile_idx" ON "booking_message_reads" USING btree ("profile_id");--> statement-breakpoint

-- Change feed: a new message, or a participant reading the thread, is announced as a
-- 'conversation' change of its booking; the SSE route sends it only to those who may read it.
CREATE OR REPLACE FUNCTION velvet_notify_conversation() RETURNS trigger AS $$
DECLARE
  b record;
  reader uuid;
  what text := 'message';
BEGIN
  -- (Fields of NEW are read in separate statements: each table has its own.)
  IF TG_TABLE_NAME = 'booking_message_reads' THEN
    what := 'read';
    reader := NEW.profile_id;
  END IF;
  SELECT bk.id, bk.venue_id, bk.user_id, v.host_id INTO b
    FROM bookings bk LEFT JOIN venues v ON v.id = bk.venue_id
    WHERE bk.id = NEW.booking_id;
  IF FOUND THEN
    PERFORM pg_notify('velvet_changes', json_build_object(
      'entity', 'conversation',
      'op', what,
      'id', b.id,
      'venue_id', b.venue_id,
      'user_id', b.user_id,
      'host_id', b.host_id,
      'reader_id', reader
    )::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint

CREATE TRIGGER booking_messages_change_feed AFTER INSERT ON "booking_messages"
  FOR EACH ROW EXECUTE FUNCTION velvet_notify_conversation();--> statement-breakpoint

CREATE TRIGGER booking_message_reads_change_feed AFTER INSERT OR UPDATE OF "last_read_seq" ON "booking_message_reads"
  FOR EACH ROW EXECUTE FUNCTION velvet_notify_conversation();
