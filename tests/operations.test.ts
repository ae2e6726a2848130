/**
 * The admin's operations endpoints, for each role (signed out, guest, another guest, host,
 * another host, admin): send-email and test-email (recipient required, addresses validated, HTML
 * sanitised, rate limited in the database with Retry-After), the outbox (paged, filtered, retry,
 * cancel), templates, the environment (no secret in it), the server log with request ids; and
 * the admin lists and tiles that tell the truth (rejected venues are not pending).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { emailOutbox, rateLimits, venues } from '../src/server/db/schema';
import { enqueueEmail } from '../src/server/mail/outbox';
import { TEMPLATE_NAMES } from '../src/server/mail/registry';
import { sanitizeEmailHtml } from '../src/server/services/operations';
import { createApp } from '../src/server/app';
import { createTestEnv, type TestEnv } from './support/env';
import { call, signUpAndSignIn } from './support/client';
import {
  bookingAction,
  bookingRow,
  countBookings,
  cookieOf,
  createAccounts,
  freezeClock,
  insertBooking,
  insertVenue,
  outboxCount,
  requestBooking,
  ROLES,
  type Accounts,
  type Role,
} from './factories';

/** Known secrets in the configuration: none may appear in the environment answer. */
const SECRETS = {
  AUTH_SECRET: 'auth-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  SMTP_URL: 'smtp://mailer:smtp-pa55word-XYZ@smtp.example.com:587',
  DATABASE_URL: 'postgres://velvet:db-pa55word-QRS@db.internal.example:5432/velvet_prod',
  S3_BUCKET: 'velvet-photos',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY12345',
  S3_SECRET_ACCESS_KEY: 's3-secret-key-wJalrXUtnFEMI-K7MDENG',
  STRIPE_SECRET_KEY: 'sk_test_stripe-secret-9f8e7d6c5b4a',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_stripe-publishable-1a2b3c',
  STRIPE_WEBHOOK_SECRET: 'whsec_stripe-webhook-5d6e7f',
};

let env: TestEnv;
let a: Accounts;

const cookie = (who: Role) => cookieOf(a, who) ?? undefined;

beforeAll(async () => {
  env = await createTestEnv({
    EMAIL_TOOLS_PER_MINUTE: '5',
    TEST_EMAIL_WAIT_SECONDS: '2',
    MAIL_FROM_FALLBACKS: 'Velvet Events <events@velvet.test>',
  });
  a = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});
beforeEach(async () => {
  // Each test starts with a fresh rate-limit window.
  await env.ctx.db.delete(rateLimits);
});

const EXPECTED: Record<Role, number> = {
  signedOut: 401,
  guest: 403,
  otherGuest: 403,
  host: 403,
  otherHost: 403,
  admin: 0,
};

describe('who may use the operations endpoints', () => {
  const endpoints: Array<[string, string, unknown, number]> = [
    ['POST', '/api/send-email', { to: 'x@example.com', subject: 'Hi', html: '<p>Hi</p>' }, 202],
    ['POST', '/api/test-email', { to: 'x@example.com' }, 202],
    ['GET', '/api/admin/outbox', undefined, 200],
    ['GET', '/api/admin/email-templates', undefined, 200],
    ['POST', '/api/admin/email-templates/booking_accepted/send', { to: 'x@example.com' }, 202],
    ['GET', '/api/admin/environment', undefined, 200],
    ['GET', '/api/admin/server-log', undefined, 200],
  ];
  for (const [method, path, json, ok] of endpoints) {
    it.each(ROLES)(`${method} ${path} as %s`, async (who) => {
      const before = await outboxCount(env);
      const res = await call(env, method, path, { cookie: cookie(who), json });
      expect(res.status, JSON.stringify(res.body)).toBe(who === 'admin' ? ok : EXPECTED[who]);
      if (who === 'signedOut') expect(res.body.error.code).toBe('UNAUTHENTICATED');
      if (who !== 'admin' && who !== 'signedOut') {
        expect(res.body.error.message).toBe('Access denied. Admin privileges required.');
      }
      if (who !== 'admin') expect(await outboxCount(env)).toBe(before);
    });
  }
});

