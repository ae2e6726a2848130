/**
 * Changes made clear (issue 12 item 7): a host's modification stores the terms before it, so the
 * guest sees old → new for the date, times, guests and price on the booking and in the email;
 * the guest's answer is emailed to the venue's host and reaches the host's lists live.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { termChanges } from '../src/domain/booking-changes';
import { canSee, type ChangeEvent } from '../src/server/adapters/realtime';
import { type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  ROLES,
  actorOf,
  bookingAction,
  bookingRow,
  createAccounts,
  createBooking,
  emailsOf,
  freshDate,
  freezeClock,
  insertVenue,
  type Accounts,
} from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  a = await createAccounts(env);
  venue = await insertVenue(env, a.host);
});
afterAll(async () => {
  await env.close();
});
beforeEach(() => {
  freezeClock(env);
});

const edit = {
  guest_count: 12,
  start_time: '21:00',
  end_time: '01:00',
  total_price: 450.5,
  host_notes: 'We moved you an hour later; the price includes a welcome drink.',
};

async function modified() {
  const date = freshDate();
  const b = await createBooking(env, a.guest, venue.id, {
    date,
    start_time: '20:00',
    end_time: '23:00',
    guest_count: 10,
  });
  const res = await bookingAction(env, a.host, b.id, 'edit', edit);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { b, date, edited: res.body };
}

describe('the guest sees what changed', () => {
  it('the modification stores the terms before it; the guest’s list carries them; the email shows old → new', async () => {
    const { b, date, edited } = await modified();
    const before = { date, start_time: '20:00', end_time: '23:00', guest_count: 10, total_price: 300 };
    expect(edited.previous_terms).toEqual(before);
    expect((await bookingRow(env, b.id))!.previous_terms).toEqual(before);

    const list = await call(env, 'GET', '/api/me/bookings', { cookie: a.guest.cookie });
    const mine = list.body.bookings.find((x: { id: string }) => x.id === b.id);
    expect(
      termChanges(mine.previous_terms, mine).map(
        (c: { label: string; from: string; to: string }) => `${c.label}: ${c.from} → ${c.to}`,
      ),
    ).toEqual([
      'Time: 8:00 PM - 11:00 PM → 9:00 PM - 1:00 AM',
      'Guests: 10 guests → 12 guests',
      'Total: $300.00 → $450.50',
    ]);

    const [email] = await emailsOf(env, 'booking_edited', a.guest.email).then((rows) =>
      rows.filter((r) => r.text.includes(b.id.slice(0, 8))),
    );
    expect(email!.text).toContain('What changed:');
    expect(email!.text).toContain('Time: 8:00 PM - 11:00 PM → 9:00 PM - 1:00 AM');
    expect(email!.text).toContain('Guests: 10 guests → 12 guests');
    expect(email!.text).toContain('Total: $300.00 → $450.50');
    expect(email!.html).toContain('Total: $300.00 → $450.50');
  });

  it('a second modification before the guest answers still compares with what the guest asked for', async () => {
    const { b, date } = await modified();
    const again = await bookingAction(env, a.host, b.id, 'edit', {
      ...edit,
      guest_count: 8,
      host_notes: 'Smaller room.',
    });
    expect(again.status).toBe(200);
    expect(again.body.previous_terms).toEqual({
      date,
      start_time: '20:00',
      end_time: '23:00',
      guest_count: 10,
      total_price: 300,
    });
    const emails = (await emailsOf(env, 'booking_edited', a.guest.email)).filter((r) =>
      r.text.includes('Smaller room.'),
    );
    expect(emails[0]!.text).toContain('Guests: 10 guests → 8 guests');
  });
});

describe('the host hears the guest’s answer', () => {
  it('approve-changes: the host gets "changes approved" and hears the booking change live; refused roles queue nothing', async () => {
    const { b, edited } = await modified();
    for (const role of ROLES.filter((r) => r !== 'guest')) {
      const res = await bookingAction(env, actorOf(a, role), b.id, 'approve-changes', {
        updated_at: edited.updated_at,
      });
      expect(res.status, role).not.toBe(200);
    }
    expect(
      (await emailsOf(env, 'booking_changes_approved')).filter((e) => e.text.includes(b.id.slice(0, 8))),
    ).toEqual([]);

    const seen: ChangeEvent[] = [];
    const stop = env.ctx.changes.subscribe((e) => seen.push(e));
    try {
      const res = await bookingAction(env, a.guest, b.id, 'approve-changes', {
        updated_at: edited.updated_at,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const mails = (await emailsOf(env, 'booking_changes_approved', a.host.email)).filter((e) =>
        e.text.includes(b.id.slice(0, 8)),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Gina Guest approved your changes — booking confirmed');
      await vi.waitFor(() => {
        const event = seen.find((e) => e.entity === 'booking' && e.id === b.id && e.status === 'confirmed');
        expect(event).toBeDefined();
        expect(canSee(event!, { profileId: a.host.profile.id, role: 'host' })).toBe(true);
      });
    } finally {
      stop();
    }
  });

  it('reject-changes: the host gets "changes rejected"', async () => {
    const { b } = await modified();
    const res = await bookingAction(env, a.guest, b.id, 'reject-changes');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('cancelled');
    const mails = (await emailsOf(env, 'booking_changes_rejected', a.host.email)).filter((e) =>
      e.text.includes(b.id.slice(0, 8)),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('rejected the changes you made');
  });
});
