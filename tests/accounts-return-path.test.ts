/**
 * Sign-in brings you back (issue 12): the page a visitor was going to survives sign-up — the
 * confirmation link carries it — but only when it is a path on this site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, confirmationLink, STRONG_PASSWORD, uniqueEmail } from './support/client';
import { createTestEnv, type TestEnv } from './support/env';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});

const signUp = (redirect: unknown, role: 'user' | 'host' = 'user') => {
  const email = uniqueEmail('back');
  return call(env, 'POST', '/api/accounts/sign-up', {
    json: {
      email,
      password: STRONG_PASSWORD,
      full_name: 'Bea Back',
      role,
      redirect,
      ...(role === 'host' ? { business_name: 'Back Bars', phone: '+1 555 0101' } : {}),
    },
  }).then((res) => ({ res, email }));
};

describe('sign-up with a return path', () => {
  it.each([
    ['/review/3f6c2a10-8d4e-4b7a-9c1f-0a2b3c4d5e6f', 'user'],
    ['/venue-management/abc?tab=bookings', 'host'],
  ] as const)('carries %s in the confirmation link', async (path, role) => {
    const { res, email } = await signUp(path, role);
    expect(res.status).toBe(201);
    const link = await confirmationLink(env, email);
    expect(link.searchParams.get('redirect')).toBe(path);
    expect(link.searchParams.get('role')).toBe(role);
    expect(link.origin).toBe(new URL(env.config.PUBLIC_URL).origin);
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/user-auth',
    42,
    null,
  ])('drops %j (the sign-up still succeeds)', async (redirect) => {
    const { res, email } = await signUp(redirect);
    expect(res.status).toBe(201);
    const link = await confirmationLink(env, email);
    expect(link.searchParams.has('redirect')).toBe(false);
    expect(link.pathname).toBe('/confirm-email');
  });
});
