/**
 * The signed-in person's own account (issue 31, decision 67): read and change the profile, move
 * the account to another address through a link sent there, change the password while signed
 * in, choose the optional emails, download one's data, delete the account. Each endpoint for
 * each role; a refused call writes nothing and queues no email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { addDaysToDate } from '../src/domain/calendar';
import { authUsers, bookings, emailOutbox, profiles, venues } from '../src/server/db/schema';
import { ReviewReminderWorker } from '../src/server/services/reviews';
import { call, cookieFrom, STRONG_PASSWORD, signUpAndSignIn, type Actor } from './support/client';
import { createTestEnv, type TestEnv } from './support/env';
import { insertPaidNight } from './support/reviews-fixtures';
import {
  ROLES,
  TODAY,
  createAccounts,
  emailsOf,
  freezeClock,
  insertBooking,
  insertVenue,
  outboxCount,
  type Accounts,
  type Role,
} from './factories';

let env: TestEnv;
let a: Accounts;
beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

const NEW_PASSWORD = 'MidnightJazz77';
const signedInRoles = ROLES.filter((r): r is Exclude<Role, 'signedOut'> => r !== 'signedOut');
const fresh = (role: 'user' | 'host' = 'user', name = 'Fresh Person') => signUpAndSignIn(env, { role, name });
const get = (who: Actor | null, path = '/api/account') =>
  call(env, 'GET', path, { cookie: who?.cookie ?? null });
const send = (who: Actor | null, method: string, path: string, json: unknown) =>
  call(env, method, path, { cookie: who?.cookie ?? null, json });
const signIn = (email: string, password: string) =>
  call(env, 'POST', '/api/accounts/sign-in', { json: { email, password } });
async function profileRow(id: string) {
  const [row] = await env.ctx.db.select().from(profiles).where(eq(profiles.id, id));
  return row!;
}
async function lastEmail(template: string, to: string) {
  const [row] = await env.ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.template, template))
    .orderBy(desc(emailOutbox.seq));
  return row && row.to === to ? row : undefined;
}

describe('GET /api/account', () => {
  it.each(signedInRoles)('%s reads their own account', async (role) => {
    const res = await get(a[role]);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(a[role].profile.id);
    expect(res.body.email).toBe(a[role].email);
    expect(res.body.email_preferences).toEqual({ reminders: true, messages: true, waitlist: true });
    expect(res.body.pending_email).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
  it('signed out: 401', async () => {
    expect((await get(null)).status).toBe(401);
  });
});

describe('PATCH /api/account', () => {
  it('changes the name and phone; the session shows the new name', async () => {
    const me = await fresh();
    const res = await send(me, 'PATCH', '/api/account', { full_name: '  Nia Night ', phone: '+1 555 0199' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ full_name: 'Nia Night', phone: '+1 555 0199', business_name: null });
    const session = await get(me, '/api/session');
    expect(session.body.profile).toMatchObject({ full_name: 'Nia Night', phone: '+1 555 0199' });
    expect(session.body.user.name).toBe('Nia Night');
    // The phone can be removed.
    expect(
      (await send(me, 'PATCH', '/api/account', { full_name: 'Nia Night', phone: '' })).body.phone,
    ).toBeNull();
  });
  it('a host also changes their business name; a guest cannot give one', async () => {
    const host = await fresh('host');
    const res = await send(host, 'PATCH', '/api/account', {
      full_name: 'Hal Host',
      phone: '+1 555 0142',
      business_name: 'Hal Nights LLC',
    });
    expect(res.body.business_name).toBe('Hal Nights LLC');
    const guest = await fresh();
    const g = await send(guest, 'PATCH', '/api/account', { full_name: 'Gail', business_name: 'Sneaky LLC' });
    expect(g.status).toBe(200);
    expect(g.body.business_name).toBeNull();
  });
  it.each([
    [{ full_name: '' }, 'full_name', 'Full name is required.'],
    [{ full_name: 'Ok', phone: 'call me' }, 'phone', 'Please enter a valid phone number.'],
    [{ full_name: 'x'.repeat(101) }, 'full_name', undefined],
  ])('refuses %j with a field error and changes nothing', async (body, field, message) => {
    const me = a.otherGuest;
    const before = await profileRow(me.profile.id);
    const res = await send(me, 'PATCH', '/api/account', body);
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
    if (message) expect(res.body.error.message).toBe(message);
    expect(await profileRow(me.profile.id)).toEqual(before);
  });
  it('signed out: 401', async () => {
    expect((await send(null, 'PATCH', '/api/account', { full_name: 'Nobody' })).status).toBe(401);
  });
});

describe('email change', () => {
  const linkOf = (text: string) => new URL(text.match(/https?:\/\/\S+email_change=\S+/)![0]);

  it('sends a link to the new address; opening it moves the account and tells the old address', async () => {
    const me = await fresh();
    const next = `moved.${Date.now()}@example.com`;
    const res = await send(me, 'POST', '/api/account/email', {
      email: next.toUpperCase(),
      current_password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, email: next });
    // Nothing changes until the link is opened.
    expect((await get(me)).body).toMatchObject({ email: me.email, pending_email: { email: next } });
    const mail = await lastEmail('email_change', next);
    expect(mail).toBeTruthy();
    const token = linkOf(mail!.text).searchParams.get('email_change');

    const confirmed = await call(env, 'POST', '/api/account/email/confirm', { json: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: next, role: 'user' });
    expect((await get(me)).body).toMatchObject({ email: next, pending_email: null });
    expect(await lastEmail('email_changed', me.email)).toBeTruthy();
    // Sign-in works with the new address only.
    expect((await signIn(next, STRONG_PASSWORD)).status).toBe(200);
    expect((await signIn(me.email, STRONG_PASSWORD)).status).toBe(401);
    // The link works once.
    const again = await call(env, 'POST', '/api/account/email/confirm', { json: { token } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('This email change link has already been used.');
  });

  it('refuses a wrong password, the same address, and an unknown link, sending nothing', async () => {
    const me = await fresh();
    const before = await outboxCount(env);
    const wrong = await send(me, 'POST', '/api/account/email', {
      email: 'x@example.com',
      current_password: 'Nope12345',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      field: 'current_password',
      message: 'Your current password is not correct.',
    });
    const same = await send(me, 'POST', '/api/account/email', {
      email: me.email,
      current_password: STRONG_PASSWORD,
    });
    expect(same.status).toBe(400);
    expect(same.body.error.message).toBe('That is already your email address.');
    const bad = await send(me, 'POST', '/api/account/email', {
      email: 'not-an-email',
      current_password: STRONG_PASSWORD,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('email');
    const unknown = await call(env, 'POST', '/api/account/email/confirm', { json: { token: 'made-up' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(
      'This email change link is not valid. Ask for a new one from Settings.',
    );
    expect(await outboxCount(env)).toBe(before);
  });

  it('an address taken meanwhile: the link answers 409 and nothing moves', async () => {
    const me = await fresh();
    const other = await fresh();
    await send(me, 'POST', '/api/account/email', { email: other.email, current_password: STRONG_PASSWORD });
    const token = linkOf((await lastEmail('email_change', other.email))!.text).searchParams.get(
      'email_change',
    );
    const res = await call(env, 'POST', '/api/account/email/confirm', { json: { token } });
    expect(res.status).toBe(409);
    expect((await get(me)).body.email).toBe(me.email);
  });

  it('an expired link is refused', async () => {
    const me = await fresh();
    const next = `late.${Date.now()}@example.com`;
    await send(me, 'POST', '/api/account/email', { email: next, current_password: STRONG_PASSWORD });
    const token = linkOf((await lastEmail('email_change', next))!.text).searchParams.get('email_change');
    freezeClock(env, new Date(Date.parse('2030-06-03T16:00:00Z') + 25 * 3600_000));
    try {
      const res = await call(env, 'POST', '/api/account/email/confirm', { json: { token } });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(
        'This email change link has expired. Ask for a new one from Settings.',
      );
    } finally {
      freezeClock(env);
    }
  });

  it('the admin’s address is configuration: 403', async () => {
    const res = await send(a.admin, 'POST', '/api/account/email', {
      email: 'new-admin@example.com',
      current_password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(403);
  });
  it('signed out: 401', async () => {
    expect(
      (await send(null, 'POST', '/api/account/email', { email: 'a@example.com', current_password: 'x' }))
        .status,
    ).toBe(401);
  });
});

describe('POST /api/account/password', () => {
  it('changes the password, keeps this device and signs out the others', async () => {
    const me = await fresh();
    const phone = cookieFrom((await signIn(me.email, STRONG_PASSWORD)).headers);
    const res = await send(me, 'POST', '/api/account/password', {
      current_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, ended_other_sessions: 1 });
    expect((await get(me)).status).toBe(200);
    expect((await call(env, 'GET', '/api/account', { cookie: phone })).status).toBe(401);
    expect((await signIn(me.email, STRONG_PASSWORD)).status).toBe(401);
    expect((await signIn(me.email, NEW_PASSWORD)).status).toBe(200);
    expect((await lastEmail('password_changed', me.email))?.text).toContain('changed in Settings');
  });

  it.each([
    [
      { current_password: 'Wrong12345', new_password: NEW_PASSWORD },
      'current_password',
      'Your current password is not correct.',
    ],
    // The sign-up rules, common list included (the form shows the same list).
    [
      { current_password: STRONG_PASSWORD, new_password: 'password1' },
      'new_password',
      'This password is too common.',
    ],
    [{ current_password: STRONG_PASSWORD, new_password: 'short1' }, 'new_password', 'at least 8 characters'],
    [
      { current_password: STRONG_PASSWORD, new_password: STRONG_PASSWORD },
      'new_password',
      'different from your current one',
    ],
    [{ current_password: STRONG_PASSWORD }, 'new_password', 'New password is required.'],
  ])('refuses %j and changes nothing', async (body, field, message) => {
    const me = await fresh();
    const before = await outboxCount(env);
    const res = await send(me, 'POST', '/api/account/password', body);
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
    expect(res.body.error.message).toContain(message);
    expect((await signIn(me.email, STRONG_PASSWORD)).status).toBe(200);
    expect(await outboxCount(env)).toBe(before);
  });

  it('signed out: 401', async () => {
    const res = await send(null, 'POST', '/api/account/password', {
      current_password: 'a',
      new_password: 'b',
    });
    expect(res.status).toBe(401);
  });
});

describe('email preferences', () => {
  it('switching review reminders off stops them, and only them', async () => {
    const me = await fresh();
    const off = await send(me, 'PUT', '/api/account/email-preferences', { reminders: false });
    expect(off.status).toBe(200);
    expect(off.body.email_preferences).toEqual({ reminders: false, messages: true, waitlist: true });
    // Left-out kinds stay as they were.
    const messagesOff = await send(me, 'PUT', '/api/account/email-preferences', { messages: false });
    expect(messagesOff.body.email_preferences).toEqual({ reminders: false, messages: false, waitlist: true });

    const other = await fresh();
    const venue = await insertVenue(env, a.host);
    const last = addDaysToDate(TODAY, -1);
    const mine = await insertPaidNight(env, venue, me, { date: last });
    const theirs = await insertPaidNight(env, venue, other, { date: last });
    await new ReviewReminderWorker(env.ctx).tick(new Date(`${TODAY}T13:00:00Z`));
    const reminders = await emailsOf(env, 'review_request');
    expect(reminders.filter((m) => m.text.includes(theirs.id))).toHaveLength(1);
    expect(reminders.filter((m) => m.text.includes(mine.id))).toHaveLength(0);

    // Back on: the next one goes.
    await send(me, 'PUT', '/api/account/email-preferences', { reminders: true });
    const later = await insertPaidNight(env, venue, me, { date: last });
    await new ReviewReminderWorker(env.ctx).tick(new Date(`${TODAY}T14:00:00Z`));
    expect((await emailsOf(env, 'review_request')).filter((m) => m.text.includes(later.id))).toHaveLength(1);
  });

  it('refuses a value that is not true or false', async () => {
    const me = await fresh();
    const res = await send(me, 'PUT', '/api/account/email-preferences', { reminders: 'no' });
    expect(res.status).toBe(400);
    expect((await profileRow(me.profile.id)).email_opt_out).toEqual([]);
  });
  it('signed out: 401', async () => {
    expect((await send(null, 'PUT', '/api/account/email-preferences', { reminders: false })).status).toBe(
      401,
    );
  });
});

describe('GET /api/account/export', () => {
  it('holds the person’s own rows only', async () => {
    const me = await fresh('user', 'Exa Porter');
    const other = await fresh('user', 'Otto Other');
    const venue = await insertVenue(env, a.host);
    const booking = await insertBooking(env, venue, me, { state: 'confirmed' });
    const theirs = await insertBooking(env, venue, other);
    const said = await call(env, 'POST', `/api/bookings/${booking.id}/messages`, {
      cookie: me.cookie,
      json: { body: 'Do you have a coat check?' },
    });
    expect(said.status).toBe(201);
    const replied = await call(env, 'POST', `/api/bookings/${booking.id}/messages`, {
      cookie: a.host.cookie,
      json: { body: 'Yes, by the door.' },
    });
    expect(replied.status).toBe(201);
    const res = await get(me, '/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const data = res.body;
    expect(data.account).toMatchObject({ id: me.profile.id, email: me.email, full_name: 'Exa Porter' });
    expect(data.bookings.map((b: { id: string }) => b.id)).toEqual([booking.id]);
    expect(data.messages.map((m: { body: string }) => m.body)).toEqual(['Do you have a coat check?']);
    const text = JSON.stringify(data);
    for (const foreign of [other.email, theirs.id, 'Otto Other', 'Yes, by the door.', a.host.email]) {
      expect(text).not.toContain(foreign);
    }
  });
  it('a host’s export lists their venues without the full bank numbers', async () => {
    const host = await fresh('host');
    const venue = await insertVenue(env, host);
    const res = await get(host, '/api/account/export');
    expect(res.body.venues.map((v: { id: string }) => v.id)).toEqual([venue.id]);
    expect(JSON.stringify(res.body)).not.toContain(venue.bank_account_number!);
  });
  it('signed out: 401', async () => {
    expect((await get(null, '/api/account/export')).status).toBe(401);
  });
});

describe('POST /api/account/delete', () => {
  const del = (me: Actor | null, current_password = STRONG_PASSWORD) =>
    send(me, 'POST', '/api/account/delete', { current_password });

  it('refused while a booking is upcoming, then done: personal data gone, bookings kept, signed out', async () => {
    const me = await fresh('user', 'Dee Parting');
    const venue = await insertVenue(env, a.host);
    const upcoming = await insertBooking(env, venue, me, {
      state: 'confirmed',
      contact_phone: '+1 555 0177',
    });
    const before = await profileRow(me.profile.id);
    const refused = await del(me);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'You have upcoming bookings. Cancel them, or wait until they have taken place, before deleting your account.',
    );
    expect(await profileRow(me.profile.id)).toEqual(before);

    await env.ctx.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, upcoming.id));
    const past = await insertPaidNight(env, venue, me, { daysAgo: 5 });
    expect((await del(me, 'Wrong12345')).status).toBe(400);
    const done = await del(me);
    expect(done.status).toBe(200);

    const row = await profileRow(me.profile.id);
    expect(row).toMatchObject({ full_name: 'Deleted account', phone: null });
    expect(row.deleted_at).not.toBeNull();
    expect(row.email).toBe(`deleted-${me.profile.id}@deleted.invalid`);
    const [user] = await env.ctx.db.select().from(authUsers).where(eq(authUsers.id, row.user_id));
    expect(user!.email).toBe(row.email);
    // The bookings stay for the host, without the guest's contact details.
    const kept = await env.ctx.db.select().from(bookings).where(eq(bookings.user_id, me.profile.id));
    expect(kept.map((b) => b.id).sort()).toEqual([upcoming.id, past.id].sort());
    expect(kept.every((b) => b.contact_email === row.email && b.contact_phone === null)).toBe(true);
    // Signed out everywhere, cannot sign in again; the address is free for a new account.
    expect((await get(me)).status).toBe(401);
    expect((await signIn(me.email, STRONG_PASSWORD)).status).toBe(401);
    expect(await lastEmail('account_deleted', me.email)).toBeTruthy();
    const again = await call(env, 'POST', '/api/accounts/sign-up', {
      json: { email: me.email, password: STRONG_PASSWORD, full_name: 'Dee Again' },
    });
    expect(again.status).toBe(201);
  });

  it('a host with an upcoming booking at a venue is refused; without one, their venues leave the list', async () => {
    const host = await fresh('host');
    const venue = await insertVenue(env, host);
    const booking = await insertBooking(env, venue, a.guest);
    const refused = await del(host);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('Your venues have upcoming bookings.');
    await env.ctx.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
    expect((await del(host)).status).toBe(200);
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, venue.id));
    expect(row!.is_active).toBe(false);
    const list = await call(env, 'GET', '/api/venues');
    expect(JSON.stringify(list.body)).not.toContain(venue.id);
  });

  it('the admin cannot delete the admin account: 403', async () => {
    expect((await del(a.admin)).status).toBe(403);
    expect((await get(a.admin)).status).toBe(200);
  });
  it('signed out: 401', async () => {
    expect((await del(null)).status).toBe(401);
  });
});
