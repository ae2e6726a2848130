-- A date override changes which venues are open on a date (the search's date filter), so it is
-- announced as a change of its venue: every app server drops its cached venue lists.
CREATE OR REPLACE FUNCTION velvet_notify_venue_availability() RETURNS trigger AS $$
DECLARE
  r record;
  v record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  SELECT id, host_id, is_active INTO v FROM venues WHERE id = r.venue_id;
  IF FOUND THEN
    PERFORM pg_notify('velvet_changes', json_build_object(
      'entity', 'venue',
      'op', 'update',
      'id', v.id,
      'host_id', v.host_id,
      'is_active', v.is_active,
      'was_active', v.is_active
    )::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint

CREATE TRIGGER venue_availability_change_feed AFTER INSERT OR UPDATE OR DELETE ON "venue_availability"
  FOR EACH ROW EXECUTE FUNCTION velvet_notify_venue_availability();
