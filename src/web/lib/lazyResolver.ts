import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose validation (zod and the schemas, tens of KB) is its own chunk: `make`
 * loads it and builds the real resolver once, on the first validation, and every validation
 * awaits it. A form prefetches the chunk when it is shown, so a submit rarely waits
 * (docs/performance.md, 2026-11-28). A chunk that failed to load (the network dropped) is asked
 * for again by the next validation, not remembered as failed.
 */
export function lazyResolver<Values extends FieldValues, Context = unknown, Output = Values>(
  make: () => Promise<Resolver<Values, Context, Output>>,
): Resolver<Values, Context, Output> {
  let made: Promise<Resolver<Values, Context, Output>> | undefined;
  const load = () =>
    (made ??= make().catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
  return async (values, context, options) => (await load())(values, context, options);
}
