/**
 * The one transaction helper. Every write of more than one statement runs through it:
 * a serialization failure or a deadlock is retried (the whole function runs again, so it must
 * not have effects outside the transaction), integrity errors become AppErrors
 * (db/errors.ts), and nothing of a failed attempt is written.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '@/domain/errors';
import type { Db, Tx } from './client';
import { fromDatabaseError, sqlState } from './errors';

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

export type { Tx };

/**
 * A statement a request wants written in the same transaction as its work (the idempotency
 * key's "done" mark: http/idempotency.ts), set around the request with `withCommitHook`.
 */
const commitHook = new AsyncLocalStorage<(tx: Tx) => Promise<void>>();
export const withCommitHook = <T>(hook: (tx: Tx) => Promise<void>, fn: () => Promise<T>) =>
  commitHook.run(hook, fn);

/**
 * The transaction `inTransaction` is running on a database, for the one piece of code that joins
 * the caller's transaction without being handed it: the built-in card processor's store
 * (adapters/payments/local-store.ts), which must write in the transaction of the payment row
 * that refers to its records, while the payment provider's interface takes no database handle.
 */
const running = new AsyncLocalStorage<{ db: Db; tx: Tx }>();

/** The transaction in progress on `db` in this async context, if any. */
export function transactionInProgress(db: Db): Tx | undefined {
  const current = running.getStore();
  return current?.db === db ? current.tx : undefined;
}

export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const hook = commitHook.getStore();
      const result = await db.transaction((tx) =>
        running.run({ db, tx }, async () => {
          const result = await fn(tx);
          if (hook) await hook(tx);
          return result;
        }),
      );
      return result;
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (attempt < MAX_ATTEMPTS && RETRYABLE.has(sqlState(err) ?? '')) {
        // A short, jittered pause lets the other transaction finish first.
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
        continue;
      }
      throw fromDatabaseError(err) ?? err;
    }
  }
}
