DROP INDEX "venue_reviews_venue_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "review_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venue_reviews" ADD COLUMN "host_response" text;--> statement-breakpoint
ALTER TABLE "venue_reviews" ADD COLUMN "host_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venue_reviews" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "venue_reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venue_reviews" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "rating_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "rating_2" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "rating_3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "rating_4" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "rating_5" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "rating_average" numeric(4, 3) GENERATED ALWAYS AS (case when rating_count > 0 then round(rating_sum::numeric / rating_count, 3) else 0 end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_review_reminder_idx" ON "bookings" USING btree ("date") WHERE "bookings"."status" = 'confirmed' and "bookings"."payment_intent_id" is not null and "bookings"."review_id" is null and "bookings"."review_reminder_sent_at" is null;--> statement-breakpoint
CREATE INDEX "venue_reviews_created_idx" ON "venue_reviews" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "venues_active_rating_idx" ON "venues" USING btree ("rating_average" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "venues"."is_active";--> statement-breakpoint
CREATE INDEX "venue_reviews_venue_idx" ON "venue_reviews" USING btree ("venue_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "venue_reviews"."is_published";--> statement-breakpoint
ALTER TABLE "venue_reviews" ADD CONSTRAINT "venue_reviews_comment_length_check" CHECK (char_length("venue_reviews"."comment") between 1 and 500);--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_rating_counts_check" CHECK ("venues"."rating_count" >= 0 and "venues"."rating_1" >= 0 and "venues"."rating_2" >= 0 and "venues"."rating_3" >= 0 and "venues"."rating_4" >= 0 and "venues"."rating_5" >= 0);--> statement-breakpoint

-- The rating summary of each venue is kept by the database: every insert, update or delete of a
-- review takes its old contribution (when it was published) off its venue and adds the new one
-- (when it is published), in the same transaction. The venue list reads these columns instead of
-- averaging reviews per request. The update of the venue row is also what announces the change:
-- the venues trigger sends a venue event, so every app server drops its cached lists and the
-- pages showing that venue refetch its reviews (a host's answer too: the delta is then zero).
CREATE OR REPLACE FUNCTION velvet_apply_rating(v uuid, r integer, d integer) RETURNS void AS $$
  UPDATE venues SET
    rating_count = rating_count + d,
    rating_sum = rating_sum + d * r,
    rating_1 = rating_1 + CASE WHEN r = 1 THEN d ELSE 0 END,
    rating_2 = rating_2 + CASE WHEN r = 2 THEN d ELSE 0 END,
    rating_3 = rating_3 + CASE WHEN r = 3 THEN d ELSE 0 END,
    rating_4 = rating_4 + CASE WHEN r = 4 THEN d ELSE 0 END,
    rating_5 = rating_5 + CASE WHEN r = 5 THEN d ELSE 0 END
  WHERE id = v;
$$ LANGUAGE sql;--> statement-breakpoint

CREATE OR REPLACE FUNCTION velvet_review_ratings() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM velvet_apply_rating(OLD.venue_id, OLD.rating, CASE WHEN OLD.is_published THEN -1 ELSE 0 END);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM velvet_apply_rating(NEW.venue_id, NEW.rating, CASE WHEN NEW.is_published THEN 1 ELSE 0 END);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint

CREATE TRIGGER venue_reviews_ratings AFTER INSERT OR UPDATE OR DELETE ON "venue_reviews"
  FOR EACH ROW EXECUTE FUNCTION velvet_review_ratings();--> statement-breakpoint

-- Reviews written before this migration.
UPDATE "venues" v SET
  rating_count = s.n, rating_sum = s.total,
  rating_1 = s.r1, rating_2 = s.r2, rating_3 = s.r3, rating_4 = s.r4, rating_5 = s.r5
FROM (
  SELECT venue_id, count(*)::int AS n, sum(rating)::int AS total,
    (count(*) FILTER (WHERE rating = 1))::int AS r1, (count(*) FILTER (WHERE rating = 2))::int AS r2,
    (count(*) FILTER (WHERE rating = 3))::int AS r3, (count(*) FILTER (WHERE rating = 4))::int AS r4,
    (count(*) FILTER (WHERE rating = 5))::int AS r5
  FROM "venue_reviews" WHERE is_published GROUP BY venue_id
) s
WHERE v.id = s.venue_id;
