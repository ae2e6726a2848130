/**
 * The authorization matrix (issue 15): every /api endpoint (read from the endpoints' definitions,
 * which tests/openapi.test.ts holds equal to the routes the app registers) × the six roles →
 * the expected status, from the access policy (src/domain/access.ts), SPEC §2 and §6 and the
 * per-feature access tests. A route without a row fails here, as does a row whose route is gone.
 * Every answer goes through one forbidden-field check (tests/support/authz-leaks.ts): no bank
 * details or guest contact data outside the viewer's right. A refused call must leave the
 * database exactly as it was (a hash of every state table, and the row's own subject rows).
 *
 * The rows are in tests/support/authz-rows-*.ts; the shared subjects in authz-world.ts.
 * A new endpoint: add its row there, with the status each role gets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call, signUpAndSignIn, type Res } from './support/client';
import { ROLES, type Role, createAccounts, freezeClock, insertBooking, insertVenue } from './factories';
import { assertNoForbiddenFields } from './support/authz-leaks';
import { DEFINED_ROUTES } from './support/endpoints';
import {
  OTHER_BANK,
  OTHER_GUEST_PHONE,
  type Row,
  cookieFor,
  fingerprint,
  freshConfirmed,
  freshNight,
  freshReview,
  profileOf,
  secretsOf,
  takenNight,
  w,
} from './support/authz-world';
import { ACCOUNT_ROWS } from './support/authz-rows-account';
import { PUBLIC_ROWS } from './support/authz-rows-public';
import { VENUE_ROWS } from './support/authz-rows-venues';
import { BOOKING_ROWS } from './support/authz-rows-bookings';
import { MONEY_ROWS } from './support/authz-rows-money';
import { OPERATIONS_ROWS } from './support/authz-rows-operations';

const ROWS: Row[] = [
  ...PUBLIC_ROWS,
  ...ACCOUNT_ROWS,
  ...VENUE_ROWS,
  ...BOOKING_ROWS,
  ...MONEY_ROWS,
  ...OPERATIONS_ROWS,
];

let env: TestEnv;

beforeAll(async () => {
  // The test-email tool answers at once (202) instead of waiting for the outbox worker.
  env = await createTestEnv({ TEST_EMAIL_WAIT_SECONDS: '0' });
  freezeClock(env);
  const a = await createAccounts(env);
  const holder = await signUpAndSignIn(env, { role: 'user', name: 'Holly Holder' });
  Object.assign(w, {
    env,
    a,
    holder,
    venue: await insertVenue(env, a.host),
    inactive: await insertVenue(env, a.host, { is_active: false }),
    otherVenue: await insertVenue(env, a.otherHost, OTHER_BANK),
  });
  w.booking = await freshConfirmed();
  w.otherBooking = await insertBooking(env, w.venue, a.otherGuest, { contact_phone: OTHER_GUEST_PHONE });
  w.night = await freshNight();
  await freshReview();
  const said = await call(env, 'POST', `/api/bookings/${w.booking.id}/messages`, {
    cookie: a.guest.cookie,
    json: { body: 'Is there a coat check?' },
  });
  expect(said.status).toBe(201);
  const date = await takenNight();
  const waits = await call(env, 'POST', '/api/waitlist', {
    cookie: a.guest.cookie,
    json: { venue_id: w.venue.id, date, start_time: '20:00', end_time: '23:00' },
  });
  expect(waits.status).toBe(201);
  const feed = await call(env, 'POST', `/api/venues/${w.venue.id}/calendar-feed`, { cookie: a.host.cookie });
  expect(feed.status).toBe(200);
  w.feedPath = new URL(feed.body.url).pathname;
  w.secrets = secretsOf(w);
}, 120_000);
afterAll(async () => {
  await env.close();
});

/** The registered routes without a row, and the rows whose route is not registered. */
function coverage(registered: string[]) {
  const covered = new Set(ROWS.map((r) => r.route));
  return {
    missing: registered.filter((r) => !covered.has(r)),
    unknown: [...covered].filter((r) => !registered.includes(r)).sort(),
  };
}

const label = (row: Row) => `${row.route}${row.subject ? ` (${row.subject})` : ''}`;

