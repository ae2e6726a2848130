/**
 * Rows of the authorization matrix: the system endpoints, accounts and dashboard tiles.
 * Accounts endpoints answer everyone alike (a session cookie changes nothing); the writes among
 * them use throwaway accounts, never the six roles' own.
 */
import { expect } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../../src/server/db/schema';
import type { Role } from '../factories';
import {
  STRONG_PASSWORD,
  call,
  confirmationLink,
  cookieFrom,
  signUpAndSignIn,
  uniqueEmail,
  withTwoFactor,
} from './client';
import { totpCode } from './two-factor';
import { openStream } from './sse';
import {
  ADMIN_ONLY,
  ANYONE,
  GUESTS,
  HOSTS,
  type Row,
  cookieFor,
  freshBooking,
  once,
  profileOf,
  w,
} from './authz-world';

const signIn = (email: string, portal: 'user' | 'host') =>
  call(w.env, 'POST', '/api/accounts/sign-in', { json: { email, password: STRONG_PASSWORD, portal } });

const portalOf = (role: Role) => (role === 'host' || role === 'otherHost' ? 'host' : 'user');

/** A confirmed guest account no role owns (sign-in, forgot and reset use it). */
const spare = once(() => signUpAndSignIn(w.env, { role: 'user', name: 'Spare Guest' }));
const spareWithTwoFactor = once(async () =>
  withTwoFactor(w.env, await signUpAndSignIn(w.env, { role: 'user', name: 'Spare Twofactor' })),
);
const resettable = once(() => signUpAndSignIn(w.env, { role: 'user', name: 'Reset Guest' }));
/** An account that signed up and never confirmed. */
const unconfirmed = once(async () => {
  const email = uniqueEmail('unconfirmed');
  const res = await call(w.env, 'POST', '/api/accounts/sign-up', {
    json: { email, password: STRONG_PASSWORD, full_name: 'Una Confirmed' },
  });
  expect(res.status).toBe(201);
  return email;
});

/** The newest reset link of an address, from the outbox. */
async function resetLink(email: string): Promise<URL> {
  const asked = await call(w.env, 'POST', '/api/accounts/forgot-password', { json: { email } });
  expect(asked.status).toBe(200);
  const mails = await w.env.ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, 'password_reset')))
    .orderBy(desc(emailOutbox.seq))
    .limit(1);
  const href = mails[0]?.text.match(/https?:\/\/\S+reset-password\S+/)?.[0];
  expect(href, `a reset link to ${email}`).toBeTruthy();
  return new URL(href!);
}

