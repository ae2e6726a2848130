-- Extensions Velvet relies on: btree_gist for the bookings no-overlap exclusion constraint,
-- pg_trgm for the venue location search. Both ship with PostgreSQL 15 and with PGlite (contrib).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
