import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A tab value kept in the `tab` query parameter. Unknown values fall back to the default;
 * choosing the default removes the parameter.
 */
export function useTabParam<T extends string>(
  allowed: readonly T[],
  fallback: T,
): [T, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('tab');
  const value = allowed.includes(raw as T) ? (raw as T) : fallback;

  const setValue = useCallback(
    (next: string) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next === fallback) params.delete('tab');
          else params.set('tab', next);
          return params;
        },
        { replace: true },
      );
    },
    [fallback, setSearchParams],
  );

  return [value, setValue];
}
