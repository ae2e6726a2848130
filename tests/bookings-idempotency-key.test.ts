/**
 * Issue 15, idempotency keys on POST /api/bookings: a retry with the same key and body returns
 * the first answer and writes nothing twice; a different body is refused; keys are per user,
 * expire after 24 hours, and a retry after the first request's process died never duplicates.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unavailable } from '../src/domain/errors';
import type { AppEnv } from '../src/server/context';
import { bookings, emailOutbox, idempotencyKeys, type Venue } from '../src/server/db/schema';
import { inTransaction } from '../src/server/db/transaction';
import { handleError } from '../src/server/http/errors';
import { idempotent } from '../src/server/http/idempotency';
import { call, type Actor } from './support/client';
import { createAccounts, type Accounts } from './factories';
import { createTestEnv, type TestEnv } from './support/env';
import { bookingBody, countBookings, insertVenue, freezeClock, freshDate, NOW } from './factories';

let env: TestEnv;
let actors: Accounts;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  actors = await createAccounts(env);
  freezeClock(env);
  venue = await insertVenue(env, actors.host, { capacity: 500 });
});
afterAll(async () => {
  await env.close();
});

let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${keyCounter++}`;

const request = (guest: Actor, key: string | undefined, body: object) =>
  call(env, 'POST', '/api/bookings', {
    cookie: guest.cookie,
    json: body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

async function emailCount() {
  const [row] = await env.ctx.db.select({ n: count() }).from(emailOutbox);
  return row?.n ?? 0;
}

describe('Idempotency-Key on booking requests', () => {
  it('a retry with the same key and body gets the first answer; one booking, one set of emails', async () => {
    const key = newKey();
    const body = bookingBody(venue.id, { date: freshDate() });
    const bookingsBefore = await countBookings(env);
    const emailsBefore = await emailCount();
    const first = await request(actors.guest, key, body);
    expect(first.status).toBe(201);
    const emailsAfterFirst = await emailCount();
    expect(emailsAfterFirst).toBeGreaterThan(emailsBefore);
    for (let i = 0; i < 3; i++) {
      const retry = await request(actors.guest, key, body);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await countBookings(env)).toBe(bookingsBefore + 1);
    expect(await emailCount()).toBe(emailsAfterFirst);
  });

  it('concurrent retries with one key create exactly one booking', async () => {
    const key = newKey();
    const body = bookingBody(venue.id, { date: freshDate() });
    const before = await countBookings(env);
    const answers = await Promise.all(Array.from({ length: 6 }, () => request(actors.guest, key, body)));
    expect(await countBookings(env)).toBe(before + 1);
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const a of created) expect(a.body.id).toBe(created[0]!.body.id);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status).toBe(409);
      expect(a.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    }
  });

  it('the same key with a different body: 409 with a clear message, nothing written', async () => {
    const key = newKey();
    const date = freshDate();
    expect((await request(actors.guest, key, bookingBody(venue.id, { date }))).status).toBe(201);
    const before = await countBookings(env);
    const other = await request(actors.guest, key, bookingBody(venue.id, { date, guest_count: 11 }));
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(other.body.error.message).toBe(
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
    expect(await countBookings(env)).toBe(before);
  });

  it('keys belong to one user: another guest with the same key gets their own booking', async () => {
    const key = newKey();
    const body = bookingBody(venue.id, { date: freshDate() });
    const mine = await request(actors.guest, key, body);
    const theirs = await request(actors.otherGuest, key, body);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.user_id).toBe(actors.otherGuest.profile.id);
  });

  it('a refused request is replayed as refused (nothing written either time)', async () => {
    const key = newKey();
    const before = await countBookings(env);
    const body = bookingBody(venue.id, { date: '2030-06-01' }); // before NOW: the date has passed
    const first = await request(actors.guest, key, body);
    expect(first.status).toBe(400);
    const again = await request(actors.guest, key, body);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(first.body);
    expect(await countBookings(env)).toBe(before);
  });

  it('keys expire after 24 hours', async () => {
    const key = newKey();
    const body = bookingBody(venue.id, { date: freshDate() });
    const first = await request(actors.guest, key, body);
    env.clock.now = new Date(NOW.getTime() + 23 * 3600_000);
    expect((await request(actors.guest, key, body)).body.id).toBe(first.body.id);
    env.clock.now = new Date(NOW.getTime() + 25 * 3600_000);
    const later = await request(actors.guest, key, body);
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    freezeClock(env);
  });

  it('without a key nothing changes, and a malformed key is a 400', async () => {
    const body = bookingBody(venue.id, { date: freshDate() });
    const before = await countBookings(env);
    expect((await request(actors.guest, undefined, body)).status).toBe(201);
    expect((await request(actors.guest, undefined, body)).status).toBe(201);
    expect(await countBookings(env)).toBe(before + 2);
    const bad = await request(actors.guest, 'x'.repeat(300), body);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters.');
    expect(await countBookings(env)).toBe(before + 2);
  });

  it('the "done" mark is written in the booking transaction: a retry after a crash never duplicates', async () => {
    const key = newKey();
    const body = bookingBody(venue.id, { date: freshDate() });
    const first = await request(actors.guest, key, body);
    const where = eq(idempotencyKeys.key, key);
    const [row] = await env.ctx.db.select().from(idempotencyKeys).where(where);
    expect(row!.committed).toBe(true);
    // Simulate the process dying after the commit, before the answer was stored.
    await env.ctx.db
      .update(idempotencyKeys)
      .set({ status: null, body: null, locked_until: new Date(NOW.getTime() - 1000) })
      .where(where);
    const before = await countBookings(env);
    const retry = await request(actors.guest, key, body);
    expect(retry.status).toBe(409);
    expect(retry.body.error.code).toBe('IDEMPOTENCY_ANSWER_LOST');
    expect(await countBookings(env)).toBe(before);
    const [mine] = await env.ctx.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.user_id, actors.guest.profile.id), eq(bookings.date, body.date)));
    expect(mine!.n).toBe(1);
    expect(first.status).toBe(201);
  });

  it('a claim whose process died before writing anything is taken over by the retry', async () => {
    const key = newKey();
    const body = bookingBody(venue.id, { date: freshDate() });
    // Claimed by a request that died before its transaction (no "done" mark), lock expired.
    const session = await call(env, 'GET', '/api/session', { cookie: actors.guest.cookie });
    await env.ctx.db.insert(idempotencyKeys).values({
      scope: `${session.body.user.id} POST /api/bookings`,
      key,
      request_hash: 'whatever',
      locked_until: new Date(NOW.getTime() - 1000),
      expires_at: new Date(NOW.getTime() + 3600_000),
    });
    const before = await countBookings(env);
    const retry = await request(actors.guest, key, body);
    expect(retry.status).toBe(201);
    expect(await countBookings(env)).toBe(before + 1);
  });

  describe('the database fails around the work (a real error raised by a trigger, code 57P03)', () => {
    const exec = (q: string) => env.ctx.db.execute(sql.raw(q));
    const fail = async (table: string, when: 'UPDATE' | 'INSERT' | 'DELETE', condition: string) => {
      await exec(`CREATE OR REPLACE FUNCTION test_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the database is going away' USING ERRCODE = '57P03'; END $$`);
      await exec(`CREATE TRIGGER test_fault_${when.toLowerCase()} BEFORE ${when} ON ${table}
        FOR EACH ROW WHEN (${condition}) EXECUTE FUNCTION test_fault()`);
    };
    const heal = async () => {
      for (const t of ['idempotency_keys', 'bookings']) {
        for (const w of ['update', 'insert', 'delete'])
          await exec(`DROP TRIGGER IF EXISTS test_fault_${w} ON ${t}`);
      }
    };
    afterEach(heal);
    const eventually = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 40 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
    };

    it('storing the answer fails after the booking committed: still 201, and the answer is stored once it can be', async () => {
      const key = newKey();
      const body = bookingBody(venue.id, { date: freshDate() });
      await fail('idempotency_keys', 'UPDATE', 'NEW.status IS NOT NULL');
      const before = await countBookings(env);
      const first = await request(actors.guest, key, body);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(await countBookings(env)).toBe(before + 1);
      // Meanwhile a retry is told to wait, never given a second booking.
      const early = await request(actors.guest, key, body);
      expect(early.status).toBe(409);
      expect(early.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      await heal();
      const where = eq(idempotencyKeys.key, key);
      await eventually(
        async () => (await env.ctx.db.select().from(idempotencyKeys).where(where))[0]?.status === 201,
      );
      const retry = await request(actors.guest, key, body);
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body).toEqual(first.body);
      expect(await countBookings(env)).toBe(before + 1);
    });

    it('the work fails and so does releasing the key: the key is released when the database is back', async () => {
      const key = newKey();
      const body = bookingBody(venue.id, { date: freshDate() });
      await fail('bookings', 'INSERT', 'true');
      await fail('idempotency_keys', 'DELETE', 'true');
      const before = await countBookings(env);
      const first = await request(actors.guest, key, body);
      expect(first.status).toBe(503);
      expect(await countBookings(env)).toBe(before);
      await heal();
      const where = eq(idempotencyKeys.key, key);
      await eventually(
        async () => (await env.ctx.db.select().from(idempotencyKeys).where(where)).length === 0,
      );
      const retry = await request(actors.guest, key, body);
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(await countBookings(env)).toBe(before + 1);
    });
  });

  describe('the work committed but the request failed after it (its answer lost)', () => {
    // A POST handler behind the real middleware whose work commits (with the key's "done"
    // mark, through inTransaction) and then fails as a dropped connection does: 503. The
    // failure is injected in the handler, after its commit, so nothing depends on timing.
    let app: Hono<AppEnv>;
    let failAfterCommit = true;
    let failBeforeCommit = false;
    const works = async () => {
      const rows = (await env.ctx.db.execute(
        sql`select count(*)::int as n from test_idempotent_work`,
      )) as unknown as {
        rows: Array<{ n: number }>;
      };
      return rows.rows[0]!.n;
    };
    beforeAll(async () => {
      await env.ctx.db.execute(sql`create table if not exists test_idempotent_work (id serial primary key)`);
      app = new Hono<AppEnv>();
      app.onError((err, c) => handleError(err, c, env.ctx.log));
      app.post('/work', idempotent(env.ctx), async (c) => {
        await inTransaction(env.ctx.db, async (tx) => {
          await tx.execute(sql`insert into test_idempotent_work default values`);
          if (failBeforeCommit) throw unavailable('The database is not reachable right now.');
        });
        if (failAfterCommit) throw unavailable('The database is not reachable right now.');
        return c.json({ done: true }, 201);
      });
    });
    const post = async (key: string) => {
      const res = await app.request('/work', {
        method: 'POST',
        headers: { cookie: actors.guest.cookie, 'idempotency-key': key, 'content-type': 'application/json' },
        body: '{}',
      });
      return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
    };

    it('a retry hears at once that the answer was lost, and the work is never done twice', async () => {
      failAfterCommit = true;
      const key = newKey();
      const before = await works();
      const first = await post(key);
      expect(first.status).toBe(503);
      expect(await works()).toBe(before + 1);
      // A 503 does not wait for the release (the database may be away): it follows at once.
      const where = eq(idempotencyKeys.key, key);
      for (let i = 0; i < 40; i++) {
        const [row] = await env.ctx.db.select().from(idempotencyKeys).where(where);
        if (row!.locked_until.getTime() < NOW.getTime()) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // The clock has not moved: the claim's 60 s lock would still hold it.
      for (let i = 0; i < 2; i++) {
        const retry = await post(key);
        expect(retry.status).toBe(409);
        expect(retry.body.error!.code).toBe('IDEMPOTENCY_ANSWER_LOST');
      }
      // Even once the request could have worked, and after the lock's time.
      failAfterCommit = false;
      expect((await post(key)).body.error!.code).toBe('IDEMPOTENCY_ANSWER_LOST');
      env.clock.now = new Date(NOW.getTime() + 2 * 60_000);
      expect((await post(key)).body.error!.code).toBe('IDEMPOTENCY_ANSWER_LOST');
      freezeClock(env);
      expect(await works()).toBe(before + 1);
    });

    it('work that did not commit is released: the retry does it, once', async () => {
      failAfterCommit = false;
      failBeforeCommit = true;
      const key = newKey();
      const before = await works();
      expect((await post(key)).status).toBe(503);
      expect(await works()).toBe(before);
      failBeforeCommit = false;
      expect((await post(key)).status).toBe(201);
      expect(await works()).toBe(before + 1);
      const replay = await post(key);
      expect(replay.status).toBe(201);
      expect(await works()).toBe(before + 1);
    });
  });
});
