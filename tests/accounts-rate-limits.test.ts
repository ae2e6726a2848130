/**
 * Issue 15, rate limits (kept in the database, shared by every server process) and account
 * enumeration: sign-in per account, per address and per address across accounts; sign-up per
 * address and per email; resend; booking requests; equal timing of sign-up and resend answers.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app';
import { emailOutbox } from '../src/server/db/schema';
import { ACCOUNT_ANSWER_MS, LIMITS } from '../src/server/http/rate-limits';
import { SIGN_IN_MAX_FAILURES, SIGN_IN_SLOW_AFTER } from '../src/server/services/accounts/shared';
import { slowDownMs } from '../src/server/services/accounts/sign-in';
import { call, STRONG_PASSWORD, uniqueEmail } from './support/client';
import { createAccounts, type Accounts } from './factories';
import { createTestEnv, type TestEnv } from './support/env';
import { bookingBody, insertVenue, freezeClock, NOW } from './factories';

let env: TestEnv;
let actors: Accounts;

beforeAll(async () => {
  // TRUST_PROXY lets each test speak from its own address through X-Forwarded-For.
  env = await createTestEnv({ RATE_LIMITS: 'true', TRUST_PROXY: 'true' });
  // The actors are created before the clock is frozen, from their own address.
  actors = await createAccounts(env);
  freezeClock(env);
});
afterAll(async () => {
  await env.close();
});

let addressCounter = 0;
const newAddress = () => `198.51.100.${++addressCounter}`;

const from = (address: string) => ({ 'x-forwarded-for': address });

const signIn = (address: string, email: string, password = 'WrongPassword99') =>
  call(env, 'POST', '/api/accounts/sign-in', { json: { email, password }, headers: from(address) });

const moveClock = (ms: number) => {
  env.clock.now = new Date(env.clock.now!.getTime() + ms);
};

describe('sign-in', () => {
  it('101 bad attempts on 101 accounts from one address hit 429 (after 20)', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await signIn(address, `victim${i}@example.com`)).status);
    expect(statuses.slice(0, LIMITS.signInPerAddress.max)).toEqual(
      Array(LIMITS.signInPerAddress.max).fill(401),
    );
    expect(statuses.slice(LIMITS.signInPerAddress.max).every((s) => s === 429)).toBe(true);
  });

  it('a password spray of 20 accounts × 5 guesses hits 429, with Retry-After and a message', async () => {
    const address = newAddress();
    const answers = [];
    for (let guess = 0; guess < 5; guess++)
      for (let account = 0; account < 20; account++)
        answers.push(await signIn(address, `spray${account}@example.com`, `Guess${guess}Password`));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBe(100 - LIMITS.signInPerAddress.max);
    const first = limited[0]!;
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(first.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(first.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(first.body.error.message).toMatch(
      /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
    );
  });

  it('one account guessed from many addresses is never blocked, only slowed; its owner still signs in', async () => {
    const answers: Array<{ status: number; ms: number }> = [];
    for (let i = 0; i < SIGN_IN_SLOW_AFTER + 2; i++) {
      const started = performance.now();
      const res = await signIn(newAddress(), actors.otherGuest.email);
      answers.push({ status: res.status, ms: performance.now() - started });
    }
    expect(answers.map((a) => a.status)).toEqual(Array(SIGN_IN_SLOW_AFTER + 2).fill(401));
    // Past the threshold each attempt waits longer: the 11th ≥ 250 ms, the 12th ≥ 500 ms.
    expect(answers[SIGN_IN_SLOW_AFTER]!.ms).toBeGreaterThanOrEqual(slowDownMs(SIGN_IN_SLOW_AFTER) - 5);
    expect(answers[SIGN_IN_SLOW_AFTER + 1]!.ms).toBeGreaterThanOrEqual(
      slowDownMs(SIGN_IN_SLOW_AFTER + 1) - 5,
    );
    expect(slowDownMs(SIGN_IN_SLOW_AFTER + 1)).toBe(2 * slowDownMs(SIGN_IN_SLOW_AFTER));
    expect(slowDownMs(SIGN_IN_SLOW_AFTER - 1)).toBe(0);
    expect(slowDownMs(10_000)).toBe(3000);
    // The owner, from their own address, is let in (slowed, not refused).
    expect((await signIn(newAddress(), actors.otherGuest.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('one account from one address: 5 failures, then 429 with Retry-After for that address only', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < SIGN_IN_MAX_FAILURES + 1; i++) {
      const res = await signIn(address, actors.host.email);
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses).toEqual([...Array(SIGN_IN_MAX_FAILURES).fill(401), 429]);
    const retryAfter = Number(limited!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited!.body.error.message).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
    // Even the right password waits at that address; from anywhere else the owner signs in.
    expect((await signIn(address, actors.host.email, STRONG_PASSWORD)).status).toBe(429);
    expect((await signIn(newAddress(), actors.host.email, STRONG_PASSWORD)).status).toBe(200);
    moveClock(16 * 60_000);
    expect((await signIn(address, actors.host.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('anonymous calls to a signed-in endpoint do not use up the budget of a person at the same address', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMITS.paymentsPerAddress.max + 5; i++) {
      const res = await call(env, 'POST', '/api/create-payment', {
        json: { booking_id: '4b1d3f55-0000-4000-8000-000000000000' },
        headers: from(address),
      });
      expect(res.status).toBe(401);
    }
    const signedIn = await call(env, 'POST', '/api/create-payment', {
      json: { booking_id: '4b1d3f55-0000-4000-8000-000000000000' },
      cookie: actors.guest.cookie,
      headers: from(address),
    });
    expect(signedIn.status).not.toBe(429);
  });

  it('a concurrent burst is counted exactly (the counter is one atomic upsert)', async () => {
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(address, `burst${i}@example.com`)),
    );
    expect(answers.filter((a) => a.status === 401).length).toBe(LIMITS.signInPerAddress.max);
    expect(answers.filter((a) => a.status === 429).length).toBe(30 - LIMITS.signInPerAddress.max);
  });

  it('successful sign-ins do not count: 25 from one address all succeed', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMITS.signInPerAddress.max + 5; i++) {
      const res = await signIn(address, actors.guest.email, STRONG_PASSWORD);
      expect(res.status, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it('the counters live in the database: a second app (another process) sees the same limit', async () => {
    const address = newAddress();
    const other = createApp(env.ctx);
    for (let i = 0; i < LIMITS.signInPerAddress.max; i++) await signIn(address, `shared${i}@example.com`);
    const res = await other.request('/api/accounts/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from(address) },
      body: JSON.stringify({ email: 'shared-last@example.com', password: 'WrongPassword99' }),
    });
    expect(res.status).toBe(429);
  });
});

const signUp = (address: string, email: string, password = STRONG_PASSWORD) =>
  call(env, 'POST', '/api/accounts/sign-up', {
    json: { email, password, full_name: 'Sam Signup' },
    headers: from(address),
  });

async function confirmationsTo(email: string) {
  const [row] = await env.ctx.db
    .select({ n: count() })
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email.toLowerCase()));
  return row?.n ?? 0;
}

describe('sign-up and resend', () => {
  it('sign-ups per address are limited (the 11th within the hour is 429)', async () => {
    const address = newAddress();
    const statuses = await Promise.all(
      Array.from({ length: LIMITS.signUpPerAddress.max + 3 }, () =>
        signUp(address, uniqueEmail('many')).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201).length).toBe(LIMITS.signUpPerAddress.max);
    expect(statuses.filter((s) => s === 429).length).toBe(3);
  });

  it('a password the server refuses does not use up the sign-up allowance: the corrected one is 201', async () => {
    const address = newAddress();
    const email = uniqueEmail('fixed');
    const weak = await signUp(address, email, 'password1');
    expect(weak.status).toBe(400);
    const fixed = await signUp(address, email);
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    expect(await confirmationsTo(email)).toBe(1);
  });

  it('30 sign-ups with one unconfirmed address within a minute send one confirmation email', async () => {
    const email = uniqueEmail('again');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await signUp(newAddress(), email)).status);
    expect(statuses.filter((s) => s === 201).length).toBe(LIMITS.confirmationPerEmailBurst.max);
    expect(await confirmationsTo(email)).toBe(1);
    // The refused ones did not count against the hour: a minute later the next one goes out,
    // and the hour still allows 3 emails in all.
    moveClock(61_000);
    expect((await signUp(newAddress(), email)).status).toBe(201);
    expect(await confirmationsTo(email)).toBe(2);
    moveClock(61_000);
    expect((await signUp(newAddress(), email)).status).toBe(201);
    moveClock(61_000);
    expect((await signUp(newAddress(), email)).status).toBe(429);
    expect(await confirmationsTo(email)).toBe(LIMITS.confirmationPerEmail.max);
  });

  it('one confirmation email a minute, at most 3 an hour, for sign-ups spread out in time', async () => {
    const email = uniqueEmail('spread');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await signUp(newAddress(), email)).status);
      moveClock(61_000);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(await confirmationsTo(email)).toBe(LIMITS.confirmationPerEmail.max);
  });

  it('resend shares the per-email budget with sign-up, and is limited per address', async () => {
    const email = uniqueEmail('resend');
    expect((await signUp(newAddress(), email)).status).toBe(201);
    const resend = (address: string, to: string) =>
      call(env, 'POST', '/api/accounts/resend-confirmation', { json: { email: to }, headers: from(address) });
    // Within the minute of the sign-up's email: refused, with the wait.
    const soon = await resend(newAddress(), email);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(soon.body.error.message).toMatch(
      /^Too many confirmation emails requested\. Please wait (\d+ seconds?|1 minute) and try again\.$/,
    );
    // A second impatient click, still within the minute: refused again, and neither refusal
    // costs the hour's allowance (a person clicking twice is not locked out for an hour).
    moveClock(30_000);
    expect((await resend(newAddress(), email)).status).toBe(429);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      moveClock(61_000);
      statuses.push((await resend(newAddress(), email)).status);
    }
    // Sign-up + two resends = 3 emails in the hour; the fourth waits.
    expect(statuses).toEqual([200, 200, 429]);
    expect(await confirmationsTo(email)).toBe(3);

    const address = newAddress();
    const perAddress: number[] = [];
    for (let i = 0; i < LIMITS.resendPerAddress.max + 1; i++)
      perAddress.push((await resend(address, `nobody${i}@example.com`)).status);
    expect(perAddress.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(perAddress.at(-1)).toBe(429);
  });
});

describe('account existence does not show in timing', () => {
  // Each kind of address is compared by its fastest answer: a loaded machine only ever adds time
  // (one sign-up's password hash took 1 s while the machine ran two browsers), never takes it away.
  const fastest = (xs: number[]) => Math.min(...xs);
  async function timed(run: () => Promise<{ status: number }>) {
    const started = performance.now();
    const { status } = await run();
    return { status, ms: performance.now() - started };
  }

  it('sign-up answers take the same time for a new, a taken and an unconfirmed address', async () => {
    const unconfirmed = uniqueEmail('pending');
    expect((await signUp(newAddress(), unconfirmed)).status).toBe(201);
    const runs = { fresh: [] as number[], taken: [] as number[], unconfirmed: [] as number[] };
    for (let i = 0; i < 2; i++) {
      const fresh = await timed(() => signUp(newAddress(), uniqueEmail('fresh')));
      expect(fresh.status).toBe(201);
      runs.fresh.push(fresh.ms);
      const taken = await timed(() => signUp(newAddress(), actors.guest.email));
      expect(taken.status).toBe(201); // answered as a new address; the owner is told by email
      runs.taken.push(taken.ms);
      moveClock(61_000); // one confirmation email a minute per address
      const again = await timed(() => signUp(newAddress(), unconfirmed));
      expect(again.status).toBe(201);
      runs.unconfirmed.push(again.ms);
    }
    const fastests = Object.values(runs).map(fastest);
    for (const m of fastests) expect(m).toBeGreaterThanOrEqual(ACCOUNT_ANSWER_MS - 5);
    expect(Math.max(...fastests) - Math.min(...fastests)).toBeLessThan(150);
  });

  it('resend answers (SPEC texts kept) take the same time whether the address exists or not', async () => {
    const resend = (email: string) =>
      timed(() =>
        call(env, 'POST', '/api/accounts/resend-confirmation', {
          json: { email },
          headers: from(newAddress()),
        }),
      );
    const missing = await resend('no.such.person@example.com');
    const confirmed = await resend(actors.host.email);
    const pending = uniqueEmail('resend-timing');
    expect((await signUp(newAddress(), pending)).status).toBe(201);
    moveClock(61_000); // one confirmation email a minute per address
    const unconfirmed = await resend(pending);
    expect([missing.status, confirmed.status, unconfirmed.status]).toEqual([404, 200, 200]);
    const times = [missing.ms, confirmed.ms, unconfirmed.ms];
    for (const t of times) expect(t).toBeGreaterThanOrEqual(ACCOUNT_ANSWER_MS - 5);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(150);
  });
});

describe('booking requests', () => {
  it('are limited per guest: the 31st within the hour is 429 and writes nothing', async () => {
    env.clock.now = NOW;
    const venue = await insertVenue(env, actors.host, { capacity: 500 });
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.bookingRequestsPerUser.max + 1; i++) {
      const res = await call(env, 'POST', '/api/bookings', {
        cookie: actors.otherGuest.cookie,
        json: bookingBody(venue.id),
        headers: from(newAddress()),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const mine = await call(env, 'GET', '/api/me/bookings', { cookie: actors.otherGuest.cookie });
    expect(mine.body.bookings.length).toBe(LIMITS.bookingRequestsPerUser.max);
  });
});
