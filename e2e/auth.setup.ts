/**
 * Signs each role in once per run, through the API, and stores the session for the tests
 * (test-results/.auth/<role>.json). The form itself is tested in foundation.spec.ts.
 */
import { expect, test as setup } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, PORTAL, ROLES, authFile } from './support';

for (const role of ROLES) {
  setup(`sign in as ${role}`, async ({ request, baseURL }) => {
    const res = await request.post('/api/accounts/sign-in', {
      headers: { origin: new URL(baseURL!).origin },
      data: { email: DEMO[role], password: DEMO_PASSWORD, portal: PORTAL[role] },
    });
    expect(res.status(), await res.text()).toBe(200);
    const session = await (await request.get('/api/session')).json();
    expect(session.profile.email).toBe(DEMO[role]);
    await request.storageState({ path: authFile(role) });
  });
}
