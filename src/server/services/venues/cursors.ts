/**
 * The venue list's keyset cursors, one per order: newest first (created_at, id), best rated
 * (average, review count, created_at, id) and by price (direction, base_price, created_at, id).
 * Opaque base64url JSON; a cursor that does not decode to its order's key is 400 "Invalid cursor.".
 * The SQL path (search.ts) and the index (index-answer.ts) write and read the same cursors.
 */
import { invalid } from '@/domain/errors';

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const badCursor = () => invalid('Invalid cursor.', 'cursor');
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw badCursor();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 2) throw badCursor();
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== 'string' || !CURSOR_TIME.test(createdAt) || Number.isNaN(Date.parse(createdAt))) {
    throw badCursor();
  }
  if (typeof id !== 'string' || !UUID.test(id)) throw badCursor();
  return { createdAt, id };
}

const RATING_KEY = /^\d(\.\d{1,3})?$/;

/** The rating order's cursor: the last card's average (exact text), review count, created_at and id. */
export function encodeRatingCursor(
  average: string,
  ratingCount: number,
  createdAt: string,
  id: string,
): string {
  return Buffer.from(JSON.stringify(['rating', average, ratingCount, createdAt, id])).toString('base64url');
}

export function decodeRatingCursor(cursor: string) {
  const badCursor = () => invalid('Invalid cursor.', 'cursor');
  if (!/^[A-Za-z0-9_-]{1,300}$/.test(cursor)) throw badCursor();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 5 || value[0] !== 'rating') throw badCursor();
  const [, average, ratingCount, createdAt, id] = value as unknown[];
  if (typeof average !== 'string' || !RATING_KEY.test(average)) throw badCursor();
  if (typeof ratingCount !== 'number' || !Number.isSafeInteger(ratingCount) || ratingCount < 0)
    throw badCursor();
  const { createdAt: at, id: venueId } = decodeCursor(encodeCursor(String(createdAt), String(id)));
  return { average, ratingCount, createdAt: at, id: venueId };
}

const PRICE_KEY = /^\d{1,10}(\.\d{1,2})?$/;

/** The price orders' cursor: the direction, the last card's base_price (exact text), created_at and id. */
export function encodePriceCursor(dir: 'asc' | 'desc', price: string, createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify(['price', dir, price, createdAt, id])).toString('base64url');
}

export function decodePriceCursor(cursor: string, dir: 'asc' | 'desc') {
  const badCursor = () => invalid('Invalid cursor.', 'cursor');
  if (!/^[A-Za-z0-9_-]{1,300}$/.test(cursor)) throw badCursor();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 5 || value[0] !== 'price' || value[1] !== dir)
    throw badCursor();
  const [, , price, createdAt, id] = value as unknown[];
  if (typeof price !== 'string' || !PRICE_KEY.test(price)) throw badCursor();
  const { createdAt: at, id: venueId } = decodeCursor(encodeCursor(String(createdAt), String(id)));
  return { price, createdAt: at, id: venueId };
}
