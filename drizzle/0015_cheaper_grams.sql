-- velvet_grams (migration 0014) costs ~84 µs a row on PGlite: a planner that walks an order's
-- index with a short location in the filter computes it for every row that passes the other
-- filters (decision 0039). The same set of grams, built without a sort for DISTINCT (an array
-- may hold a gram twice: containment and the GIN index ignore repeats), costs about half.
-- venues_grams_idx stays valid: each row's set of keys is unchanged.
CREATE OR REPLACE FUNCTION velvet_grams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT string_to_array(t, NULL)
      || coalesce((SELECT array_agg(substr(t, i, 2)) FROM generate_series(1, length(t) - 1) AS i), '{}')
  $$;
