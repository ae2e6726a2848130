import { it } from 'vitest';
import { createTestEnv } from './support/env';
import { call } from './support/client';
import { createAccounts, insertBooking, insertVenue } from './factories';
it('debug', async () => {
  const env = await createTestEnv({ LOG_LEVEL: 'error' });
  const a = await createAccounts(env);
  const v = await insertVenue(env, a.host);
  const b = await insertBooking(env, v, a.guest);
  const r = await call(env, 'POST', `/api/bookings/${b.id}/messages`, { cookie: a.guest.cookie, json: { body: 'hi' } });
  console.log(r.status, JSON.stringify(r.body));
  await env.close();
});
