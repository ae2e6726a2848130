/**
 * The one transaction helper. Every write of more than one statement runs through it:
 * a serialization failure or a deadlock is retried (the whole function runs again, so it must
 * not have effects outside the transaction), integrity errors become AppErrors
 * (db/errors.ts), and nothing of a failed attempt is written.
 */
import { AppError } from '@/domain/errors';
import type { Db, Tx } from './client';
import { fromDatabaseError, sqlState } from './errors';

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

export type { Tx };

export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
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
