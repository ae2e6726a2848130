import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazy component whose module can be fetched before it is first rendered. */
export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts fetching the module (once); resolves when it is loaded. Never rejects. */
  preload: () => Promise<void>;
};

/**
 * React.lazy with a `preload()`: a part the first paint does not need (a dialog, a form's heavy
 * half, the change feed's client) stays out of the page's first-load JavaScript, and its module
 * is fetched on intent — a pointer over its trigger, a focus, the browser going idle — so it is
 * usually at hand when it is first rendered (decision 85). `load` returns the module; `pick`
 * names the component in it.
 */
export function preloadable<M, P>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const get = () => (loading ??= load().then((m) => ({ default: pick(m) })));
  const component = lazy(() =>
    get().catch((error: unknown) => {
      // A failed fetch (the network dropped) is tried again when next rendered or preloaded.
      loading = undefined;
      throw error;
    }),
  ) as Preloadable<P>;
  component.preload = () =>
    get().then(
      () => undefined,
      () => {
        loading = undefined;
      },
    );
  return component;
}

/** Calls `task` when the browser is idle (or soon, where it has no requestIdleCallback). */
export function whenIdle(task: () => void, timeout = 2_000): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}
