CREATE TABLE "charge_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"admin_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_disputes_payment_unique" UNIQUE("payment_id"),
	CONSTRAINT "charge_disputes_status_check" CHECK ("charge_disputes"."status" in ('open', 'upheld', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "charge_disputes" ADD CONSTRAINT "charge_disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_disputes" ADD CONSTRAINT "charge_disputes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_disputes" ADD CONSTRAINT "charge_disputes_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_disputes_booking_idx" ON "charge_disputes" USING btree ("booking_id");