export const PUBLIC_ROWS: Row[] = [
  /* ---------- system ---------- */
  {
    route: 'GET /api/health',
    source: 'the definition: anyone',
    expect: ANYONE,
    prepare: async () => ({ path: '/api/health' }),
  },
  {
    route: 'GET /api/health/live',
    source: 'the definition: anyone (a probe has no session)',
    expect: ANYONE,
    prepare: async () => ({ path: '/api/health/live' }),
  },
  {
    route: 'GET /api/health/ready',
    source: 'the definition: anyone (a probe has no session)',
    expect: ANYONE,
    prepare: async () => ({ path: '/api/health/ready' }),
  },
  {
    route: 'GET /api/config',
    source: 'the definition: anyone',
    expect: ANYONE,
    prepare: async () => ({ path: '/api/config' }),
  },
  {
    route: 'GET /api/openapi.json',
    source: 'tests/openapi.test.ts: served to every role',
    expect: ANYONE,
    documentation: true,
    prepare: async () => ({ path: '/api/openapi.json' }),
  },
  {
    route: 'GET /api/docs',
    source: 'tests/openapi.test.ts',
    expect: ANYONE,
    documentation: true,
    prepare: async () => ({ path: '/api/docs' }),
    check: (_role, res) => expect(res.headers.get('content-type')).toMatch(/^text\/html/),
  },
  {
    route: 'GET /api/events',
    subject: 'a new booking of the guest at the host’s venue',
    source: 'access.ts BOOKING_ACTIONS.read (the realtime filter); tests/bookings-events.test.ts',
    expect: ANYONE,
    prepare: async () => ({ path: '/api/events' }),
    // Opens the stream, makes a booking, and answers the events seen as the body.
    run: async (role) => {
      const stream = await openStream(w.env, role === 'signedOut' ? null : w.a[role]);
      try {
        expect(await stream.waitFor((e) => e.event === 'ready', 5000)).not.toBeNull();
        const booking = await freshBooking();
        const sees = ['guest', 'host', 'admin'].includes(role);
        const isThis = (e: { event: string; data: string }) =>
          e.event === 'booking' && e.data.includes(booking.id);
        const seen = await stream.waitFor(isThis, sees ? 10_000 : 300);
        expect(seen !== null, `${role} ${sees ? 'sees' : 'does not see'} the booking's event`).toBe(sees);
        return { status: 200, body: stream.events, headers: new Headers() };
      } finally {
        await stream.close();
      }
    },
  },

  /* ---------- accounts ---------- */
  {
    route: 'POST /api/accounts/sign-up',
    source: 'SPEC §2 /user-auth public; the definition: anyone',
    expect: [201, 201, 201, 201, 201, 201],
    prepare: async () => ({
      path: '/api/accounts/sign-up',
      json: { email: uniqueEmail('matrix'), password: STRONG_PASSWORD, full_name: 'New Comer' },
    }),
  },
  {
    route: 'POST /api/accounts/sign-in',
    source: 'SPEC §2 /user-auth public',
    expect: ANYONE,
    prepare: async () => ({
      path: '/api/accounts/sign-in',
      json: { email: (await spare()).email, password: STRONG_PASSWORD, portal: 'user' },
    }),
    check: async (_role, res) => expect(res.body.profile.id).toBe((await spare()).profile.id),
  },
  {
    route: 'POST /api/accounts/sign-in/two-factor',
    subject: 'a spare guest with two-factor on, after its password step (the step’s cookie is the caller’s)',
    source: 'decision 76: the second step of a sign-in, open to anyone holding the step',
    expect: ANYONE,
    prepare: async () => {
      const me = await spareWithTwoFactor();
      const step = await signIn(me.email, 'user');
      expect(step.body.two_factor_required).toBe(true);
      return {
        path: '/api/accounts/sign-in/two-factor',
        cookie: cookieFrom(step.headers),
        json: { method: 'totp', code: totpCode(me.totpSecret!) },
      };
    },
    check: async (_role, res) => expect(res.body.profile.id).toBe((await spareWithTwoFactor()).profile.id),
  },
  {
    route: 'POST /api/accounts/sign-out',
    subject: 'a second session of the role’s own account',
    source: 'decision 20: sign-out ends this device’s session',
    expect: ANYONE,
    prepare: async (role) => {
      if (role === 'signedOut') return { path: '/api/accounts/sign-out', json: {} };
      const again = await signIn(w.a[role].email, portalOf(role));
      expect(again.status).toBe(200);
      return { path: '/api/accounts/sign-out', json: {}, cookie: cookieFrom(again.headers) };
    },
    // The role's own session still works.
    check: async (role) => {
      const session = await call(w.env, 'GET', '/api/session', { cookie: cookieFor(role) });
      expect(session.body.profile?.id ?? null).toBe(profileOf(role));
    },
  },
  {
    route: 'POST /api/accounts/forgot-password',
    source: 'the definition: anyone, the same answer for every address',
    expect: ANYONE,
    prepare: async () => ({ path: '/api/accounts/forgot-password', json: { email: (await spare()).email } }),
  },
  {
    route: 'POST /api/accounts/reset-password',
    source: 'decision 20: the reset link is the credential',
    expect: ANYONE,
    prepare: async () => {
      const link = await resetLink((await resettable()).email);
      return {
        path: '/api/accounts/reset-password',
        json: {
          token: link.searchParams.get('token'),
          email: link.searchParams.get('email'),
          password: 'LateShift2031',
        },
      };
    },
  },
  {
    route: 'POST /api/accounts/confirm',
    source: 'SPEC §2 /confirm-email public',
    expect: ANYONE,
    prepare: async () => {
      const email = uniqueEmail('confirm');
      const res = await call(w.env, 'POST', '/api/accounts/sign-up', {
        json: { email, password: STRONG_PASSWORD, full_name: 'Con Firm' },
      });
      expect(res.status).toBe(201);
      const link = await confirmationLink(w.env, email);
      return {
        path: '/api/accounts/confirm',
        json: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
      };
    },
  },
  {
    route: 'POST /api/accounts/resend-confirmation',
    source: 'SPEC §2 /email-confirmation public',
    expect: ANYONE,
    prepare: async () => ({
      path: '/api/accounts/resend-confirmation',
      json: { email: await unconfirmed() },
    }),
  },
  {
    route: 'GET /api/session',
    source: 'the definition: anyone (null when signed out)',
    expect: ANYONE,
    prepare: async () => ({ path: '/api/session' }),
    check: (role, res) => expect(res.body.profile?.id ?? null).toBe(profileOf(role)),
  },

  /* ---------- dashboard tiles ---------- */
  {
    route: 'GET /api/venues/stats',
    source: 'SPEC §2 Home public',
    expect: ANYONE,
    prepare: async () => ({ path: '/api/venues/stats' }),
  },
  {
    route: 'GET /api/host/stats',
    source: 'SPEC §2 /host-dashboard host only; tests/dashboards-tiles.test.ts',
    expect: HOSTS,
    prepare: async () => ({ path: '/api/host/stats' }),
  },
  {
    route: 'GET /api/me/bookings/stats',
    source: 'SPEC §2 /user-dashboard role user only; tests/dashboards-tiles.test.ts',
    expect: GUESTS,
    prepare: async () => ({ path: '/api/me/bookings/stats' }),
  },
  {
    route: 'GET /api/admin/stats',
    source: 'SPEC §2 /admin-dashboard admin only',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/stats' }),
  },
  {
    route: 'GET /api/admin/mailbox',
    source: 'SPEC §6 admin email tools',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/mailbox' }),
  },
];
