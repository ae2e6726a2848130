CREATE TABLE "payout_items" (
	"payout_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "payout_items_pk" PRIMARY KEY("payout_id","booking_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"bank_reference" text NOT NULL,
	"bank_account_last4" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"platform_fee_bps" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_settings_one_row" CHECK ("platform_settings"."id" = 1),
	CONSTRAINT "platform_settings_fee_check" CHECK ("platform_settings"."platform_fee_bps" between 0 and 5000)
);
--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_host_id_profiles_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recorded_by_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_items_booking_idx" ON "payout_items" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payouts_host_idx" ON "payouts" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at");--> statement-breakpoint
CREATE FUNCTION payouts_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: a correction is a new payout', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER payouts_append_only BEFORE UPDATE OF host_id, amount_cents, bank_reference, bank_account_last4, created_at OR DELETE ON "payouts"
  FOR EACH ROW EXECUTE FUNCTION payouts_append_only();--> statement-breakpoint
CREATE TRIGGER payout_items_append_only BEFORE UPDATE OR DELETE ON "payout_items"
  FOR EACH ROW EXECUTE FUNCTION payouts_append_only();--> statement-breakpoint
CREATE FUNCTION velvet_notify_payout() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('velvet_changes', json_build_object(
    'entity', 'payout',
    'op', 'insert',
    'id', NEW.id,
    'host_id', NEW.host_id
  )::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payouts_change_feed AFTER INSERT ON "payouts"
  FOR EACH ROW EXECUTE FUNCTION velvet_notify_payout();
