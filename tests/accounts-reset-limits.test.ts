/**
 * Forgot password under the production limits (issues 12 and 15): the answer is identical —
 * status, body, headers that matter and timing — whether the address has an account or not,
 * and requests are limited per address and per email with 429 and Retry-After.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/server/db/schema';
import { ACCOUNT_ANSWER_MS, LIMITS } from '../src/server/http/rate-limits';
import { call, STRONG_PASSWORD, uniqueEmail } from './support/client';
import { createAccounts, type Accounts } from './factories';
import { createTestEnv, type TestEnv } from './support/env';

let env: TestEnv;
let actors: Accounts;
beforeAll(async () => {
  // TRUST_PROXY lets each request speak from its own address through X-Forwarded-For.
  env = await createTestEnv({ RATE_LIMITS: 'true', TRUST_PROXY: 'true' });
  actors = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;

const forgot = (email: string, address = newAddress()) =>
  call(env, 'POST', '/api/accounts/forgot-password', {
    json: { email },
    headers: { 'x-forwarded-for': address },
  });

async function resetEmailsTo(email: string) {
  const [row] = await env.ctx.db
    .select({ n: count() })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, 'password_reset')));
  return row?.n ?? 0;
}

async function timed(run: () => ReturnType<typeof forgot>) {
  const started = performance.now();
  const res = await run();
  return { res, ms: performance.now() - started };
}

describe('the answer does not tell whether an account exists', () => {
  it('known, unknown and unconfirmed addresses: same status, body, headers and timing', async () => {
    const unconfirmed = uniqueEmail('unconfirmed');
    const signUp = await call(env, 'POST', '/api/accounts/sign-up', {
      json: { email: unconfirmed, password: STRONG_PASSWORD, full_name: 'Una Confirmed' },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(signUp.status).toBe(201);

    const runs = {
      known: [] as number[],
      unknown: [] as number[],
      unconfirmed: [] as number[],
    };
    const bodies = new Set<string>();
    const headers = new Set<string>();
    for (let i = 0; i < 2; i++) {
      for (const [kind, email] of [
        ['known', actors.guest.email],
        ['unknown', `nobody.${i}@example.com`],
        ['unconfirmed', unconfirmed],
      ] as const) {
        const { res, ms } = await timed(() => forgot(email));
        expect(res.status, kind).toBe(200);
        bodies.add(JSON.stringify(res.body));
        headers.add(
          ['content-type', 'cache-control', 'set-cookie', 'retry-after']
            .map((h) => `${h}=${res.headers.get(h)}`)
            .join(';'),
        );
        runs[kind].push(ms);
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ ok: true })]);
    expect(headers.size).toBe(1);
    const all = Object.values(runs).flat();
    for (const ms of all) expect(ms).toBeGreaterThanOrEqual(ACCOUNT_ANSWER_MS - 5);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const medians = Object.values(runs).map(median);
    expect(Math.max(...medians) - Math.min(...medians)).toBeLessThan(150);
    // Only the real, confirmed account was sent anything.
    expect(await resetEmailsTo(actors.guest.email)).toBe(2);
    expect(await resetEmailsTo(unconfirmed)).toBe(0);
  });
});

describe('limits', () => {
  it('per email: the 4th request within the hour is 429 with Retry-After, and no 4th email is sent', async () => {
    const email = actors.host.email;
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.passwordResetPerEmail.max + 1; i++)
      statuses.push((await forgot(email)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await forgot(email);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(limited.body.error.message).toMatch(
      /^Too many password reset requests\. Please wait \d+ (minutes?|hour) and try again\.$/,
    );
    expect(await resetEmailsTo(email)).toBe(LIMITS.passwordResetPerEmail.max);
  });

  it('the per-email limit is the same for an address with no account (no tell there either)', async () => {
    const email = 'ghost.account@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.passwordResetPerEmail.max + 1; i++)
      statuses.push((await forgot(email)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('per address: the 11th request from one address, for any emails, is 429', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.passwordResetPerAddress.max + 1; i++)
      statuses.push((await forgot(`spray${i}@example.com`, address)).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('setting a password from one address is limited too (21st attempt → 429)', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.passwordResetSubmitPerAddress.max + 1; i++) {
      const res = await call(env, 'POST', '/api/accounts/reset-password', {
        json: { token: `guess-${i}`, email: actors.guest.email, password: 'Guessing2031' },
        headers: { 'x-forwarded-for': address },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
