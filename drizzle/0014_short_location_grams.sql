-- Search at 100,000 venues (issue 13): a location of one or two characters ("ny", "la", "7")
-- has no trigram, so the trigram indexes cannot find it. An index of every one- and two-character
-- substring of the lowercased city and address (decision 0039) narrows it to the venues that
-- contain all of the location's; the ILIKE still decides.

-- Every substring of one and of two characters of t, once each.
CREATE FUNCTION velvet_grams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT substr(t, i, n)), '{}')
    FROM generate_series(1, length(t)) AS i, (VALUES (1), (2)) AS w(n)
    WHERE i + n - 1 <= length(t)
  $$;--> statement-breakpoint

-- What a location must find among a venue's grams: its two-character substrings, or itself when
-- it is one character long (a row whose text contains the location contains every one of them).
CREATE FUNCTION velvet_location_grams(q text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT CASE WHEN length(q) < 2 THEN ARRAY[q]
      ELSE (SELECT array_agg(DISTINCT substr(q, i, 2)) FROM generate_series(1, length(q) - 1) AS i) END
  $$;--> statement-breakpoint

-- City and address in one array (the line break joins them: a gram across it only adds a
-- candidate, which the ILIKE then drops). Not partial, like the trigram indexes: the planner reads
-- the statistics of an expression index only when it is not partial, and without them it takes
-- every gram for rare ("la" is in 29 % of the venues, and is then better found by walking).
CREATE INDEX "venues_grams_idx" ON "venues"
  USING gin (velvet_grams(lower("city") || E'\n' || lower("address")));
