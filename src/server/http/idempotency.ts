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
/** The lock of a committed claim whose answer was lost: long past, whatever the clock says. */
const LOCK_RELEASED = new Date(0);

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
    const lockedUntil = new Date(now.getTime() + IDEMPOTENCY_LOCK_SECONDS * 1000);
    // Only a claim of this request whose work did not commit may be released: if the work
    // committed (its "committed" mark is written in the same transaction), a retry must never
    // redo it, even when this request ends in an error after the commit (a lost connection).
    // Such a claim keeps its row but loses its lock at once, so a retry hears at once that the
    // answer was lost instead of "still being processed" until the lock runs out. Both writes
    // match only this request's own claim (its lock instant), and each can be retried alone.
    const release = async () => {
      const mine = and(where, eq(idempotencyKeys.locked_until, lockedUntil));
      await ctx.db.delete(idempotencyKeys).where(and(mine, eq(idempotencyKeys.committed, false)));
      await ctx.db
        .update(idempotencyKeys)
        .set({ locked_until: LOCK_RELEASED })
        .where(and(mine, eq(idempotencyKeys.committed, true), sql`${idempotencyKeys.status} is null`));
    };
    let claimed: Array<{ key: string }>;
    try {
      claimed = await ctx.db
        .insert(idempotencyKeys)
        .values({
          scope,
          key,
          request_hash: requestHash,
          locked_until: lockedUntil,
          expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_HOURS * 3600_000),
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
    } catch (err) {
      // The claim may have been written and only its answer lost: take it back when possible.
      await persist(ctx, 'release', release, true);
      throw err;
    }

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
      await persist(ctx, 'release', release, err instanceof AppError && err.code === 'unavailable');
      throw err;
    }
    const res = c.res;
    if (!isFinal(res.status)) {
      await persist(ctx, 'release', release, res.status === 503);
      return;
    }
    // The work is done and its answer is ready: failing to store the answer (the database went
    // away just now) must not turn it into an error. The answer is stored as soon as it can be.
    const stored = {
      status: res.status,
      content_type: res.headers.get('content-type'),
      body: await res.clone().text(),
    };
    await persist(ctx, 'store', () => ctx.db.update(idempotencyKeys).set(stored).where(where));
  };
}

/**
 * Runs a write of the key's bookkeeping; if the database cannot take it now (an outage), tries
 * again every second in the background while the claim is locked, instead of failing the
 * request: a claim left behind would answer every retry "still being processed" until its lock
 * runs out, and an answer not stored would make a retry of finished work a conflict.
 */
async function persist(
  ctx: AppContext,
  what: 'release' | 'store',
  write: () => Promise<unknown>,
  /** The database is known to be away: the answer (a 503) does not wait for a first try. */
  databaseAway = false,
) {
  const until = Date.now() + IDEMPOTENCY_LOCK_SECONDS * 1000;
  const attempt = async (): Promise<boolean> => {
    try {
      await write();
      return true;
    } catch (err) {
      if (Date.now() > until) {
        ctx.log.warn({ err }, `idempotency: could not ${what} a key`);
        return true;
      }
      return false;
    }
  };
  const again = () => {
    setTimeout(() => {
      void attempt().then((done) => done || again());
    }, 1000).unref();
  };
  if (databaseAway) {
    void attempt().then((done) => done || again());
    return;
  }
  if (!(await attempt())) again();
}
