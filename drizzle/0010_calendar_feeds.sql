CREATE TABLE "venue_calendar_feeds" (
	"venue_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venue_calendar_feeds" ADD CONSTRAINT "venue_calendar_feeds_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "venue_calendar_feeds_token_idx" ON "venue_calendar_feeds" USING btree ("token");
