/**
 * Signs each role in once per run, through the API, and stores the session for the tests
 * (test-results/.auth/<role>.json). The form itself is tested in foundation.spec.ts. The admin
 * turns two-factor sign-in on first (the demo accounts have it off): revealing bank details and
 * recording payouts need it (decision 76); its secret goes beside the session. Then makes the
 * long-word data the page checks open (e2e/seed.ts), once, before any of them runs in parallel.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { enrolTwoFactor } from '../tests/support/two-factor';
import { seedLongWordData } from './seed';
import { DEMO, DEMO_PASSWORD, ROLES, authFile, signInByApi, totpSecretFile } from './support';

for (const role of ROLES) {
  setup(`sign in as ${role}`, async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await signInByApi(request, role, origin);
    const session = await (await request.get('/api/session')).json();
    expect(session.profile.email).toBe(DEMO[role]);
    if (role === 'admin') {
      const account = await (await request.get('/api/account')).json();
      if (!account.two_factor_enabled) {
        const { secret } = await enrolTwoFactor(
          async (p, json) => {
            const res = await request.post(p, { headers: { origin }, data: json });
            return { status: res.status(), body: await res.json(), headers: new Headers() };
          },
          '',
          DEMO_PASSWORD,
        );
        mkdirSync(path.dirname(totpSecretFile(role)), { recursive: true });
        writeFileSync(totpSecretFile(role), secret);
      }
    }
    await request.storageState({ path: authFile(role) });
  });
}

setup('seed the long-word data', async ({ baseURL }) => {
  await seedLongWordData(baseURL!);
});
