/**
 * The app's venue list cache, for the one test that counts its hits (a hit cannot be seen
 * through HTTP: a cached page is the same bytes as a fresh one).
 *
 * The target layout makes the cache an explicit object on the app context
 * (`ctx.venueListCache`); until every branch has it, this falls back to the services' accessor.
 * Once `ctx.venueListCache` exists everywhere, delete the fallback.
 */
import type { TestEnv } from './env';

interface CountsHits {
  hits: number;
}

export async function venueListCacheOf(env: TestEnv): Promise<CountsHits> {
  const explicit = (env.ctx as unknown as { venueListCache?: CountsHits }).venueListCache;
  if (explicit) return explicit;
  const services = (await import('../../src/server/services/venues')) as unknown as {
    venueListCache(ctx: TestEnv['ctx']): CountsHits;
  };
  return services.venueListCache(env.ctx);
}
