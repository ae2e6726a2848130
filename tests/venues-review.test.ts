/**
 * The admin reviews submitted venues: approve (optional notes) and reject (a reason is required),
 * with the email each queues, for every role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { venues } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  cookieOf,
  createAccounts,
  createActiveVenue,
  emailsOf,
  submitVenue,
  type Accounts,
  type Role,
} from './factories';

let env: TestEnv;
let actors: Accounts;
beforeAll(async () => {
  env = await createTestEnv();
  actors = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

const as = (role: Role) => cookieOf(actors, role);

describe('admin approval', () => {
  it.each<[Role, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['host', 403],
    ['otherHost', 403],
    ['admin', 200],
  ])('approve: %s → %i', async (role, status) => {
    const v = await submitVenue(env, actors.host);
    const res = await call(env, 'POST', `/api/admin/venues/${v.id}/approve`, { cookie: as(role), json: {} });
    expect(res.status).toBe(status);
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, v.id));
    expect(row!.is_active).toBe(status === 200);
    if (status === 403) expect(res.body.error.message).toBe('Access denied. Admin privileges required.');
  });

  it.each<[Role, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['host', 403],
    ['otherHost', 403],
    ['admin', 200],
  ])('reject: %s → %i', async (role, status) => {
    const v = await createActiveVenue(env, actors);
    const res = await call(env, 'POST', `/api/admin/venues/${v.id}/reject`, {
      cookie: as(role),
      json: { notes: 'Photos are missing.' },
    });
    expect(res.status).toBe(status);
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, v.id));
    expect(row!.is_active).toBe(status !== 200);
  });

  it('approves with optional notes and queues "venue approved" to the host', async () => {
    // Each way of asking approves a venue of its own: a second approval changes nothing.
    const first = await submitVenue(env, actors.host, { name: 'Approve Me Bar' });
    const withoutBody = await call(env, 'POST', `/api/admin/venues/${first.id}/approve`, {
      cookie: actors.admin.cookie,
    });
    expect(withoutBody.status).toBe(200);
    expect(withoutBody.body).toMatchObject({ is_active: true, review_notes: null });
    const second = await submitVenue(env, actors.host, { name: 'Approve Me Bar' });
    const emptyJson = await call(env, 'POST', `/api/admin/venues/${second.id}/approve`, {
      cookie: actors.admin.cookie,
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(emptyJson.status).toBe(200);
    const v = await submitVenue(env, actors.host, { name: 'Approve Me Bar' });
    const notJson = await call(env, 'POST', `/api/admin/venues/${v.id}/approve`, {
      cookie: actors.admin.cookie,
      body: 'notes=hi',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(415);
    const res = await call(env, 'POST', `/api/admin/venues/${v.id}/approve`, {
      cookie: actors.admin.cookie,
      json: { notes: 'Lovely photos.' },
    });
    expect(res.body).toMatchObject({ is_active: true, review_notes: 'Lovely photos.' });
    const mails = (await emailsOf(env, 'venue_approved', actors.host.email)).filter((m) =>
      m.subject.includes('Approve Me Bar'),
    );
    expect(mails).toHaveLength(3);
    expect(mails.some((m) => m.text.includes('Lovely photos.'))).toBe(true);
    expect(mails.some((m) => m.text.includes(`/venue/${v.id}`))).toBe(true);
  });

  it('approving an approved venue again writes nothing and emails no second approval', async () => {
    const v = await submitVenue(env, actors.host, { name: 'Approve Me Twice Bar' });
    const once = await call(env, 'POST', `/api/admin/venues/${v.id}/approve`, {
      cookie: actors.admin.cookie,
      json: { notes: 'Welcome.' },
    });
    expect(once.status).toBe(200);
    const [approved] = await env.ctx.db.select().from(venues).where(eq(venues.id, v.id));
    const again = await call(env, 'POST', `/api/admin/venues/${v.id}/approve`, {
      cookie: actors.admin.cookie,
      json: { notes: 'Welcome again.' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: v.id, is_active: true, review_notes: 'Welcome.' });
    const [after] = await env.ctx.db.select().from(venues).where(eq(venues.id, v.id));
    expect(after).toEqual(approved);
    const mails = (await emailsOf(env, 'venue_approved', actors.host.email)).filter((m) =>
      m.subject.includes('Approve Me Twice Bar'),
    );
    expect(mails).toHaveLength(1);
  });

  it('rejects only with a non-blank reason, and queues "venue rejected" with it', async () => {
    const v = await createActiveVenue(env, actors, { name: 'Reject Me Bar' });
    for (const json of [{}, { notes: '' }, { notes: '   ' }, { notes: null }]) {
      const res = await call(env, 'POST', `/api/admin/venues/${v.id}/reject`, {
        cookie: actors.admin.cookie,
        json,
      });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.field).toBe('notes');
    }
    const noBody = await call(env, 'POST', `/api/admin/venues/${v.id}/reject`, {
      cookie: actors.admin.cookie,
    });
    expect(noBody.status).toBe(400);
    const res = await call(env, 'POST', `/api/admin/venues/${v.id}/reject`, {
      cookie: actors.admin.cookie,
      json: { notes: 'The address could not be verified.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_active: false, review_notes: 'The address could not be verified.' });
    const [mail] = (await emailsOf(env, 'venue_rejected', actors.host.email)).filter((m) =>
      m.subject.includes('Reject Me Bar'),
    );
    expect(mail!.text).toContain('Reason: The address could not be verified.');
    // The public can no longer see it.
    expect((await call(env, 'GET', `/api/venues/${v.id}`)).status).toBe(404);
  });

  it('answers 404 for unknown venues and bad ids', async () => {
    const unknown = await call(
      env,
      'POST',
      '/api/admin/venues/4b1d3f55-0000-4000-8000-000000000000/approve',
      {
        cookie: actors.admin.cookie,
        json: {},
      },
    );
    expect(unknown.status).toBe(404);
    const bad = await call(env, 'POST', '/api/admin/venues/nope/reject', {
      cookie: actors.admin.cookie,
      json: { notes: 'x' },
    });
    expect(bad.status).toBe(404);
  });
});
