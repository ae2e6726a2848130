import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles } from '../src/server/db/schema';
import { DEMO_PASSWORD, seedAccounts } from '../src/server/seed/accounts';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';

const envs: TestEnv[] = [];
afterAll(async () => {
  await Promise.all(envs.map((e) => e.close()));
});

describe('demo accounts', () => {
  it('create a signed-in-able demo admin while ADMIN_EMAIL is the demo address', async () => {
    const env = await createTestEnv({ ADMIN_EMAIL: 'admin@velvet.test' });
    envs.push(env);
    const accounts = await seedAccounts(env.ctx);
    expect(accounts.admin?.role).toBe('admin');
    const res = await call(env, 'POST', '/api/accounts/sign-in', {
      json: { email: 'admin@velvet.test', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.profile.role).toBe('admin');
  });

  it('never give a real ADMIN_EMAIL the published demo password', async () => {
    const env = await createTestEnv({ ADMIN_EMAIL: 'ops@example.com' });
    envs.push(env);
    const accounts = await seedAccounts(env.ctx);
    expect(accounts.admin).toBeNull();
    expect(await env.ctx.db.select().from(profiles).where(eq(profiles.role, 'admin'))).toHaveLength(0);
    const res = await call(env, 'POST', '/api/accounts/sign-in', {
      json: { email: 'ops@example.com', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(401);
  });
});
