CREATE TABLE "connect_accounts" (
	"host_id" uuid PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"status_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"payout_id" uuid NOT NULL,
	"stripe_transfer_id" text NOT NULL,
	"destination" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_transfers_amount_check" CHECK ("stripe_transfers"."amount_cents" > 0 and "stripe_transfers"."reversed_cents" between 0 and "stripe_transfers"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_amount_check";--> statement-breakpoint
ALTER TABLE "connect_accounts" ADD CONSTRAINT "connect_accounts_host_id_profiles_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_transfers" ADD CONSTRAINT "stripe_transfers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_transfers" ADD CONSTRAINT "stripe_transfers_host_id_profiles_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_transfers" ADD CONSTRAINT "stripe_transfers_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connect_accounts_stripe_account_idx" ON "connect_accounts" USING btree ("stripe_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_transfers_transfer_idx" ON "stripe_transfers" USING btree ("stripe_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_transfers_key_idx" ON "stripe_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_transfers_payout_idx" ON "stripe_transfers" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "stripe_transfers_booking_idx" ON "stripe_transfers" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_cents" <> 0);