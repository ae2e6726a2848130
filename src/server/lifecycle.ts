/**
 * Shutdown, for the parts of the server that hold something open: live streams register here
 * and are told to close (with a reconnect hint) when the process is asked to stop.
 */
type Closer = () => void | Promise<void>;

const closers = new Set<Closer>();
let stopping = false;

/** Registers something to close on shutdown; returns the function that unregisters it. */
export function onShutdown(close: Closer): () => void {
  closers.add(close);
  return () => closers.delete(close);
}

export const isShuttingDown = () => stopping;

/** From now on the readiness probe answers 503 (draining); nothing is closed yet. */
export function startDraining() {
  stopping = true;
}

/** Tells every registered part to close, and waits for them (at most `timeoutMs`). */
export async function beginShutdown(timeoutMs = 2000): Promise<void> {
  stopping = true;
  const all = [...closers].map((close) =>
    Promise.resolve()
      .then(close)
      .catch(() => undefined),
  );
  closers.clear();
  await Promise.race([Promise.all(all), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
}

/** How long a client waits before reconnecting a live stream the server closed on shutdown. */
export const RECONNECT_AFTER_MS = 2000;
