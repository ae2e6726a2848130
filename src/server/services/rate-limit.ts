/**
 * Fixed-window rate limits kept in the database, so every server process counts against the same
 * limit (an in-memory counter would multiply the limit by the number of processes).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { rateLimited } from '@/domain/errors';
import type { AppContext } from '../context';
import { rateLimitCounters } from '../db/schema';

export interface RateLimit {
  /** What is limited, e.g. `email-tools:<profile id>`. */
  bucket: string;
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
  /** The 429 message. */
  message: string;
}

/** Counts one hit; throws a rate_limited AppError (429 with Retry-After) past the limit. */
export async function hitRateLimit(ctx: AppContext, rule: RateLimit): Promise<{ remaining: number }> {
  const now = ctx.now().getTime();
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await ctx.db
    .insert(rateLimitCounters)
    .values({ bucket: rule.bucket, window_start: windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.window_start],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });
  const hits = row?.hits ?? 1;
  if (hits === 1) {
    // First hit of a new window: old windows of this bucket are no longer needed.
    await ctx.db
      .delete(rateLimitCounters)
      .where(and(eq(rateLimitCounters.bucket, rule.bucket), lt(rateLimitCounters.window_start, windowStart)));
  }
  if (hits > rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
    throw rateLimited(`${rule.message} Try again in ${retryAfter} seconds.`, retryAfter);
  }
  return { remaining: rule.limit - hits };
}
