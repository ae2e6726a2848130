-- venues.open_days and venues.place are computed from NOT NULL columns (hours; city and address)
-- by expressions that never give NULL, and schema.ts declares them NOT NULL. Migrations 0013 and
-- 0016 added them without the constraint; this makes the database say what the schema says
-- (tests/db-migrations.test.ts compares the two).
ALTER TABLE "venues" ALTER COLUMN "open_days" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ALTER COLUMN "place" SET NOT NULL;
