/**
 * A cheap fingerprint of the whole database, to show that a request wrote nothing: for every
 * table of the public schema, its row count and an md5 of all its rows (as text, in a fixed
 * order), read in one statement. Two fingerprints are equal when no row was added, removed or
 * changed in any table but the excluded ones.
 */
import { sql } from 'drizzle-orm';
import type { TestEnv } from './env';

/**
 * Tables a refused request may legitimately write, so they are left out of the fingerprint:
 * - `rate_limits`: the request counters; a refused request counts like any other (429s come from them);
 * - `sign_in_throttle`: failed sign-ins per account and address — a refused sign-in *is* a failure to count;
 * - `idempotency_keys`: the stored first answer of a keyed request, 4xx answers included, replayed
 *   to retries (src/server/http/idempotency.ts).
 * Nothing else is excluded: sessions, outbox emails, message read receipts and every domain
 * table must stay as they were.
 */
export const FINGERPRINT_EXCLUDED = ['rate_limits', 'sign_in_throttle', 'idempotency_keys'] as const;

export type Fingerprint = Record<string, string>;

const rowsOf = async <T>(env: TestEnv, query: ReturnType<typeof sql>) =>
  ((await env.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

const queries = new WeakMap<TestEnv, Map<string, ReturnType<typeof sql>>>();

/** The statement that fingerprints every table, built once per environment from information_schema. */
async function fingerprintQuery(env: TestEnv, exclude: readonly string[]) {
  const byExclusion = queries.get(env) ?? new Map<string, ReturnType<typeof sql>>();
  queries.set(env, byExclusion);
  const cached = byExclusion.get(exclude.join());
  if (cached) return cached;
  const tables = (
    await rowsOf<{ table_name: string }>(
      env,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  )
    .map((r) => r.table_name)
    .filter((t) => !exclude.includes(t));
  if (tables.length === 0) throw new Error('no tables to fingerprint');
  const parts = tables.map(
    (t) =>
      sql`select ${t}::text as t, count(*)::int as n,
                 md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
          from ${sql.identifier(t)} x`,
  );
  const query = sql.join(parts, sql` union all `);
  byExclusion.set(exclude.join(), query);
  return query;
}

/** Row count and hash of every table (but FINGERPRINT_EXCLUDED, unless told otherwise). */
export async function fingerprint(
  env: TestEnv,
  exclude: readonly string[] = FINGERPRINT_EXCLUDED,
): Promise<Fingerprint> {
  const rows = await rowsOf<{ t: string; n: number; h: string }>(env, await fingerprintQuery(env, exclude));
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}
