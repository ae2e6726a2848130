import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A group of list filters kept in the URL under a prefix (e.g. `venue_status`, `venue_page`), so
 * the admin's lists survive a reload, can be shared, and several lists on one page do not collide.
 * Setting any value other than `page` goes back to the first page; an empty value removes it.
 */
export function useUrlParams<K extends string>(
  prefix: string,
  keys: readonly K[],
): [Record<K, string>, (changes: Partial<Record<K, string | number | null>>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  // react-router hands a setSearchParams updater the params of its last render, not the URL's
  // (its docs say so): a change made before that render commits (Clear filters, then a search
  // sent at once, on a busy machine) was undone by the next one. The params this hook last wrote
  // stand in until a render shows the URL again.
  const written = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    written.current = null;
  }, [searchParams]);
  const values = useMemo(
    () =>
      Object.fromEntries(keys.map((k) => [k, searchParams.get(`${prefix}_${k}`) ?? ''])) as Record<K, string>,
    [searchParams, prefix, keys],
  );
  const set = useCallback(
    (changes: Partial<Record<K, string | number | null>>) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(written.current ?? current);
          for (const [k, v] of Object.entries(changes) as Array<[K, string | number | null | undefined]>) {
            const name = `${prefix}_${k}`;
            if (v === null || v === undefined || v === '' || v === 'all') params.delete(name);
            else params.set(name, String(v));
          }
          if (!('page' in changes)) params.delete(`${prefix}_page`);
          written.current = params;
          return params;
        },
        { replace: true },
      );
    },
    [prefix, setSearchParams],
  );
  return [values, set];
}

/** The query string of a server-paged list from its URL values (empty ones left out). */
export function listQuery(values: Record<string, string>, extra: Record<string, string | number> = {}) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...values, ...extra }))
    if (v !== '' && v !== undefined) params.set(k, String(v));
  return params.toString();
}
