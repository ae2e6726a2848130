/**
 * Fixed-window rate limits kept in the database (table rate_limits), so every server process
 * counts against the same numbers. A limit is a name, a maximum and a window; a rule applies
 * a limit to one subject (an address, an account, a user). Counting is one atomic upsert per
 * rule, so a concurrent burst cannot slip past the check.
 */
import { lt, sql } from 'drizzle-orm';
import { AppError } from '@/domain/errors';
import type { AppContext } from '../context';
import { rateLimits } from '../db/schema';

export interface Limit {
  /** Stable name, part of the stored key. */
  name: string;
  max: number;
  windowSeconds: number;
}

export interface Rule {
  limit: Limit;
  subject: string;
}

export interface Count {
  hits: number;
  /** Seconds until the window closes. */
  resetsIn: number;
}

const keyOf = (rule: Rule) => `${rule.limit.name}:${rule.subject}`;

/** Dead rows are swept at most this often per process. */
const SWEEP_EVERY_MS = 10 * 60_000;
let lastSweep = 0;

/** Counts one request against a rule and returns the window's count so far. */
export async function hit(ctx: AppContext, rule: Rule): Promise<Count> {
  const now = ctx.now();
  const closes = new Date(now.getTime() + rule.limit.windowSeconds * 1000);
  const expired = sql`${rateLimits.expires_at} <= ${now}`;
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({ key: keyOf(rule), hits: 1, window_started_at: now, expires_at: closes })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        window_started_at: sql`case when ${expired} then ${now} else ${rateLimits.window_started_at} end`,
        expires_at: sql`case when ${expired} then ${closes} else ${rateLimits.expires_at} end`,
      },
    })
    .returning({ hits: rateLimits.hits, expires_at: rateLimits.expires_at });
  if (now.getTime() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = now.getTime();
    await ctx.db.delete(rateLimits).where(lt(rateLimits.expires_at, now));
  }
  return {
    hits: row!.hits,
    resetsIn: Math.max(1, Math.ceil((row!.expires_at.getTime() - now.getTime()) / 1000)),
  };
}

/** Takes back one hit (the request turned out not to count, e.g. a successful sign-in). */
export async function refund(ctx: AppContext, rule: Rule): Promise<void> {
  await ctx.db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${keyOf(rule)}`);
}

/**
 * Counts the request against every rule; when any is over its maximum, gives every hit back (a
 * refused request did nothing, so it must not use up another rule's allowance: a second click on
 * Resend within the minute must not cost the hour's email) and throws 'rate_limited' with the
 * longest wait as retryAfter. `message` gets the wait phrased for a person.
 */
export async function consume(
  ctx: AppContext,
  rules: Rule[],
  message: (wait: string) => string,
  reason = 'TOO_MANY_REQUESTS',
): Promise<void> {
  let wait = 0;
  for (const rule of rules) {
    const count = await hit(ctx, rule);
    if (count.hits > rule.limit.max) wait = Math.max(wait, count.resetsIn);
  }
  if (wait > 0) {
    for (const rule of rules) await refund(ctx, rule);
    throw new AppError('rate_limited', message(describeWait(wait)), { retryAfter: wait, reason });
  }
}

/** '45 seconds', '1 minute', '15 minutes', '1 hour'. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}
