-- A venue never has two confirmed bookings whose time ranges overlap (half-open ranges, so
-- 20:00-22:00 and 22:00-00:00 can both be confirmed).
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("venue_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" = 'confirmed');--> statement-breakpoint

-- Change feed: every change to venues and bookings is announced on the channel velvet_changes
-- (delivered on commit); the app servers LISTEN and forward it over Server-Sent Events.
CREATE OR REPLACE FUNCTION velvet_notify_venue() RETURNS trigger AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM pg_notify('velvet_changes', json_build_object(
    'entity', 'venue',
    'op', lower(TG_OP),
    'id', r.id,
    'host_id', r.host_id,
    'is_active', CASE WHEN TG_OP = 'DELETE' THEN false ELSE NEW.is_active END,
    'was_active', CASE WHEN TG_OP = 'INSERT' THEN false ELSE OLD.is_active END
  )::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint

CREATE TRIGGER venues_change_feed AFTER INSERT OR UPDATE OR DELETE ON "venues"
  FOR EACH ROW EXECUTE FUNCTION velvet_notify_venue();--> statement-breakpoint

CREATE OR REPLACE FUNCTION velvet_notify_booking() RETURNS trigger AS $$
DECLARE
  r record;
  venue_host uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  SELECT host_id INTO venue_host FROM venues WHERE id = r.venue_id;
  PERFORM pg_notify('velvet_changes', json_build_object(
    'entity', 'booking',
    'op', lower(TG_OP),
    'id', r.id,
    'venue_id', r.venue_id,
    'user_id', r.user_id,
    'host_id', venue_host,
    'status', r.status
  )::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint

CREATE TRIGGER bookings_change_feed AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION velvet_notify_booking();
