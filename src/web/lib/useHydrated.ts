import { useSyncExternalStore } from 'react';

/** For a value that never changes once the browser has it: nothing to subscribe to. */
export const noSubscription = () => () => {};

/**
 * False while the server renders and while React hydrates that markup, true in every render
 * after (a part first mounted in the browser is true at once). A part the server must not render —
 * one whose module loads on intent, with fields a visitor could type into before it hydrates —
 * renders its placeholder until this is true (decision 92).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