describe('POST /api/send-email', () => {
  const send = (json: unknown) => call(env, 'POST', '/api/send-email', { cookie: a.admin.cookie, json });

  it.each([
    [{ subject: 'Hi', html: '<p>x</p>' }],
    [{ to: '', subject: 'Hi', html: '<p>x</p>' }],
    [{ to: '   ', subject: 'Hi', html: '<p>x</p>' }],
    [{ to: null, subject: 'Hi', html: '<p>x</p>' }],
  ])('400 without a recipient: %j', async (json) => {
    const before = await outboxCount(env);
    const res = await send(json);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Email recipient is required');
    expect(res.body.error.field).toBe('to');
    expect(await outboxCount(env)).toBe(before);
  });

  it.each([
    [{ to: 'not-an-address', subject: 'Hi', html: '<p>x</p>' }, 'Please enter a valid email address.'],
    [{ to: 'a@b.co, c@d.co', subject: 'Hi', html: '<p>x</p>' }, 'Please enter a valid email address.'],
    [{ to: 'a@b.co', subject: '', html: '<p>x</p>' }, 'Subject is required.'],
    [
      { to: 'a@b.co', subject: 'Hi\r\nBcc: victim@example.com', html: '<p>x</p>' },
      'Subject must be on one line.',
    ],
    [{ to: 'a@b.co', subject: 'Hi' }, 'Message body (html) is required.'],
    [
      { to: 'a@b.co', subject: 'Hi', html: '<p>x</p>', from: 'evil\r\nBcc: x@y.z' },
      'The sender must be an email address, optionally with a name: Name <address>.',
    ],
  ])('400 with a clear message for %j', async (json, message) => {
    const res = await send(json);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it.each(['"Evil Corp" <ceo@bigbank.com>', 'ceo@bigbank.com', 'Velvet <no-reply@velvet.test.evil.com>'])(
    '400 for a sender that is not configured (%s); nothing queued',
    async (from) => {
      const before = await outboxCount(env);
      const res = await send({ to: 'a@b.co', subject: 'Hi', html: '<p>x</p>', from });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        field: 'from',
        message:
          'The sender must be one of the configured addresses: Velvet <no-reply@velvet.test>, Velvet Events <events@velvet.test>.',
      });
      expect(await outboxCount(env)).toBe(before);
    },
  );

  it('a configured address goes out with its configured name, whatever name was typed before it', async () => {
    const res = await send({
      to: 'named@example.com',
      subject: 'Hi',
      html: '<p>x</p>',
      from: 'Evil Corp <EVENTS@velvet.test>',
    });
    expect(res.status).toBe(202);
    const [row] = await env.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, res.body.id));
    expect(row!.from_candidates).toEqual(['Velvet Events <events@velvet.test>']);
  });

  it('queues the message with sanitised HTML, a text part and the chosen sender', async () => {
    const res = await send({
      to: 'Reader@Example.com',
      subject: 'Weekend line-up',
      html: '<h1 onclick="steal()">Line-up</h1><script>alert(1)</script><p style="color:red">DJ <b>Nova</b> &amp; friends</p><a href="javascript:alert(1)">x</a><img src="https://example.com/a.png" onerror="x()">',
      from: 'Velvet Events <events@velvet.test>',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const [row] = await env.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, res.body.id));
    expect(row!.template).toBe('admin_message');
    expect(row!.to).toBe('reader@example.com');
    expect(row!.status).toBe('pending');
    expect(row!.from_candidates).toEqual(['Velvet Events <events@velvet.test>']);
    expect(row!.html).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(row!.html).toContain('<p style="color:red">DJ <b>Nova</b> &amp; friends</p>');
    expect(row!.html).toContain('<img src="https://example.com/a.png" />');
    expect(row!.text).toContain('DJ Nova & friends');
    // The worker sends it with the chosen sender.
    await env.worker.runOnce();
    const sent = env.mail.sent.find((m) => m.to === 'reader@example.com')!;
    expect(sent.from).toBe('Velvet Events <events@velvet.test>');
    expect(sent.messageId).toBe(`<${row!.id}@localhost>`);
  });

  it('429 with Retry-After past the limit; the count is kept in the database', async () => {
    env.clock.now = new Date('2030-01-01T10:00:10Z');
    try {
      for (let i = 0; i < 5; i++) {
        const ok = await send({ to: `limit${i}@example.com`, subject: 'Hi', html: '<p>x</p>' });
        expect(ok.status).toBe(202);
      }
      const before = await outboxCount(env);
      const res = await send({ to: 'limit6@example.com', subject: 'Hi', html: '<p>x</p>' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('60');
      expect(res.body.error.message).toBe(
        'Too many emails sent from the admin tools. Try again in 1 minute.',
      );
      expect(await outboxCount(env)).toBe(before);
      // test-email shares the limit.
      const test = await call(env, 'POST', '/api/test-email', {
        cookie: a.admin.cookie,
        json: { to: 'limit7@example.com' },
      });
      expect(test.status).toBe(429);
      // The five sent; the two refused gave their hits back.
      const [counter] = await env.ctx.db.select().from(rateLimits);
      expect(counter!.hits).toBe(5);
      // The next window starts afresh.
      env.clock.now = new Date('2030-01-01T10:01:10Z');
      const later = await send({ to: 'limit8@example.com', subject: 'Hi', html: '<p>x</p>' });
      expect(later.status).toBe(202);
      expect(await env.ctx.db.select().from(rateLimits)).toHaveLength(1);
    } finally {
      env.clock.now = null;
    }
  });
});

