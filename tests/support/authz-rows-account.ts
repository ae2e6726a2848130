/**
 * Rows of the authorization matrix: the signed-in person's own account (issue 31; the feature
 * test is tests/account.test.ts). Every role reads and changes only its own account. Calls that
 * would spoil a role's account for the other rows (email change, deletion) run on a throwaway
 * account of the same kind; the admin's own account is used where the admin is refused.
 */
import { expect } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../../src/server/db/schema';
import type { Role } from '../factories';
import {
  STRONG_PASSWORD,
  call,
  cookieFrom,
  signUpAndSignIn,
  uniqueEmail,
  withTwoFactor,
  type Actor,
} from './client';
import { totpCode } from './two-factor';
import { confirmedBooking, pay } from './payments-fixtures';
import {
  BOOKING_READERS,
  GUESTS,
  SIGNED_IN,
  once,
  type Expected,
  type Row,
  cookieFor,
  freshVenue,
  profileOf,
  w,
} from './authz-world';

/** The own account's writes the admin may not make (its address is configuration; it cannot be deleted). */
const NOT_ADMIN: Expected = [401, 200, 200, 200, 200, 403];

/** A fresh account of the role's kind, signed in (the admin: the admin's own). */
async function throwaway(role: Role): Promise<Actor | null> {
  if (role === 'signedOut') return null;
  if (role === 'admin') return w.a.admin;
  const kind = role === 'host' || role === 'otherHost' ? 'host' : 'user';
  return signUpAndSignIn(w.env, { role: kind, name: `Spare ${kind}` });
}
/** The guest's booking at the host's venue, paid through the built-in processor. */
const paidBooking = once(async () => {
  const booking = await confirmedBooking(w.env, w.venue, w.a.guest);
  await pay(w.env, w.a.guest, booking.id);
  return booking;
});

const cookieOf = (actor: Actor | null) => (actor ? actor.cookie : null);

