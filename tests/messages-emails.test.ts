/**
 * The unread-message email: when messages stay unread by the other side for 10 minutes, one
 * email for the whole burst (not one per message), through the outbox, linking to the
 * conversation; none when they were read in time; a later message starts a new burst; two
 * workers at once send one. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Venue } from '../src/server/db/schema';
import { UnreadMessagesWorker } from '../src/server/jobs/unread-messages';
import { createTestEnv, PUBLIC_URL, type TestEnv } from './support/env';
import { call } from './support/client';
import { createAccounts, emailsOf, insertBooking, insertVenue, type Accounts, type Role } from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;
const T0 = new Date('2030-06-03T16:00:00Z');
const MIN = 60_000;
const at = (minutes: number) => new Date(T0.getTime() + minutes * MIN);

beforeAll(async () => {
  env = await createTestEnv();
  a = await createAccounts(env);
  venue = await insertVenue(env, a.host, { name: 'Velvet & Vine' });
});
afterAll(async () => {
  await env.close();
});

const TEMPLATE = 'booking_message_unread';
/** Posts as `who` with the server's clock at T0 + `minutes`. */
async function postAt(minutes: number, who: Role, bookingId: string, body: string) {
  env.clock.now = at(minutes);
  const res = await call(env, 'POST', `/api/bookings/${bookingId}/messages`, {
    cookie: a[who as Exclude<Role, 'signedOut'>].cookie,
    json: { body },
  });
  expect(res.status).toBe(201);
  return res.body;
}
const readAs = (who: 'guest' | 'host', bookingId: string) =>
  call(env, 'POST', `/api/bookings/${bookingId}/messages/read`, { cookie: a[who].cookie });
const mailsFor = async (bookingId: string) =>
  (await emailsOf(env, TEMPLATE)).filter((m) => m.text.includes(bookingId));

describe('unread-message emails', () => {
  it('one email per burst, to the host, once the first message has been unread for 10 minutes', async () => {
    const b = await insertBooking(env, venue, a.guest);
    const worker = new UnreadMessagesWorker(env.ctx);
    await postAt(0, 'guest', b.id, 'Hi! Is there a coat check?');
    await postAt(2, 'guest', b.id, 'And can we bring a cake?');
    await postAt(5, 'guest', b.id, 'See <b>you</b> & thanks');

    await worker.tick(at(9.9));
    expect(await mailsFor(b.id)).toHaveLength(0);
    await worker.tick(at(10));
    const [mail, ...more] = await mailsFor(b.id);
    expect(more).toHaveLength(0);
    expect(mail!.to).toBe(a.host.email);
    expect(mail!.subject).toBe(`Gina Guest sent you 3 new messages about booking #${b.id.slice(0, 8)}`);
    const link = `${PUBLIC_URL}/host-dashboard?tab=bookings&conversation=${b.id}`;
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(link.replace(/&/g, '&amp;'));
    // The newest message, escaped.
    expect(mail!.text).toContain('See <b>you</b> & thanks');
    expect(mail!.html).toContain('See &lt;b&gt;you&lt;/b&gt; &amp; thanks');
    expect(mail!.html).not.toContain('<b>you</b>');

    // Later ticks send nothing more for the same burst.
    await worker.tick(at(30));
    await worker.tick(at(60));
    expect(await mailsFor(b.id)).toHaveLength(1);

    // A message after the email is a new burst: another email 10 minutes after it.
    await postAt(61, 'guest', b.id, 'Anyone there?');
    await worker.tick(at(70));
    expect(await mailsFor(b.id)).toHaveLength(1);
    await worker.tick(at(71));
    const mails = await mailsFor(b.id);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`Gina Guest sent you a new message about booking #${b.id.slice(0, 8)}`);
    // The guest never got one: their own messages are not unread for them.
    expect(mails.every((m) => m.to === a.host.email)).toBe(true);
  });

  it('none when the other side reads in time', async () => {
    const b = await insertBooking(env, venue, a.guest);
    const worker = new UnreadMessagesWorker(env.ctx);
    await postAt(0, 'host', b.id, 'Your table is ready.');
    env.clock.now = at(9);
    expect((await readAs('guest', b.id)).status).toBe(200);
    await worker.tick(at(10));
    await worker.tick(at(120));
    expect(await mailsFor(b.id)).toHaveLength(0);
  });

  it('to the guest, at the booking’s contact email, from the venue, linking to their dashboard', async () => {
    const b = await insertBooking(env, venue, a.guest, { contact_email: 'gina.events@example.com' });
    const worker = new UnreadMessagesWorker(env.ctx);
    await postAt(0, 'host', b.id, 'Please confirm the guest list.');
    await worker.tick(at(15));
    const [mail] = await mailsFor(b.id);
    expect(mail!.to).toBe('gina.events@example.com');
    expect(mail!.subject).toBe('Velvet & Vine sent you a new message');
    expect(mail!.text).toContain(`${PUBLIC_URL}/user-dashboard?conversation=${b.id}`);
  });

  it('a reply does not silence the burst sent to the other side; reading only part of it still emails the rest', async () => {
    const b = await insertBooking(env, venue, a.guest);
    const worker = new UnreadMessagesWorker(env.ctx);
    await postAt(0, 'guest', b.id, 'One');
    env.clock.now = at(1);
    await readAs('host', b.id);
    await postAt(3, 'guest', b.id, 'Two');
    await worker.tick(at(12));
    expect(await mailsFor(b.id)).toHaveLength(0);
    await worker.tick(at(13));
    const [mail] = await mailsFor(b.id);
    expect(mail!.subject).toContain('a new message');
    expect(mail!.text).toContain('Two');
  });

  it('two workers at once send the burst once', async () => {
    const b = await insertBooking(env, venue, a.guest);
    await postAt(0, 'guest', b.id, 'Race?');
    const w1 = new UnreadMessagesWorker(env.ctx);
    const w2 = new UnreadMessagesWorker(env.ctx);
    await Promise.all([w1.tick(at(11)), w2.tick(at(11))]);
    expect(await mailsFor(b.id)).toHaveLength(1);
  });
});
