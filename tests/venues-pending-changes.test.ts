/**
 * Issue 30 / decision 74 (supersedes 15): a host renaming, re-describing or adding a photo to an
 * approved venue keeps it live as approved — guests see and book the approved version — while
 * the changes wait for the admin, who is emailed once. Approving applies them; declining drops
 * them (and the declined photos' files). Other edits, whitespace-only edits and the admin's own
 * edits apply at once; a pending venue stays pending; another host is refused.
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
const publicView = async (id: string) => call(env, 'GET', `/api/venues/${id}`);
const adminEmailsAbout = async (name: string) =>
  (await env.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'venue_changed_admin'))).filter(
    (m) => m.to === ADMIN_EMAIL && m.subject.includes(name),
  );
const decide = (id: string, action: 'approve' | 'reject', notes?: string) =>
  call(env, 'POST', `/api/admin/venues/${id}/${action}`, {
    cookie: actors.admin.cookie,
    json: notes ? { notes } : {},
  });
describe('changes to an approved venue', () => {
  it('a host fixing a typo: the venue stays live as approved, the change waits, the admin is emailed once; approval applies it', async () => {
    const venue = await insertVenue(env, actors.host, { name: 'The Velvet Rooom' });
    const res = await patch(venue.id, { name: 'The Velvet Room', description: 'Cocktails until late.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      is_active: true,
      name: 'The Velvet Rooom',
      pending_name: 'The Velvet Room',
      pending_description: 'Cocktails until late.',
    });
    expect(res.body.pending_since).toBeTruthy();
    // Guests: the page and new bookings go on, with the approved content; nothing pending leaks.
    const seen = await publicView(venue.id);
    expect(seen.status).toBe(200);
    expect(seen.body.name).toBe('The Velvet Rooom');
    expect(seen.body).not.toHaveProperty('pending_name');
    const list = await call(env, 'GET', '/api/venues');
    expect(list.body.venues.some((v: { id: string }) => v.id === venue.id)).toBe(true);
    // One email, however many edits.
    await patch(venue.id, { name: 'The Velvet Room.' });
    await patch(venue.id, { name: 'The Velvet Room' });
    const mails = await adminEmailsAbout('The Velvet Rooom');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Venue changes awaiting approval: The Velvet Rooom');
    // The admin's queue lists it.
    const queue = await call(env, 'GET', '/api/admin/venues?status=pending&page_size=100', {
      cookie: actors.admin.cookie,
    });
    expect(queue.body.venues.find((v: { id: string }) => v.id === venue.id)).toMatchObject({
      pending_name: 'The Velvet Room',
    });

    const approve = await decide(venue.id, 'approve');
    expect(approve.status).toBe(200);
    expect(approve.body).toMatchObject({
      is_active: true,
      name: 'The Velvet Room',
      description: 'Cocktails until late.',
      pending_name: null,
      pending_description: null,
      pending_since: null,
      pending_images: [],
    });
    expect((await publicView(venue.id)).body.name).toBe('The Velvet Room');
    const [live] = await env.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, 'Your changes to "The Velvet Room" are live'));
    expect(live).toBeTruthy();
  });

  it('a new photo waits unseen by guests; declining drops it and keeps the approved version live', async () => {
    const venue = await insertVenue(env, actors.host);
    const up = await call(env, 'POST', `/api/venues/${venue.id}/images`, {
      cookie: actors.host.cookie,
      body: uploadForm(await pngImage(), 'new.png', 'image/png'),
    });
    expect(up.status).toBe(201);
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, venue.id));
    expect(row!.is_active).toBe(true);
    expect(row!.images).not.toContain(up.body.image.path);
    expect(row!.pending_images).toEqual([up.body.image.path]);
    expect((await publicView(venue.id)).body.images.map((i: { path: string }) => i.path)).not.toContain(
      up.body.image.path,
    );
    const owner = await call(env, 'GET', `/api/venues/${venue.id}`, { cookie: actors.host.cookie });
    expect(owner.body.pending_images.map((i: { path: string }) => i.path)).toEqual([up.body.image.path]);

    expect((await decide(venue.id, 'reject')).status).toBe(400); // a reason is required
    const reject = await decide(venue.id, 'reject', 'The photo shows another venue.');
    expect(reject.status).toBe(200);
    expect(reject.body).toMatchObject({ is_active: true, pending_images: [], pending_since: null });
    expect((await publicView(venue.id)).status).toBe(200);
    expect(await env.ctx.storage.get(up.body.image.path)).toBeNull();
    const [mail] = await env.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Your changes to "${venue.name}" were not approved`));
    expect(mail!.text).toContain('The photo shows another venue.');
  });

  it('a host may withdraw a waiting photo, and setting a field back to its approved value withdraws that change', async () => {
    const venue = await insertVenue(env, actors.host);
    const up = await call(env, 'POST', `/api/venues/${venue.id}/images`, {
      cookie: actors.host.cookie,
      body: uploadForm(await pngImage(), 'maybe.png', 'image/png'),
    });
    const removed = await call(
      env,
      'DELETE',
      `/api/venues/${venue.id}/images?path=${encodeURIComponent(up.body.image.path)}`,
      { cookie: actors.host.cookie },
    );
    expect(removed.status).toBe(200);
    await patch(venue.id, { name: 'Temporary' });
    const back = await patch(venue.id, { name: venue.name });
    expect(back.body).toMatchObject({ pending_name: null, pending_images: [], pending_since: null });
  });

  it('other fields, whitespace-only edits and the admin’s own edits apply at once, with no email', async () => {
    const venue = await insertVenue(env, actors.host);
    const before = (await env.ctx.db.select().from(emailOutbox)).length;
    const priced = await patch(venue.id, { base_price: 150, capacity: 80 });
    expect(priced.body).toMatchObject({ is_active: true, capacity: 80, pending_since: null });
    expect((await patch(venue.id, { name: `  ${venue.name}  ` })).body.pending_since).toBeNull();
    const byAdmin = await patch(venue.id, { name: 'Admin Fixed Typo' }, actors.admin.cookie);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ is_active: true, name: 'Admin Fixed Typo', pending_since: null });
    expect((await env.ctx.db.select().from(emailOutbox)).length).toBe(before);
  });

  it('a pending venue renamed by its host is renamed (still pending, no email); another host is refused', async () => {
    const venue = await insertVenue(env, actors.host, { is_active: false });
    const res = await patch(venue.id, { name: 'Still Pending' });
    expect(res.body).toMatchObject({ is_active: false, name: 'Still Pending', pending_since: null });
    expect(await adminEmailsAbout('Still Pending')).toEqual([]);
    const active = await insertVenue(env, actors.host);
    expect((await patch(active.id, { name: 'Hijack' }, actors.otherHost.cookie)).status).toBe(403);
    expect((await publicView(active.id)).body.name).toBe(active.name);
  });
});