describe('the table', () => {
  it('has a row for every endpoint, and none for a route that is not one', () => {
    const registered = DEFINED_ROUTES;
    expect(registered.length).toBeGreaterThan(60);
    // A route in `missing`: add a row to tests/support/authz-rows-*.ts with its expected statuses.
    expect(coverage(registered), 'routes without a row / rows without a route').toEqual({
      missing: [],
      unknown: [],
    });
    // And the check does catch them.
    expect(coverage([...registered, 'GET /api/new']).missing).toEqual(['GET /api/new']);
    expect(coverage(registered.slice(1)).unknown).toEqual([registered[0]]);
  });

  it('sees any change to the database a refused call might make', async () => {
    const before = await fingerprint(env);
    await env.ctx.db
      .update(bookings)
      .set({ special_requests: 'Touched.' })
      .where(eq(bookings.id, w.otherBooking.id));
    const after = await fingerprint(env);
    await env.ctx.db
      .update(bookings)
      .set({ special_requests: w.otherBooking.special_requests })
      .where(eq(bookings.id, w.otherBooking.id));
    expect(after.bookings).not.toBe(before.bookings);
    expect(await fingerprint(env)).toEqual(before);
  });

  it('agrees with who the API reference says may call each route', async () => {
    const doc = (await call(env, 'GET', '/api/openapi.json')).body;
    const successes = (row: Row) => ROLES.filter((_, i) => row.expect[i]! < 300);
    const only: Record<string, Role[]> = {
      'A signed-in guest.': ['guest', 'otherGuest'],
      'A signed-in host (of the venue, where there is one).': ['host', 'otherHost'],
      'The admin.': ['admin'],
      "The venue's host or the admin.": ['host', 'otherHost', 'admin'],
    };
    const disagreements: string[] = [];
    for (const row of ROWS) {
      const [method, path] = row.route.split(' ') as [string, string];
      const op = doc.paths[path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method.toLowerCase()];
      if (!op) continue; // the coverage test above names it
      const needsSession = op.security.length > 0;
      if (needsSession !== (row.expect[0] === 401)) disagreements.push(`${label(row)}: signed out`);
      const who = /^\*\*Who:\*\* (.*)$/m.exec(op.description)?.[1] ?? '';
      const allowed = only[who];
      if (allowed && successes(row).some((r) => !allowed.includes(r))) {
        disagreements.push(
          `${label(row)}: ${successes(row).join(', ')} succeed, the reference says "${who}"`,
        );
      }
    }
    expect(disagreements).toEqual([]);
  });
});

async function runCell(row: Row, role: Role, status: number) {
  const where = `${label(row)} as ${role}`;
  freezeClock(env);
  const prepared = await row.prepare(role);
  const method = row.route.split(' ')[0]!;
  const cookie = prepared.cookie !== undefined ? prepared.cookie : cookieFor(role);
  const refused = status >= 400;
  const before = refused ? [await fingerprint(env), await prepared.snapshot?.()] : null;
  if (prepared.at) env.clock.now = prepared.at;
  let res: Res;
  try {
    res = row.run
      ? await row.run(role, cookie)
      : await call(env, method, prepared.path, {
          cookie,
          json: prepared.json,
          body: prepared.body,
          headers: prepared.headers,
        });
  } finally {
    freezeClock(env);
  }
  expect(res.status, `${where}: ${JSON.stringify(res.body)?.slice(0, 300)}`).toBe(status);
  const judge = row.judgeAs ?? role;
  await assertNoForbiddenFields(
    env,
    { role: judge, profileId: profileOf(judge) },
    res.body,
    w.secrets,
    where,
    {
      valuesOnly: row.documentation,
    },
  );
  if (refused) {
    if (res.body && typeof res.body === 'object' && 'error' in res.body) {
      expect(res.body.error.message, where).toEqual(expect.any(String));
    }
    expect([await fingerprint(env), await prepared.snapshot?.()], `${where} changed the database`).toEqual(
      before,
    );
  } else if (row.check) {
    await row.check(role, res);
  }
}

for (const row of ROWS) {
  describe(label(row), () => {
    it.each(ROLES.map((role, i) => [role, row.expect[i]!] as const))('%s → %i', async (role, status) => {
      await runCell(row, role, status);
    });
  });
}