export const ACCOUNT_ROWS: Row[] = [
  {
    route: 'GET /api/account',
    source: 'issue 31: every signed-in person reads their own account',
    expect: SIGNED_IN,
    prepare: async () => ({ path: '/api/account' }),
    check: (role, res) => expect(res.body.id).toBe(profileOf(role)),
  },
  {
    route: 'PATCH /api/account',
    subject: 'the role’s own name and phone, sent back unchanged',
    source: 'issue 31; tests/account.test.ts',
    expect: SIGNED_IN,
    prepare: async (role) => {
      if (role === 'signedOut') return { path: '/api/account', json: { full_name: 'Nobody' } };
      const me = await call(w.env, 'GET', '/api/account', { cookie: cookieFor(role) });
      const { full_name, phone, business_name } = me.body;
      return { path: '/api/account', json: { full_name, phone, business_name } };
    },
    check: (role, res) => expect(res.body.id).toBe(profileOf(role)),
  },
  {
    route: 'POST /api/account/email',
    subject: 'a throwaway account of the role’s kind (the admin: its own)',
    source: 'issue 31; decision 67: the admin’s address is ADMIN_EMAIL',
    expect: NOT_ADMIN,
    prepare: async (role) => {
      const me = await throwaway(role);
      return {
        path: '/api/account/email',
        cookie: cookieOf(me),
        json: { email: uniqueEmail('moving'), current_password: STRONG_PASSWORD },
      };
    },
  },
  {
    route: 'POST /api/account/email/confirm',
    source: 'decision 67: the link sent to the new address is the credential',
    expect: [200, 200, 200, 200, 200, 200],
    prepare: async () => {
      const me = await signUpAndSignIn(w.env, { role: 'user', name: 'Link Opener' });
      const next = uniqueEmail('moved');
      const asked = await call(w.env, 'POST', '/api/account/email', {
        cookie: me.cookie,
        json: { email: next, current_password: STRONG_PASSWORD },
      });
      expect(asked.status).toBe(200);
      const [mail] = await w.env.ctx.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, next), eq(emailOutbox.template, 'email_change')))
        .orderBy(desc(emailOutbox.seq))
        .limit(1);
      const token = new URL(mail!.text.match(/https?:\/\/\S+email_change=\S+/)![0]).searchParams.get(
        'email_change',
      );
      return { path: '/api/account/email/confirm', json: { token } };
    },
  },
  {
    route: 'POST /api/account/password',
    subject: 'a throwaway account of the role’s kind (the admin: its own, changed back after)',
    source: 'issue 31; tests/account.test.ts',
    expect: SIGNED_IN,
    prepare: async (role) => {
      const me = await throwaway(role);
      return {
        path: '/api/account/password',
        cookie: cookieOf(me),
        json: { current_password: STRONG_PASSWORD, new_password: 'LateShift2031' },
      };
    },
    check: async (role) => {
      if (role !== 'admin') return;
      const back = await call(w.env, 'POST', '/api/account/password', {
        cookie: cookieFor('admin'),
        json: { current_password: 'LateShift2031', new_password: STRONG_PASSWORD },
      });
      expect(back.status).toBe(200);
    },
  },
  /* Two-factor sign-in (decision 76): on throwaway accounts; the admin's own is on already. */
  {
    route: 'POST /api/account/two-factor/enable',
    subject: 'a throwaway account of the role’s kind (the admin: its own, which has it on: 409)',
    source: 'decision 76; tests/accounts-two-factor.test.ts',
    expect: [401, 200, 200, 200, 200, 409],
    prepare: async (role) => {
      const me = await throwaway(role);
      return {
        path: '/api/account/two-factor/enable',
        cookie: cookieOf(me),
        json: { current_password: STRONG_PASSWORD },
      };
    },
  },
  {
    route: 'POST /api/account/two-factor/confirm',
    subject: 'a throwaway account that started enrolment (the admin: its own, which has it on: 409)',
    source: 'decision 76; tests/accounts-two-factor.test.ts',
    expect: [401, 200, 200, 200, 200, 409],
    prepare: async (role) => {
      const me = await throwaway(role);
      let code = '123456';
      if (me && role !== 'admin') {
        const started = await call(w.env, 'POST', '/api/account/two-factor/enable', {
          cookie: me.cookie,
          json: { current_password: STRONG_PASSWORD },
        });
        code = totpCode(started.body.secret);
      }
      return { path: '/api/account/two-factor/confirm', cookie: cookieOf(me), json: { code } };
    },
  },
  {
    route: 'POST /api/account/two-factor/recovery-codes',
    subject: 'a throwaway account with two-factor on (the admin: its own)',
    source: 'decision 76; tests/accounts-two-factor.test.ts',
    expect: SIGNED_IN,
    prepare: async (role) => {
      const me = role === 'admin' ? w.a.admin : await throwaway(role);
      const on = me && role !== 'admin' ? await withTwoFactor(w.env, me) : me;
      return {
        path: '/api/account/two-factor/recovery-codes',
        cookie: cookieOf(on),
        json: { current_password: STRONG_PASSWORD },
      };
    },
  },
  {
    route: 'POST /api/account/two-factor/disable',
    subject: 'a throwaway account with two-factor on (the admin: its own, turned on again after)',
    source: 'decision 76; tests/accounts-two-factor.test.ts',
    expect: SIGNED_IN,
    prepare: async (role) => {
      const me = role === 'admin' ? w.a.admin : await throwaway(role);
      const on = me && role !== 'admin' ? await withTwoFactor(w.env, me) : me;
      return {
        path: '/api/account/two-factor/disable',
        cookie: cookieOf(on),
        json: { current_password: STRONG_PASSWORD },
      };
    },
    // The plugin gave the admin a new session: the other rows go on with it, two-factor on again.
    check: async (role, res) => {
      if (role !== 'admin') return;
      w.a.admin = await withTwoFactor(w.env, { ...w.a.admin, cookie: cookieFrom(res.headers) });
    },
  },
  {
    route: 'PUT /api/account/email-preferences',
    subject: 'the role’s own preferences, all on (as they are)',
    source: 'issue 31; tests/account.test.ts',
    expect: SIGNED_IN,
    prepare: async () => ({
      path: '/api/account/email-preferences',
      json: { reminders: true, messages: true, waitlist: true },
    }),
    check: (role, res) => expect(res.body.id).toBe(profileOf(role)),
  },
  {
    route: 'GET /api/account/export',
    source: 'issue 31: one’s own data only (tests/account.test.ts checks no other person’s rows)',
    expect: SIGNED_IN,
    prepare: async () => ({ path: '/api/account/export' }),
    check: (role, res) => expect(res.body.account.id).toBe(profileOf(role)),
  },
  {
    route: 'POST /api/account/delete',
    subject: 'a throwaway account of the role’s kind (the admin: its own)',
    source: 'issue 31; decision 67: the admin account cannot be deleted',
    expect: NOT_ADMIN,
    prepare: async (role) => {
      const me = await throwaway(role);
      return {
        path: '/api/account/delete',
        cookie: cookieOf(me),
        json: { current_password: STRONG_PASSWORD },
      };
    },
  },

  /* ---------- saved venues ---------- */
  {
    route: 'GET /api/me/saved-venues',
    source: 'issue 31: a guest’s own list; tests/saved-venues.test.ts',
    expect: GUESTS,
    prepare: async () => ({ path: '/api/me/saved-venues' }),
  },
  {
    route: 'PUT /api/me/saved-venues/:id',
    subject: 'a fresh listed venue',
    source: 'issue 31; tests/saved-venues.test.ts',
    expect: GUESTS,
    prepare: async () => ({ path: `/api/me/saved-venues/${(await freshVenue()).id}` }),
  },
  {
    route: 'DELETE /api/me/saved-venues/:id',
    subject: 'the host’s venue (saved or not, the answer is the same)',
    source: 'issue 31; tests/saved-venues.test.ts',
    expect: GUESTS,
    prepare: async () => ({ path: `/api/me/saved-venues/${w.venue.id}` }),
  },

  /* ---------- receipts ---------- */
  {
    route: 'GET /api/bookings/:id/receipt',
    subject: 'the guest’s paid booking',
    source: 'access.ts BOOKING_ACTIONS.read; tests/receipts.test.ts',
    expect: BOOKING_READERS,
    prepare: async () => ({ path: `/api/bookings/${(await paidBooking()).id}/receipt` }),
  },
  {
    route: 'GET /api/bookings/:id/receipt.pdf',
    subject: 'the guest’s paid booking',
    source: 'access.ts BOOKING_ACTIONS.read; tests/receipts.test.ts',
    expect: BOOKING_READERS,
    prepare: async () => ({ path: `/api/bookings/${(await paidBooking()).id}/receipt.pdf` }),
  },
];
