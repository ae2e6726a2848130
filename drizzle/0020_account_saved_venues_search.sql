CREATE TABLE "email_changes" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"new_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_venues" (
	"profile_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_venues_pk" PRIMARY KEY("profile_id","venue_id")
);
--> statement-breakpoint
-- The search field matches a venue's name as well as its city and address (issue 31): "place"
-- (migration 0016) now holds the lowercased name, city and address joined by line breaks, and
-- the index of one- and two-character grams (0014) covers the name too. Dropping the column
-- drops the indexes that read it; they are made again below as 0016 made them.
DROP INDEX "venues_grams_idx";--> statement-breakpoint
ALTER TABLE "venues" drop column "place";--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "place" text GENERATED ALWAYS AS (lower(name) || E'\n' || lower(city) || E'\n' || lower(address)) STORED NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "venues_active_created_idx";--> statement-breakpoint
CREATE INDEX "venues_active_created_idx" ON "venues" USING btree ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("capacity", "base_price", "pricing_type", "open_days", "place") WHERE "venues"."is_active";--> statement-breakpoint
DROP INDEX IF EXISTS "venues_active_rating_idx";--> statement-breakpoint
CREATE INDEX "venues_active_rating_idx" ON "venues" USING btree ("rating_average" DESC NULLS LAST, "rating_count" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("capacity", "base_price", "pricing_type", "open_days", "place") WHERE "venues"."is_active";--> statement-breakpoint
DROP INDEX IF EXISTS "venues_place_trgm_idx";--> statement-breakpoint
CREATE INDEX "venues_place_trgm_idx" ON "venues" USING gin ("place" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_opt_out" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_venues" ADD CONSTRAINT "saved_venues_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_venues" ADD CONSTRAINT "saved_venues_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_venues_profile_created_idx" ON "saved_venues" USING btree ("profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "venues_grams_idx" ON "venues" USING gin (velvet_grams(lower("name") || E'\n' || lower("city") || E'\n' || lower("address")));--> statement-breakpoint
CREATE INDEX "venues_active_amenities_idx" ON "venues" USING gin ("amenities") WHERE "venues"."is_active";
