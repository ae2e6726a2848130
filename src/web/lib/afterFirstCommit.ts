import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first render, then true in a transition just after its first commit.
 * A long list drawn only once this is true leaves the first paint to what is above it (the page's
 * header and tiles), and React renders the list in a transition: in slices it yields between, so
 * no single task holds the main thread for the whole list (decision 85).
 */
export function useAfterFirstCommit(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}
