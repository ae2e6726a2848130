-- Search at 100,000 venues (issue 13): the date filter, the counts and the sort served by indexes.

-- The weekly hours as an indexable column: bit 0 = Monday … bit 6 = Sunday set when the day is
-- not closed (the same rule as the domain's dayState: open unless "closed" is true). Generated
-- from "hours", so every writer keeps it right without knowing it exists.
ALTER TABLE "venues" ADD COLUMN "open_days" smallint GENERATED ALWAYS AS (
  (CASE WHEN coalesce("hours" -> 'monday' ->> 'closed', 'false') <> 'true' THEN 1 ELSE 0 END)
  | (CASE WHEN coalesce("hours" -> 'tuesday' ->> 'closed', 'false') <> 'true' THEN 2 ELSE 0 END)
  | (CASE WHEN coalesce("hours" -> 'wednesday' ->> 'closed', 'false') <> 'true' THEN 4 ELSE 0 END)
  | (CASE WHEN coalesce("hours" -> 'thursday' ->> 'closed', 'false') <> 'true' THEN 8 ELSE 0 END)
  | (CASE WHEN coalesce("hours" -> 'friday' ->> 'closed', 'false') <> 'true' THEN 16 ELSE 0 END)
  | (CASE WHEN coalesce("hours" -> 'saturday' ->> 'closed', 'false') <> 'true' THEN 32 ELSE 0 END)
  | (CASE WHEN coalesce("hours" -> 'sunday' ->> 'closed', 'false') <> 'true' THEN 64 ELSE 0 END)
) STORED;--> statement-breakpoint

-- The list orders carry every filter's column, so a filtered page walks the order's index and
-- checks the filters on the index entries (an index-only scan for the page's ids and the count).
DROP INDEX IF EXISTS "venues_active_created_idx";--> statement-breakpoint
CREATE INDEX "venues_active_created_idx" ON "venues" USING btree ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("capacity", "base_price", "pricing_type", "open_days", "city", "address") WHERE "venues"."is_active";--> statement-breakpoint
DROP INDEX IF EXISTS "venues_active_rating_idx";--> statement-breakpoint
CREATE INDEX "venues_active_rating_idx" ON "venues" USING btree ("rating_average" DESC NULLS LAST, "rating_count" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("capacity", "base_price", "pricing_type", "open_days", "city", "address") WHERE "venues"."is_active";--> statement-breakpoint

-- Selective filters start from their own index: a price band within a pricing type, a large party.
DROP INDEX IF EXISTS "venues_active_price_idx";--> statement-breakpoint
CREATE INDEX "venues_active_price_idx" ON "venues" USING btree ("base_price")
  INCLUDE ("capacity", "pricing_type", "open_days", "created_at") WHERE "venues"."is_active";--> statement-breakpoint
CREATE INDEX "venues_active_type_price_idx" ON "venues" USING btree ("pricing_type", "base_price")
  INCLUDE ("capacity", "open_days", "created_at") WHERE "venues"."is_active";--> statement-breakpoint
DROP INDEX IF EXISTS "venues_active_capacity_idx";--> statement-breakpoint
CREATE INDEX "venues_active_capacity_idx" ON "venues" USING btree ("capacity")
  INCLUDE ("base_price", "pricing_type", "open_days", "created_at") WHERE "venues"."is_active";--> statement-breakpoint

-- Date overrides of one date, for the date filter's EXISTS.
CREATE INDEX "venue_availability_date_idx" ON "venue_availability" USING btree ("date", "venue_id")
  INCLUDE ("is_available");--> statement-breakpoint

-- How many venues are active, kept in the transaction that changes it (no count per request).
CREATE TABLE "venue_counts" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "active" integer NOT NULL CHECK ("active" >= 0)
);--> statement-breakpoint
INSERT INTO "venue_counts" ("id", "active") SELECT true, count(*) FROM "venues" WHERE "is_active";--> statement-breakpoint

CREATE OR REPLACE FUNCTION velvet_count_active_venues() RETURNS trigger AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*) INTO delta FROM new_rows WHERE is_active;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT delta - count(*) INTO delta FROM old_rows WHERE is_active;
  END IF;
  IF delta <> 0 THEN
    UPDATE "venue_counts" SET "active" = "active" + delta WHERE "id";
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint

CREATE TRIGGER venues_count_insert AFTER INSERT ON "venues" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION velvet_count_active_venues();--> statement-breakpoint
CREATE TRIGGER venues_count_update AFTER UPDATE ON "venues" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION velvet_count_active_venues();--> statement-breakpoint
CREATE TRIGGER venues_count_delete AFTER DELETE ON "venues" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION velvet_count_active_venues();
