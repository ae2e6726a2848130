/**
 * The venue changes a booking's terms (host edit, admin edit) and the guest answers the changes:
 * approve-changes only for the terms they saw, reject-changes; bad input and overlaps change nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../src/domain/booking';
import { OVERLAP_MESSAGE } from '../src/domain/errors';
import { type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  bookingAction,
  bookingRow,
  createAccounts,
  createBooking,
  emailsOf,
  freshDate,
  freezeClock,
  insertVenue,
  outboxCount,
  type Accounts,
} from './factories';

/** The SPEC's texts for a booking changed under the caller. */
const BOOKING_CHANGED = 'This booking was changed by someone else. Refresh and try again.';
const TERMS_CHANGED_AGAIN = 'The venue changed this booking again. Review the new details before approving.';

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

describe('changing a booking', () => {
  const pending = (fields: Record<string, unknown> = {}) =>
    createBooking(env, a.guest, venue.id, { date: freshDate(), ...fields });

  it('the host edits: pending with host notes and the new terms; "booking edited" carries the note; the guest approves the changes', async () => {
    const b = await pending();
    const edit = {
      guest_count: 12,
      start_time: '21:00',
      end_time: '01:00',
      total_price: 450.5,
      host_notes: 'We moved you an hour later; the price includes a welcome drink.',
    };
    const res = await bookingAction(env, a.host, b.id, 'edit', edit);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ...edit, status: 'pending' });
    expect(new Date(res.body.ends_at).getTime() - new Date(res.body.starts_at).getTime()).toBe(4 * 3600_000);
    const mail = (await emailsOf(env, 'booking_edited')).at(-1)!;
    expect(mail.to).toBe(a.guest.email);
    expect(mail.text).toContain(edit.host_notes);
    expect(mail.text).toContain('9:00 PM - 1:00 AM');
    expect(mail.text).toContain('$450.50');

    // The venue cannot approve its own changes; the guest answers them.
    const hostApprove = await bookingAction(env, a.host, b.id, 'approve');
    expect(hostApprove.status).toBe(409);
    expect(hostApprove.body.error.message).toBe(BOOKING_MESSAGES.awaitingGuest);

    const ok = await bookingAction(env, a.guest, b.id, 'approve-changes', {
      updated_at: res.body.updated_at,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: 'confirmed', host_notes: edit.host_notes, total_price: 450.5 });
    expect(ok.body.guest).toBeUndefined();
    const confirmed = (await emailsOf(env, 'booking_confirmed')).at(-1)!;
    expect(confirmed.to).toBe(a.guest.email);
  });

  it('the guest rejects the changes: cancelled', async () => {
    const b = await pending();
    await bookingAction(env, a.host, b.id, 'edit', {
      guest_count: 5,
      start_time: '20:00',
      end_time: '22:00',
      total_price: 150,
      host_notes: 'Smaller room.',
    });
    const res = await bookingAction(env, a.guest, b.id, 'reject-changes');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
  });

  it('a guest cannot answer changes that were never made', async () => {
    const b = await pending();
    const res = await bookingAction(env, a.guest, b.id, 'approve-changes', { updated_at: b.updated_at });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(BOOKING_MESSAGES.noChanges);
    expect((await bookingRow(env, b.id))?.status).toBe('pending');
  });

  describe('the guest approves only the changes they saw', () => {
    const firstEdit = {
      guest_count: 12,
      start_time: '21:00',
      end_time: '23:00',
      total_price: 250,
      host_notes: 'We moved you an hour later.',
    };
    const secondEdit = {
      guest_count: 12,
      start_time: '22:00',
      end_time: '01:00',
      total_price: 900,
      host_notes: 'Actually, even later, and the price went up.',
    };

    it('approve-changes with a stale updated_at: 409, and the booking stays pending with the new terms', async () => {
      const b = await pending();
      expect((await bookingAction(env, a.host, b.id, 'edit', firstEdit)).status).toBe(200);
      // The guest's page reads the first edit…
      const seen = await call(env, 'GET', `/api/bookings/${b.id}`, { cookie: a.guest.cookie });
      expect(seen.body).toMatchObject(firstEdit);
      // …then the venue edits again before the guest clicks Approve Changes.
      const again = await bookingAction(env, a.host, b.id, 'edit', secondEdit);
      expect(again.status).toBe(200);
      const before = await bookingRow(env, b.id);
      const mails = await outboxCount(env);

      const res = await bookingAction(env, a.guest, b.id, 'approve-changes', {
        updated_at: seen.body.updated_at,
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(TERMS_CHANGED_AGAIN);
      const after = await bookingRow(env, b.id);
      expect(after).toEqual(before);
      expect(after).toMatchObject({ ...secondEdit, status: 'pending' });
      expect(await outboxCount(env)).toBe(mails);
    });

    it('approve-changes with the current updated_at: 200 confirmed', async () => {
      const b = await pending();
      await bookingAction(env, a.host, b.id, 'edit', firstEdit);
      await bookingAction(env, a.host, b.id, 'edit', secondEdit);
      const seen = await call(env, 'GET', '/api/me/bookings', { cookie: a.guest.cookie });
      const shown = seen.body.bookings.find((x: { id: string }) => x.id === b.id);
      const res = await bookingAction(env, a.guest, b.id, 'approve-changes', {
        updated_at: shown.updated_at,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ ...secondEdit, status: 'confirmed' });
    });

    it('approve-changes without the updated_at the guest saw: 400 naming updated_at, nothing changes', async () => {
      const b = await pending();
      await bookingAction(env, a.host, b.id, 'edit', firstEdit);
      const before = await bookingRow(env, b.id);
      const noBody = await call(env, 'POST', `/api/bookings/${b.id}/approve-changes`, {
        cookie: a.guest.cookie,
      });
      const emptyObject = await bookingAction(env, a.guest, b.id, 'approve-changes', {});
      const notADate = await bookingAction(env, a.guest, b.id, 'approve-changes', {
        updated_at: 'yesterday',
      });
      const notText = await bookingAction(env, a.guest, b.id, 'approve-changes', { updated_at: 12 });
      for (const res of [noBody, emptyObject, notADate, notText]) {
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.error.field).toBe('updated_at');
        expect(res.body.error.message).toMatch(/updated at/i);
      }
      expect(noBody.body.error.message).toBe('Updated at is required.');
      expect(await bookingRow(env, b.id)).toEqual(before);
    });

    it('the host’s approve compares updated_at when it is sent', async () => {
      const b = await pending();
      const stale = await bookingAction(env, a.host, b.id, 'approve', {
        updated_at: new Date(Date.parse(b.updated_at) - 1000).toISOString(),
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.message).toBe(BOOKING_CHANGED);
      expect((await bookingRow(env, b.id))?.status).toBe('pending');
      const bad = await bookingAction(env, a.host, b.id, 'approve', { updated_at: 'soon' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.field).toBe('updated_at');
      const ok = await bookingAction(env, a.host, b.id, 'approve', { updated_at: b.updated_at });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.status).toBe('confirmed');
    });
  });

  describe('an edit with bad input changes nothing', () => {
    const good = {
      guest_count: 12,
      start_time: '21:00',
      end_time: '23:00',
      total_price: 200,
      host_notes: 'Changed.',
    };
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['blank host notes', { host_notes: '   ' }, /add a note for the guest/],
      ['no host notes', { host_notes: undefined }, /add a note for the guest/],
      ['0 guests', { guest_count: 0 }, /at least 1/],
      ['capacity + 1 guests', { guest_count: 51 }, /up to 50 guests/],
      ['a negative price', { total_price: -1 }, /cannot be negative/],
      ['a price with three decimals', { total_price: 10.005 }, /2 decimal places/],
      ['a time off the grid', { end_time: '23:20' }, /15-minute grid/],
      ['end equal to start', { end_time: '21:00' }, /different from start/],
    ];
    it.each(cases)('%s', async (_name, patch, message) => {
      const b = await pending();
      const before = await bookingRow(env, b.id);
      const mails = await outboxCount(env);
      const res = await bookingAction(env, a.host, b.id, 'edit', { ...good, ...patch });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
      expect(await bookingRow(env, b.id)).toEqual(before);
      expect(await outboxCount(env)).toBe(mails);
    });

    it('an edit onto a confirmed booking’s time: 409', async () => {
      const d = freshDate();
      const confirmed = await createBooking(env, a.otherGuest, venue.id, {
        date: d,
        start_time: '18:00',
        end_time: '20:00',
      });
      await bookingAction(env, a.host, confirmed.id, 'approve');
      const b = await createBooking(env, a.guest, venue.id, {
        date: d,
        start_time: '21:00',
        end_time: '23:00',
      });
      const before = await bookingRow(env, b.id);
      const res = await bookingAction(env, a.host, b.id, 'edit', {
        ...good,
        start_time: '19:00',
        end_time: '22:00',
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(OVERLAP_MESSAGE);
      expect(await bookingRow(env, b.id)).toEqual(before);
    });
  });

  describe('admin edits', () => {
    it('changes guests, times, price, status and notes', async () => {
      const b = await pending();
      const res = await call(env, 'PATCH', `/api/admin/bookings/${b.id}`, {
        cookie: a.admin.cookie,
        json: {
          guest_count: 30,
          start_time: '22:00',
          end_time: '02:00',
          total_price: 999.99,
          status: 'confirmed',
          host_notes: 'Fixed by support.',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        guest_count: 30,
        start_time: '22:00',
        end_time: '02:00',
        total_price: 999.99,
        status: 'confirmed',
        approval_status: 'approved',
        host_notes: 'Fixed by support.',
      });
      expect(res.body.guest.id).toBe(a.guest.profile.id);
      expect(new Date(res.body.ends_at).getTime() - new Date(res.body.starts_at).getTime()).toBe(
        4 * 3600_000,
      );
      expect((await emailsOf(env, 'booking_accepted')).at(-1)!.text).toContain('10:00 PM - 2:00 AM');
    });

    it('a change to confirmed obeys the no-overlap rule; nothing is written', async () => {
      const d = freshDate();
      const first = await createBooking(env, a.guest, venue.id, { date: d });
      await bookingAction(env, a.host, first.id, 'approve');
      const second = await createBooking(env, a.otherGuest, venue.id, {
        date: d,
        start_time: '23:00',
        end_time: '01:00',
      });
      const before = await bookingRow(env, second.id);
      const mails = await outboxCount(env);
      const res = await call(env, 'PATCH', `/api/admin/bookings/${second.id}`, {
        cookie: a.admin.cookie,
        json: {
          guest_count: 10,
          start_time: '22:00',
          end_time: '01:00',
          total_price: 300,
          status: 'confirmed',
        },
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(OVERLAP_MESSAGE);
      expect(await bookingRow(env, second.id)).toEqual(before);
      expect(await outboxCount(env)).toBe(mails);
    });

    it('refuses bad input', async () => {
      const b = await pending();
      const before = await bookingRow(env, b.id);
      const base = {
        guest_count: 10,
        start_time: '20:00',
        end_time: '23:00',
        total_price: 300,
        status: 'pending',
      };
      for (const patch of [
        { guest_count: 51 },
        { status: 'paid' },
        { total_price: -5 },
        { start_time: '20:07' },
      ]) {
        const res = await call(env, 'PATCH', `/api/admin/bookings/${b.id}`, {
          cookie: a.admin.cookie,
          json: { ...base, ...patch },
        });
        expect(res.status, JSON.stringify(patch)).toBe(400);
      }
      expect(await bookingRow(env, b.id)).toEqual(before);
    });
  });
});
