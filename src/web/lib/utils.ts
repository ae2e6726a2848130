import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Class strings already merged. tailwind-merge builds its tables on its first call — 10–16 ms of
 * the main thread here, four times that on a phone — so a page rendered by the server arrives
 * with the merges its render made (#velvet-classes, see learnMergedClasses) and hydrating it
 * merges nothing itself (docs/performance.md, 2026-11-28). Bounded: a class string built from
 * data cannot grow it without end.
 */
const known = new Map<string, string>();
const KNOWN_MAX = 5_000;
let recorder: ((joined: string, merged: string) => void) | undefined;

/** Merge class names, letting later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  let merged = known.get(joined);
  if (merged === undefined) {
    merged = twMerge(joined);
    if (known.size < KNOWN_MAX) known.set(joined, merged);
  }
  recorder?.(joined, merged);
  return merged;
}

/** The merges of one server render: the strings that merge to themselves, then the others. */
export interface MergedClasses {
  same: string[];
  changed: Array<[joined: string, merged: string]>;
}

/** The browser learns a server render's merges before hydrating its markup (main.tsx). */
export function learnMergedClasses(classes: Partial<MergedClasses>): void {
  for (const joined of classes.same ?? []) if (typeof joined === 'string') known.set(joined, joined);
  for (const pair of classes.changed ?? []) {
    if (Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string')
      known.set(pair[0], pair[1]);
  }
}

/** The server hears every merge a render makes (src/server/ssr.ts keeps them per request). */
export function recordMergedClasses(listener: ((joined: string, merged: string) => void) | undefined): void {
  recorder = listener;
}
