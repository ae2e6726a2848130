/**
 * Bank details encrypted at rest (issue 30, decision 0059): the database holds ciphertext and the
 * last four digits; reads answer the last four; the admin's reveal decrypts; a dump of a
 * database with the demo data holds no full number; a key rotation keeps every reveal working;
 * numbers stored before encryption are sealed at the next start.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { venues } from '../src/server/db/schema';
import { FieldCipher, isEncrypted, newKeyText, parseKey } from '../src/server/db/field-cipher';
import { resealBankDetails } from '../src/server/services/venues/bank-details';
import { seedAccounts } from '../src/server/seed/accounts';
import { seedVenues } from '../src/server/seed/venues';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import { createAccounts, insertVenue, submitVenue, type Accounts } from './factories';

let env: TestEnv;
let a: Accounts;

beforeAll(async () => {
  env = await createTestEnv();
  a = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

const reveal = (id: string, cookie = a.admin.cookie) =>
  call(env, 'POST', `/api/admin/venues/${id}/bank-details/reveal`, { cookie });

/** The rows of a raw query (the drizzle result type differs between the two engines). */
async function rowsOf<T>(on: TestEnv, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await on.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every row of every table as text, as a data dump holds it (pg_dump itself on PostgreSQL). */
async function dump(env: TestEnv): Promise<string> {
  if (env.databaseUrl) {
    return execFileSync('pg_dump', ['--no-owner', '--data-only', env.databaseUrl], {
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
    });
  }
  const tables = await rowsOf<{ name: string }>(
    env,
    sql`select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await rowsOf<{ t: string }>(env, sql.raw(`select t::text as t from ${name} t`));
    parts.push(...rows.map((r) => r.t));
  }
  return parts.join('\n');
}

describe('a venue created through the API', () => {
  it('is stored encrypted, read by its last four digits, revealed whole by the admin', async () => {
    const venue = await submitVenue(env, a.host, {
      bank_account_number: '4000 1234 5678',
      bank_routing_number: '026009593',
      tax_id: '55-1234567',
    });
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, venue.id));
    for (const col of ['bank_account_number', 'bank_routing_number', 'tax_id'] as const) {
      expect(isEncrypted(row![col]!), col).toBe(true);
    }
    expect(row!.bank_account_number).not.toContain('12345678');
    expect(row).toMatchObject({
      bank_account_last4: '5678',
      bank_routing_last4: '9593',
      tax_id_last4: '4567',
    });

    for (const cookie of [a.host.cookie, a.admin.cookie]) {
      const read = await call(env, 'GET', `/api/venues/${venue.id}`, { cookie });
      expect(read.body).toMatchObject({
        bank_account_number: '••••5678',
        bank_routing_number: '••••9593',
        tax_id: '••••4567',
      });
    }
    const shown = await reveal(venue.id);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      bank_account_number: '400012345678',
      bank_routing_number: '026009593',
      tax_id: '55-1234567',
    });
  });

  it('an edit of a number seals the new one; an edit of other fields leaves them alone', async () => {
    const venue = await submitVenue(env, a.host);
    const before = (await env.ctx.db.select().from(venues).where(eq(venues.id, venue.id)))[0]!;
    await call(env, 'PATCH', `/api/venues/${venue.id}`, { cookie: a.host.cookie, json: { capacity: 77 } });
    const same = (await env.ctx.db.select().from(venues).where(eq(venues.id, venue.id)))[0]!;
    expect(same.bank_account_number).toBe(before.bank_account_number);
    const res = await call(env, 'PATCH', `/api/venues/${venue.id}`, {
      cookie: a.host.cookie,
      json: { bank_account_number: '999988887777' },
    });
    expect(res.status).toBe(200);
    expect(res.body.bank_account_number).toBe('••••7777');
    const after = (await env.ctx.db.select().from(venues).where(eq(venues.id, venue.id)))[0]!;
    expect(isEncrypted(after.bank_account_number!)).toBe(true);
    expect(after.bank_account_last4).toBe('7777');
    expect((await reveal(venue.id)).body.bank_account_number).toBe('999988887777');
  });
});

describe('the demo data', () => {
  it('a dump of the database holds no full bank account, routing or tax number', async () => {
    // A database of its own: the demo accounts are not the test accounts.
    const demoEnv = await createTestEnv();
    try {
      const accounts = await seedAccounts(demoEnv.ctx);
      const seeded = await seedVenues(demoEnv.ctx, accounts);
      expect(seeded.length).toBeGreaterThan(10);
      const text = await dump(demoEnv);
      expect(text).toContain('6789'); // the last four are there, for display
      for (const full of [
        '000123456789',
        '000987654321',
        '021000021',
        '063100277',
        '12-3456789',
        '98-7654321',
      ]) {
        expect(text, full).not.toContain(full);
      }
      // The numbers are there all the same, for the reveal.
      const demo = seeded.find((v) => v.host_id === accounts.hosts[0].id)!;
      const [row] = await demoEnv.ctx.db.select().from(venues).where(eq(venues.id, demo.id));
      expect(demoEnv.ctx.cipher.decrypt(row!.bank_account_number!)).toBe('000123456789');
    } finally {
      await demoEnv.close();
    }
  });
});

describe('keys', () => {
  it('numbers stored before encryption are sealed at the next start (resealBankDetails)', async () => {
    const venue = await insertVenue(env, a.host);
    await env.ctx.db
      .update(venues)
      .set({ bank_account_number: '111122223333', tax_id: '77-7777777', bank_account_last4: null })
      .where(eq(venues.id, venue.id));
    expect(await resealBankDetails(env.ctx.db, env.ctx.cipher)).toBeGreaterThanOrEqual(1);
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, venue.id));
    expect(isEncrypted(row!.bank_account_number!)).toBe(true);
    expect(row!.bank_account_last4).toBe('3333');
    expect((await reveal(venue.id)).body).toMatchObject({
      bank_account_number: '111122223333',
      tax_id: '77-7777777',
    });
    expect(await resealBankDetails(env.ctx.db, env.ctx.cipher)).toBe(0);
  });

  it('a rotation rewrites every value with the new key and every reveal keeps working', async () => {
    const venue = await insertVenue(env, a.host, { bank_account_number: '123412341234' });
    const oldCipher = env.ctx.cipher;
    const newKey = parseKey(newKeyText());
    const oldKey = parseKey(env.config.DATA_ENCRYPTION_KEY);
    env.ctx.cipher = new FieldCipher(newKey, [oldKey]);
    try {
      // Before the rewrite, the old key still reads what it wrote.
      expect((await reveal(venue.id)).body.bank_account_number).toBe('123412341234');
      const rewritten = await resealBankDetails(env.ctx.db, env.ctx.cipher);
      const [{ n }] = (await rowsOf<{ n: number }>(
        env,
        sql`select count(*)::int as n from venues where bank_account_number is not null`,
      )) as [{ n: number }];
      expect(rewritten).toBe(n);
      const rows = await env.ctx.db.select().from(venues);
      for (const row of rows) expect(env.ctx.cipher.isCurrent(row.bank_account_number!)).toBe(true);
      // The old key is no longer needed.
      env.ctx.cipher = new FieldCipher(newKey);
      const all = await env.ctx.db.select({ id: venues.id }).from(venues);
      for (const { id } of all) {
        const res = await reveal(id);
        expect(res.status, id).toBe(200);
        expect(res.body.bank_account_number).toMatch(/^\d+$/);
      }
      expect((await reveal(venue.id)).body.bank_account_number).toBe('123412341234');
    } finally {
      env.ctx.cipher = oldCipher;
      await resealBankDetails(
        env.ctx.db,
        new FieldCipher(parseKey(env.config.DATA_ENCRYPTION_KEY), [newKey]),
      );
    }
  });
});