describe('POST /api/test-email', () => {
  it('400 without a recipient, with the SPEC message', async () => {
    const res = await call(env, 'POST', '/api/test-email', { cookie: a.admin.cookie, json: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Email recipient is required');
  });

  it('waits for the worker and reports the sender that worked', async () => {
    env.worker.start();
    try {
      const res = await call(env, 'POST', '/api/test-email', {
        cookie: a.admin.cookie,
        json: { to: 'tester@example.com', subject: 'Ping', html: '<p>Ping</p>' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        status: 'sent',
        to: 'tester@example.com',
        subject: 'Ping',
        senders: ['Velvet <no-reply@velvet.test>', 'Velvet Events <events@velvet.test>'],
        sent_from: 'Velvet <no-reply@velvet.test>',
        transport: 'mailbox',
        attempts: 1,
      });
    } finally {
      await env.worker.stop();
    }
  });

  it('reports a failure of the transport without losing the message', async () => {
    env.mail.failWith = new Error('connect ECONNREFUSED 127.0.0.1:25');
    env.worker.start();
    try {
      const res = await call(env, 'POST', '/api/test-email', {
        cookie: a.admin.cookie,
        json: { to: 'down@example.com' },
      });
      expect(res.status).toBe(202);
      expect(res.body.success).toBe(false);
      expect(res.body.status).toBe('pending');
      expect(res.body.last_error).toContain('ECONNREFUSED');
    } finally {
      await env.worker.stop();
      env.mail.failWith = null;
    }
  });
});

describe('the outbox', () => {
  it('is paged, filtered and searched by the server', async () => {
    await env.ctx.db.delete(emailOutbox);
    for (let i = 0; i < 25; i++) {
      await enqueueEmail(env.ctx.db, 'test_email', `page${i}@example.com`, {
        subject: `Paged ${i}`,
        html: '<p>x</p>',
        text: 'x',
      });
    }
    await env.ctx.db
      .update(emailOutbox)
      .set({ status: 'failed', last_error: 'boom', attempts: 8 })
      .where(eq(emailOutbox.to, 'page3@example.com'));
    const get = (q: string) => call(env, 'GET', `/api/admin/outbox?${q}`, { cookie: a.admin.cookie });
    const first = await get('page_size=10');
    expect(first.body.total).toBe(25);
    expect(first.body.items).toHaveLength(10);
    expect(first.body.counts).toEqual({ pending: 24, failed: 1 });
    const third = await get('page_size=10&page=3');
    expect(third.body.items).toHaveLength(5);
    const failed = await get('status=failed');
    expect(failed.body.items.map((m: { to: string }) => m.to)).toEqual(['page3@example.com']);
    expect(failed.body.items[0]).toMatchObject({ attempts: 8, last_error: 'boom' });
    const search = await get('q=page1');
    expect(search.body.total).toBe(11); // page1, page10…page19
    const all = await get('status=all&sort=oldest&page_size=100');
    expect(all.body.items[0].to).toBe('page0@example.com');
    for (const bad of ['status=lost', 'page=0', 'page_size=1000', 'sort=random']) {
      const res = await get(bad);
      expect(res.status, bad).toBe(400);
    }
  });

  it('retry and cancel: only for messages not sent; 404 for an unknown id', async () => {
    await env.ctx.db.delete(emailOutbox);
    const id = await enqueueEmail(env.ctx.db, 'test_email', 'rc@example.com', {
      subject: 'RC',
      html: '<p>x</p>',
      text: 'x',
    });
    const post = (path: string, who: Role = 'admin') => call(env, 'POST', path, { cookie: cookie(who) });
    for (const who of ROLES.filter((w) => w !== 'admin')) {
      expect((await post(`/api/admin/outbox/${id}/cancel`, who)).status).toBe(EXPECTED[who]);
      expect((await post(`/api/admin/outbox/${id}/retry`, who)).status).toBe(EXPECTED[who]);
    }
    const cancelled = await post(`/api/admin/outbox/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    await env.worker.runOnce();
    expect(env.mail.sent.some((m) => m.to === 'rc@example.com')).toBe(false);
    const retried = await post(`/api/admin/outbox/${id}/retry`);
    expect(retried.body).toMatchObject({ status: 'pending', attempts: 0 });
    await env.worker.runOnce();
    expect(env.mail.sent.filter((m) => m.to === 'rc@example.com')).toHaveLength(1);
    const again = await post(`/api/admin/outbox/${id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This message was already sent.');
    expect((await post(`/api/admin/outbox/${id}/cancel`)).status).toBe(409);
    expect((await post('/api/admin/outbox/00000000-0000-4000-8000-000000000000/retry')).status).toBe(404);
    expect((await post('/api/admin/outbox/nope/cancel')).status).toBe(404);
  });

  it('the outbox refuses a template that is not registered', async () => {
    await expect(
      enqueueEmail(env.ctx.db, 'made_up' as never, 'x@example.com', { subject: 's', html: 'h', text: 't' }),
    ).rejects.toThrow(/Unknown email template/);
  });
});

describe('templates', () => {
  it('lists every registered template with HTML and text; a sample can be sent to any address', async () => {
    const res = await call(env, 'GET', '/api/admin/email-templates', { cookie: a.admin.cookie });
    expect(res.body.templates.map((t: { name: string }) => t.name)).toEqual(TEMPLATE_NAMES);
    // The ten of SPEC §3 are all there.
    for (const name of [
      'account_confirmation',
      'venue_submitted',
      'venue_approved',
      'venue_rejected',
      'booking_submitted',
      'customer_booking_confirmation',
      'booking_confirmed',
      'booking_rejected',
      'booking_accepted',
      'booking_edited',
    ]) {
      const t = res.body.templates.find((x: { name: string }) => x.name === name);
      expect(t, name).toBeTruthy();
      expect(t.html, name).toContain('<html>');
      expect(t.text.length, name).toBeGreaterThan(20);
    }
    const sent = await call(env, 'POST', '/api/admin/email-templates/venue_rejected/send', {
      cookie: a.admin.cookie,
      json: { to: 'preview@example.com' },
    });
    expect(sent.status).toBe(202);
    const [row] = await env.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, sent.body.id));
    expect(row!.template).toBe('venue_rejected');
    expect(row!.subject).toBe('[Sample] Your venue "Velvet & Vine" was not approved');
    const missing = await call(env, 'POST', '/api/admin/email-templates/nope/send', {
      cookie: a.admin.cookie,
      json: { to: 'preview@example.com' },
    });
    expect(missing.status).toBe(404);
    const noTo = await call(env, 'POST', '/api/admin/email-templates/venue_rejected/send', {
      cookie: a.admin.cookie,
      json: {},
    });
    expect(noTo.status).toBe(400);
    expect(noTo.body.error.message).toBe('Email recipient is required');
  });
});

describe('the environment', () => {
  it('names the providers and never contains a secret', async () => {
    const secretEnv = await createTestEnv({
      ...SECRETS,
      PAYMENT_PROVIDER: 'stripe',
      MAIL_FROM_FALLBACKS: 'a@velvet.test',
    });
    try {
      const admin = await signUpAndSignIn(secretEnv, { role: 'admin' });
      const res = await call(secretEnv, 'GET', '/api/admin/environment', { cookie: admin.cookie });
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      for (const secret of [
        SECRETS.AUTH_SECRET,
        'smtp-pa55word-XYZ',
        'db-pa55word-QRS',
        SECRETS.DATABASE_URL,
        SECRETS.SMTP_URL,
        SECRETS.S3_SECRET_ACCESS_KEY,
        SECRETS.S3_ACCESS_KEY_ID,
        SECRETS.STRIPE_SECRET_KEY,
        SECRETS.STRIPE_WEBHOOK_SECRET,
      ]) {
        expect(text, secret).not.toContain(secret);
      }
      expect(res.body).toMatchObject({
        version: '0.1.0',
        database: {
          engine: secretEnv.ctx.database.engine,
          location: 'db.internal.example:5432/velvet_prod',
          migrations: { up_to_date: true },
        },
        mail: {
          smtp: { server: 'smtp://mailer:****@smtp.example.com:587' },
          fallback_senders: ['a@velvet.test'],
        },
        payments: { provider: 'stripe' },
        storage: { kind: 's3', bucket: 'velvet-photos', access_key: '****2345' },
        auth: { secret: 'set (hidden)' },
      });
      expect(res.body.uptime_seconds).toBeGreaterThanOrEqual(0);
      expect(res.body.database.migrations.latest).toBe(res.body.database.migrations.current);
    } finally {
      await secretEnv.close();
    }
  });
});

describe('the server log', () => {
  it('keeps warnings and errors with the request id of the request that caused them', async () => {
    const logEnv = await createTestEnv();
    try {
      const admin = await signUpAndSignIn(logEnv, { role: 'admin' });
      // An unexpected fault inside a request: a route that throws.
      const app = createApp(logEnv.ctx);
      app.get('/boom-for-test', () => {
        throw new Error('kaboom in a test');
      });
      const boom = await app.request('/boom-for-test');
      expect(boom.status).toBe(500);
      const requestId = boom.headers.get('x-request-id');
      expect(requestId).toBeTruthy();
      const res = await call(logEnv, 'GET', '/api/admin/server-log', { cookie: admin.cookie });
      const entry = res.body.entries.find((e: { msg: string }) => e.msg === 'unhandled error');
      expect(entry).toMatchObject({ level: 'error', request_id: requestId, err: 'Error: kaboom in a test' });
      expect(res.body.capacity).toBe(200);
      // The ring is bounded.
      for (let i = 0; i < 250; i++) logEnv.ctx.log.warn({ i }, 'noise');
      const after = await call(logEnv, 'GET', '/api/admin/server-log?limit=200', { cookie: admin.cookie });
      expect(after.body.entries).toHaveLength(200);
      expect(after.body.entries[0]).toMatchObject({ msg: 'noise', context: { i: 249 } });
    } finally {
      await logEnv.close();
    }
  });
});

describe('admin lists and tiles tell the truth', () => {
  it('a rejected venue is not pending: not in the tile, not in the queue, in its own filter', async () => {
    const pending = await insertVenue(env, a.host, { name: 'Waiting Room', is_active: false });
    const rejected = await insertVenue(env, a.host, { name: 'Turned Down', is_active: false });
    const decision = await call(env, 'POST', `/api/admin/venues/${rejected.id}/reject`, {
      cookie: a.admin.cookie,
      json: { notes: 'Photos missing.' },
    });
    expect(decision.status).toBe(200);
    const stats = await call(env, 'GET', '/api/admin/stats', { cookie: a.admin.cookie });
    const [counts] = await env.ctx.db
      .select({ inactive: sql<number>`count(*) filter (where not ${venues.is_active})`.mapWith(Number) })
      .from(venues);
    expect(stats.body.pending_venues).toBe(counts!.inactive - stats.body.rejected_venues);
    expect(stats.body.rejected_venues).toBeGreaterThanOrEqual(1);
    const list = (q: string) => call(env, 'GET', `/api/admin/venues?${q}`, { cookie: a.admin.cookie });
    const queue = await list('status=pending&page_size=100');
    const ids = queue.body.venues.map((v: { id: string }) => v.id);
    expect(ids).toContain(pending.id);
    expect(ids).not.toContain(rejected.id);
    expect(queue.body.total).toBe(stats.body.pending_venues);
    const rejectedList = await list('status=rejected');
    expect(rejectedList.body.venues.map((v: { id: string }) => v.id)).toContain(rejected.id);
    expect(rejectedList.body.counts.rejected).toBe(stats.body.rejected_venues);
    const searched = await list('q=waiting%20room');
    expect(searched.body.venues.map((v: { id: string }) => v.id)).toEqual([pending.id]);
    const byName = await list('sort=name&page_size=100');
    const names = byName.body.venues.map((v: { name: string }) => v.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const paged = await list('page_size=1&page=2');
    expect(paged.body.venues).toHaveLength(1);
    expect(paged.body.total).toBe(byName.body.total);

    // The host edits the rejected venue: it goes back to the queue, as the email promised.
    const edit = await call(env, 'PATCH', `/api/venues/${rejected.id}`, {
      cookie: a.host.cookie,
      json: { description: 'Now with photos of the main room.' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const again = await list('status=pending&page_size=100');
    expect(again.body.venues.map((v: { id: string }) => v.id)).toContain(rejected.id);
    const statsAfter = await call(env, 'GET', '/api/admin/stats', { cookie: a.admin.cookie });
    expect(statsAfter.body.pending_venues).toBe(stats.body.pending_venues + 1);
  });

  it('admin bookings are filtered, searched and paged by the server', async () => {
    const venue = await insertVenue(env, a.otherHost, { name: 'Paging Palace' });
    for (let i = 0; i < 3; i++) await insertBooking(env, venue, a.guest);
    const confirmed = await insertBooking(env, venue, a.otherGuest, { state: 'confirmed' });
    const get = (q: string) => call(env, 'GET', `/api/admin/bookings?${q}`, { cookie: a.admin.cookie });
    const search = await get('q=paging%20palace');
    expect(search.body.total).toBe(4);
    const onlyConfirmed = await get('q=paging&status=confirmed');
    expect(onlyConfirmed.body.bookings.map((b: { id: string }) => b.id)).toEqual([confirmed.id]);
    const byId = await get(`q=${confirmed.id.slice(0, 8)}`);
    expect(byId.body.bookings.map((b: { id: string }) => b.id)).toContain(confirmed.id);
    const page = await get('page_size=2&page=1');
    expect(page.body.bookings).toHaveLength(2);
    expect(page.body.total).toBe(await countBookings(env));
    expect((await get('status=lost')).status).toBe(400);
  });
});

describe('a rolled-back booking change queues no email', () => {
  it('a failure after the first email is queued undoes the booking and every email', async () => {
    freezeClock(env);
    const venue = await insertVenue(env, a.host, { name: 'Rollback Rooms' });
    // Make the second email of a booking request fail inside the transaction.
    await env.ctx.db.execute(sql`
      create or replace function test_refuse_customer_email() returns trigger language plpgsql as $$
      begin raise exception 'refused by test'; end $$`);
    await env.ctx.db.execute(sql`
      create trigger test_refuse_customer_email before insert on email_outbox
      for each row when (new.template in ('customer_booking_confirmation', 'booking_accepted'))
      execute function test_refuse_customer_email()`);
    try {
      const bookingsBefore = await countBookings(env);
      const outboxBefore = await outboxCount(env);
      const res = await requestBooking(env, a.guest, venue.id);
      expect(res.status).toBe(500);
      expect(await countBookings(env)).toBe(bookingsBefore);
      expect(await outboxCount(env)).toBe(outboxBefore); // not even the host's 'booking submitted'

      // The same for a change of an existing booking: accepting it.
      const booking = await insertBooking(env, venue, a.guest);
      const accept = await bookingAction(env, a.host, booking.id, 'approve');
      expect(accept.status).toBe(500);
      expect((await bookingRow(env, booking.id))!.status).toBe('pending');
      expect(await outboxCount(env)).toBe(outboxBefore);
    } finally {
      await env.ctx.db.execute(sql`drop trigger if exists test_refuse_customer_email on email_outbox`);
      env.clock.now = null;
    }
  });
});

describe('sanitising', () => {
  it('keeps formatting and drops anything that runs', () => {
    expect(sanitizeEmailHtml('<a href="https://velvet.test" onclick="x()">ok</a>')).toBe(
      '<a href="https://velvet.test">ok</a>',
    );
    expect(sanitizeEmailHtml('<iframe src="https://evil.test"></iframe><form><input></form>')).toBe('');
    expect(sanitizeEmailHtml('<table><tr><td style="padding:4px">cell</td></tr></table>')).toContain(
      '<td style="padding:4px">cell</td>',
    );
  });
});
