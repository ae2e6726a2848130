/**
 * A booking's conversation, for every endpoint and each of the six roles: only the booking's
 * guest, its venue's host and the admin read it; only the guest and the host write in it or
 * move their read marker (the admin: 403); everyone else learns nothing (404, or 401 signed
 * out). A refused call writes nothing. Then the body's validation, and exact unread counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MESSAGE_TEXT } from '../src/domain/messages';
import { bookingMessageReads, bookingMessages, type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  ROLES,
  actorOf,
  cookieOf,
  createAccounts,
  insertBooking,
  insertVenue,
  type Accounts,
  type Role,
} from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  a = await createAccounts(env);
  venue = await insertVenue(env, a.host, { name: 'Velvet & Vine' });
});
afterAll(async () => {
  await env.close();
});

const newBooking = () => insertBooking(env, venue, a.guest);
const messagesOf = (bookingId: string) =>
  env.ctx.db.select().from(bookingMessages).where(eq(bookingMessages.booking_id, bookingId));
const markersOf = (bookingId: string) =>
  env.ctx.db.select().from(bookingMessageReads).where(eq(bookingMessageReads.booking_id, bookingId));
const post = (who: Role, bookingId: string, json: unknown) =>
  call(env, 'POST', `/api/bookings/${bookingId}/messages`, { cookie: cookieOf(a, who), json });
const read = (who: Role, bookingId: string) =>
  call(env, 'GET', `/api/bookings/${bookingId}/messages`, { cookie: cookieOf(a, who) });
const markRead = (who: Role, bookingId: string) =>
  call(env, 'POST', `/api/bookings/${bookingId}/messages/read`, { cookie: cookieOf(a, who) });
const unread = (who: Role) => call(env, 'GET', '/api/me/messages/unread', { cookie: cookieOf(a, who) });

type Expected = Record<Role, number>;

describe('GET /api/bookings/:id/messages', () => {
  const expected: Expected = {
    signedOut: 401,
    guest: 200,
    otherGuest: 404,
    host: 200,
    otherHost: 404,
    admin: 200,
  };
  for (const who of ROLES) {
    it(`${who}: ${expected[who]}`, async () => {
      const b = await newBooking();
      expect((await post('guest', b.id, { body: 'Is there a coat check?' })).status).toBe(201);
      const res = await read(who, b.id);
      expect(res.status).toBe(expected[who]);
      if (res.status !== 200) {
        expect(JSON.stringify(res.body)).not.toContain('coat check');
        if (res.status === 404) expect(res.body.error.message).toBe('Booking not found');
        return;
      }
      expect(res.body.booking_id).toBe(b.id);
      expect(res.body.messages.map((m: { body: string }) => m.body)).toEqual(['Is there a coat check?']);
      expect(res.body.side).toBe(who === 'admin' ? null : who);
      expect(res.body.can_write).toBe(who !== 'admin');
      expect(res.body.unread).toBe(who === 'host' ? 1 : 0);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  }

  it('an unknown booking and a malformed id are 404 for everyone', async () => {
    for (const who of ['guest', 'host', 'admin'] as const) {
      expect((await read(who, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await read(who, 'not-a-uuid')).status).toBe(404);
    }
  });
});

describe('POST /api/bookings/:id/messages', () => {
  const expected: Expected = {
    signedOut: 401,
    guest: 201,
    otherGuest: 404,
    host: 201,
    otherHost: 404,
    admin: 403,
  };
  for (const who of ROLES) {
    it(`${who}: ${expected[who]}${expected[who] === 201 ? '' : ', nothing written'}`, async () => {
      const b = await newBooking();
      const res = await post(who, b.id, { body: `Hello from ${who}` });
      expect(res.status).toBe(expected[who]);
      const rows = await messagesOf(b.id);
      if (res.status !== 201) {
        expect(rows).toEqual([]);
        expect(await markersOf(b.id)).toEqual([]);
        if (who === 'admin') expect(res.body.error.message).toBe(MESSAGE_TEXT.adminReadOnly);
        return;
      }
      const side = who === 'guest' ? 'guest' : 'host';
      const author = actorOf(a, who)!;
      expect(res.body).toMatchObject({
        booking_id: b.id,
        kind: 'user',
        author_id: author.profile.id,
        author_role: side,
        author_name: who === 'host' ? 'Velvet & Vine' : 'Gina Guest',
        body: `Hello from ${who}`,
      });
      expect(rows).toHaveLength(1);
      expect(rows[0]!.seq).toBe(res.body.seq);
      // The writer has read up to their own message.
      const [marker] = await markersOf(b.id);
      expect(marker).toMatchObject({ profile_id: author.profile.id, last_read_seq: res.body.seq });
    });
  }
});

describe('POST /api/bookings/:id/messages/read', () => {
  const expected: Expected = {
    signedOut: 401,
    guest: 200,
    otherGuest: 404,
    host: 200,
    otherHost: 404,
    admin: 403,
  };
  for (const who of ROLES) {
    it(`${who}: ${expected[who]}`, async () => {
      const b = await newBooking();
      const first = await post('guest', b.id, { body: 'One' });
      const second = await post('host', b.id, { body: 'Two' });
      const before = await markersOf(b.id);
      const res = await markRead(who, b.id);
      expect(res.status).toBe(expected[who]);
      if (res.status !== 200) {
        expect(await markersOf(b.id)).toEqual(before);
        return;
      }
      expect(res.body).toEqual({ booking_id: b.id, last_read_seq: second.body.seq, unread: 0 });
      expect(first.body.seq).toBeLessThan(second.body.seq);
      expect((await read(who, b.id)).body.unread).toBe(0);
    });
  }
});

describe('GET /api/me/messages/unread', () => {
  it('signed out: 401', async () => {
    expect((await unread('signedOut')).status).toBe(401);
  });

  it('counts exactly, per booking and in total, for each role', async () => {
    const before = Object.fromEntries(
      await Promise.all(ROLES.filter((r) => r !== 'signedOut').map(async (r) => [r, (await unread(r)).body])),
    );
    const b1 = await newBooking();
    const b2 = await newBooking();
    await post('guest', b1.id, { body: 'a' });
    await post('guest', b1.id, { body: 'b' });
    await post('guest', b2.id, { body: 'c' });
    await post('host', b2.id, { body: 'd' });

    const host = (await unread('host')).body;
    expect(host.bookings).toEqual(
      expect.arrayContaining([
        { booking_id: b1.id, unread: 2 },
        // The host answered on b2: that counts as having read what came before.
      ]),
    );
    expect(host.bookings.find((r: { booking_id: string }) => r.booking_id === b2.id)).toBeUndefined();
    expect(host.total).toBe(before.host.total + 2);

    const guest = (await unread('guest')).body;
    expect(guest.bookings).toEqual(expect.arrayContaining([{ booking_id: b2.id, unread: 1 }]));
    expect(guest.total).toBe(before.guest.total + 1);

    for (const who of ['otherGuest', 'otherHost', 'admin'] as const) {
      const res = await unread(who);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(before[who]);
    }
    expect((await unread('admin')).body).toEqual({ total: 0, bookings: [] });

    // Reading clears exactly that booking.
    await markRead('host', b1.id);
    expect((await unread('host')).body.total).toBe(before.host.total);
    await post('guest', b1.id, { body: 'e' });
    expect((await unread('host')).body.bookings).toEqual(
      expect.arrayContaining([{ booking_id: b1.id, unread: 1 }]),
    );
  });
});

describe('the message body', () => {
  it.each([
    ['missing', {}, MESSAGE_TEXT.empty],
    ['empty', { body: '' }, MESSAGE_TEXT.empty],
    ['whitespace only', { body: '  \n\t ' }, MESSAGE_TEXT.empty],
    ['not text', { body: 12 }, MESSAGE_TEXT.notText],
    ['2,001 characters', { body: 'x'.repeat(2001) }, 'Messages can be at most 2,000 characters.'],
    ['a control character', { body: 'a\u0000b' }, MESSAGE_TEXT.controlChars],
  ])('%s → 400 with its message, nothing written', async (_label, json, message) => {
    const b = await newBooking();
    const res = await post('guest', b.id, json);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await messagesOf(b.id)).toEqual([]);
  });

  it('not JSON → 400, nothing written', async () => {
    const b = await newBooking();
    const res = await call(env, 'POST', `/api/bookings/${b.id}/messages`, {
      cookie: a.guest.cookie,
      body: '{"body": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await messagesOf(b.id)).toEqual([]);
  });

  it('exactly 2,000 characters (emoji count as one) is accepted; HTML is stored and answered as text', async () => {
    const b = await newBooking();
    expect((await post('guest', b.id, { body: '🎉'.repeat(2000) })).status).toBe(201);
    const html = '<script>alert(1)</script> see https://example.com/menu';
    const res = await post('host', b.id, { body: `  ${html}\n` });
    expect(res.status).toBe(201);
    expect(res.body.body).toBe(html);
    const thread = await read('guest', b.id);
    expect(thread.body.messages.map((m: { body: string }) => m.body)).toEqual(['🎉'.repeat(2000), html]);
    const [row] = await env.ctx.db
      .select({ n: count() })
      .from(bookingMessages)
      .where(eq(bookingMessages.booking_id, b.id));
    expect(row!.n).toBe(2);
  });
});

describe('the thread', () => {
  it('is oldest first with each side’s read marker', async () => {
    const b = await newBooking();
    const m1 = await post('guest', b.id, { body: 'first' });
    const m2 = await post('host', b.id, { body: 'second' });
    const m3 = await post('guest', b.id, { body: 'third' });
    const asHost = (await read('host', b.id)).body;
    expect(asHost.messages.map((m: { id: string }) => m.id)).toEqual([m1.body.id, m2.body.id, m3.body.id]);
    expect(asHost).toMatchObject({
      has_more: false,
      last_read_seq: m2.body.seq,
      other_last_read_seq: m3.body.seq,
      unread: 1,
    });
    const asAdmin = (await read('admin', b.id)).body;
    expect(asAdmin).toMatchObject({ side: null, can_write: false, last_read_seq: 0, unread: 0 });
  });
});
