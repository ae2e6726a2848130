/**
 * Issue 15 / decision 0015: a host renaming, re-describing or adding a photo to an approved
 * venue sends it back for review (hidden from guests, the admin emailed); other edits, and the
 * admin's own edits, do not.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, venues } from '../src/server/db/schema';
import { call } from './support/client';
import { createAccounts, type Accounts } from './factories';
import { ADMIN_EMAIL, createTestEnv, type TestEnv } from './support/env';
import { insertVenue } from './factories';
import { pngImage, uploadForm } from './fixtures/images';

let env: TestEnv;
let actors: Accounts;

beforeAll(async () => {
  env = await createTestEnv();
  actors = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

const patch = (id: string, json: object, cookie = actors.host.cookie) =>
  call(env, 'PATCH', `/api/venues/${id}`, { cookie, json });
const isPublic = async (id: string) => (await call(env, 'GET', `/api/venues/${id}`)).status === 200;
const adminEmailsAbout = async (name: string) =>
  (await env.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'venue_changed_admin'))).filter(
    (m) => m.to === ADMIN_EMAIL && m.subject.includes(name),
  );

describe('changes to an approved venue', () => {
  it('a host renaming it: back to pending, hidden from guests, the admin emailed; approval restores it', async () => {
    const venue = await insertVenue(env, actors.host);
    expect(await isPublic(venue.id)).toBe(true);
    const res = await patch(venue.id, { name: 'The Renamed Room' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('The Renamed Room');
    expect(res.body.is_active).toBe(false);
    expect(res.body.review_notes).toBe("Sent back for review: the host changed the venue's name.");
    expect(await isPublic(venue.id)).toBe(false);
    const [mail] = await adminEmailsAbout('The Renamed Room');
    expect(mail!.subject).toBe('Venue changed, awaiting approval again: The Renamed Room');

    const approve = await call(env, 'POST', `/api/admin/venues/${venue.id}/approve`, {
      cookie: actors.admin.cookie,
      json: {},
    });
    expect(approve.status).toBe(200);
    expect(await isPublic(venue.id)).toBe(true);
  });

  it('a host re-describing it: back to pending', async () => {
    const venue = await insertVenue(env, actors.host);
    const res = await patch(venue.id, { description: 'Something else entirely now.' });
    expect(res.body.is_active).toBe(false);
    expect(res.body.review_notes).toBe("Sent back for review: the host changed the venue's description.");
  });

  it('a host adding a photo: back to pending', async () => {
    const venue = await insertVenue(env, actors.host);
    const res = await call(env, 'POST', `/api/venues/${venue.id}/images`, {
      cookie: actors.host.cookie,
      body: uploadForm(await pngImage(), 'new.png', 'image/png'),
    });
    expect(res.status).toBe(201);
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, venue.id));
    expect(row!.is_active).toBe(false);
    expect(row!.review_notes).toBe("Sent back for review: the host changed the venue's photos.");
  });

  it('other fields, whitespace-only edits and the admin’s own edits keep it live, with no email', async () => {
    const venue = await insertVenue(env, actors.host);
    const before = (await env.ctx.db.select().from(emailOutbox)).length;
    expect((await patch(venue.id, { base_price: 150, capacity: 80 })).body.is_active).toBe(true);
    expect((await patch(venue.id, { name: `  ${venue.name}  ` })).body.is_active).toBe(true);
    const byAdmin = await patch(venue.id, { name: 'Admin Fixed Typo' }, actors.admin.cookie);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.is_active).toBe(true);
    expect(await isPublic(venue.id)).toBe(true);
    expect((await env.ctx.db.select().from(emailOutbox)).length).toBe(before);
  });

  it('a pending venue renamed by its host stays pending (no second email); another host is refused', async () => {
    const venue = await insertVenue(env, actors.host, { is_active: false });
    const res = await patch(venue.id, { name: 'Still Pending' });
    expect(res.body.is_active).toBe(false);
    expect(await adminEmailsAbout('Still Pending')).toEqual([]);
    const active = await insertVenue(env, actors.host);
    expect((await patch(active.id, { name: 'Hijack' }, actors.otherHost.cookie)).status).toBe(403);
    expect(await isPublic(active.id)).toBe(true);
  });
});
