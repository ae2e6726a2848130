import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersToQuery, isVenueSort, type VenueFilters, type VenueSort } from '@/domain/filters';

export const FILTER_KEYS = ['location', 'date', 'guests', 'pricingType', 'pricing', 'amenities'] as const;

/** The order a query string asks for (newest when absent or unknown). */
const sortOf = (searchParams: URLSearchParams): VenueSort => {
  const s = searchParams.get('sort');
  return isVenueSort(s) ? s : 'newest';
};

/** The filters a query string carries. */
export function filtersFromParams(searchParams: URLSearchParams): VenueFilters {
  const f: VenueFilters = {};
  for (const key of FILTER_KEYS) {
    const v = searchParams.get(key);
    if (v !== null) f[key] = v;
  }
  return f;
}

/** The list query (the API's filters and sort) the home page asks for at this URL. */
export function venueListQueryFor(searchParams: URLSearchParams): Record<string, string> {
  const query = filtersToQuery(filtersFromParams(searchParams));
  const sort = sortOf(searchParams);
  return sort === 'newest' ? query : { ...query, sort };
}

/**
 * The search filters, kept in the URL's query string so a search can be shared and survives
 * reloads and the back button. `query` is the normalized form sent to the API.
 */
export function useVenueFilters() {
  const [searchParams, setSearchParams] = useSearchParams();

  const filters = useMemo<VenueFilters>(() => filtersFromParams(searchParams), [searchParams]);

  const query = useMemo(() => filtersToQuery(filters), [filters]);

  const setFilters = useCallback(
    (next: VenueFilters) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          for (const key of FILTER_KEYS) params.delete(key);
          for (const [k, v] of Object.entries(filtersToQuery(next))) params.set(k, v);
          return params;
        },
        { replace: false, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return { filters, query, setFilters };
}

/** The list's order, kept in the URL (?sort=rating|price_asc|price_desc; newest first when absent). */
export function useVenueSort(): [VenueSort, (sort: VenueSort) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = sortOf(searchParams);
  const setSort = useCallback(
    (next: VenueSort) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next === 'newest') params.delete('sort');
          else params.set('sort', next);
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return [sort, setSort];
}
