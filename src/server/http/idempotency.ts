/**
 * Idempotency keys: a client that retries a POST (a timeout, a dropped connection, a server
 * restart) sends the same `Idempotency-Key` header, and gets the first answer back instead of
 * a second booking or payment. Keys are per user and route, stored with the answer for 24
 * hours. Reusable: put `idempotent(ctx)` in front of any POST handler that creates something.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { AppError, conflict, invalid } from '@/domain/errors';
import type { AppContext, AppEnv } from '../context';
import { idempotencyKeys } from '../db/schema';
import { withCommitHook } from '../db/transaction';
import { getViewer } from './viewer';

export const IDEMPOTENCY_TTL_HOURS = 24;
/** How long a first request may take before a retry may take its claim over (its process died). */
export const IDEMPOTENCY_LOCK_SECONDS = 60;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request. Use a new key for a new request.';
export const KEY_IN_PROGRESS_MESSAGE =
  'A request with this Idempotency-Key is still being processed. Try again in a moment.';

export const KEY_ANSWER_LOST_MESSAGE =
  'The first request with this Idempotency-Key was carried out, but its answer was lost. Check the result before sending a new request.';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Answers worth replaying: everything but server faults and "try again later" refusals. */
const isFinal = (status: number) => status < 500 && status !== 429;

let lastSweep = 0;

export function idempotent(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key)) {
      throw invalid('Idempotency-Key must be 1 to 255 visible ASCII characters.', 'Idempotency-Key');
    }
    // Signed out: the route answers 401 anyway, and there is nobody to scope the key to.
    const viewer = await getViewer(ctx, c);
    if (!viewer) return next();

    const scope = `${viewer.userId} ${c.req.method} ${c.req.path}`;
    const requestHash = sha256(await c.req.text());
    const now = ctx.now();
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

    if (now.getTime() - lastSweep > 10 * 60_000) {
      lastSweep = now.getTime();
      await ctx.db.delete(idempotencyKeys).where(lt(idempotencyKeys.expires_at, now));
    }
    // An expired record, or an unfinished claim whose process died, no longer holds the key.
    await ctx.db
      .delete(idempotencyKeys)
      .where(
        and(
          where,
          or(
            lt(idempotencyKeys.expires_at, now),
            and(
              sql`${idempotencyKeys.status} is null`,
              eq(idempotencyKeys.committed, false),
              lt(idempotencyKeys.locked_until, now),
            ),
          ),
        ),
      );
    const claimed = await ctx.db
      .insert(idempotencyKeys)
      .values({
        scope,
        key,
        request_hash: requestHash,
        locked_until: new Date(now.getTime() + IDEMPOTENCY_LOCK_SECONDS * 1000),
        expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_HOURS * 3600_000),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });

    if (claimed.length === 0) {
      const [first] = await ctx.db.select().from(idempotencyKeys).where(where);
      if (!first) throw conflict(KEY_IN_PROGRESS_MESSAGE, 'IDEMPOTENCY_IN_PROGRESS');
      if (first.request_hash !== requestHash) {
        throw conflict(KEY_REUSED_MESSAGE, 'IDEMPOTENCY_KEY_REUSED');
      }
      if (first.status === null && first.committed && first.locked_until < now) {
        // The work was written, but the process died before the answer was stored.
        throw conflict(KEY_ANSWER_LOST_MESSAGE, 'IDEMPOTENCY_ANSWER_LOST');
      }
      if (first.status === null) {
        throw new AppError('conflict', KEY_IN_PROGRESS_MESSAGE, {
          reason: 'IDEMPOTENCY_IN_PROGRESS',
          retryAfter: 1,
        });
      }
      return c.body(first.body ?? '', first.status as 200, {
        'content-type': first.content_type ?? 'application/json; charset=UTF-8',
        'idempotent-replayed': 'true',
      });
    }

    try {
      await withCommitHook(async (tx) => {
        await tx.update(idempotencyKeys).set({ committed: true }).where(where);
      }, next);
    } catch (err) {
      await ctx.db.delete(idempotencyKeys).where(where);
      throw err;
    }
    const res = c.res;
    if (!isFinal(res.status)) {
      await ctx.db.delete(idempotencyKeys).where(where);
      return;
    }
    await ctx.db
      .update(idempotencyKeys)
      .set({
        status: res.status,
        content_type: res.headers.get('content-type'),
        body: await res.clone().text(),
      })
      .where(where);
  };
}
