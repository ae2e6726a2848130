/**
 * Receipts (issue 31): a paid booking's receipt as JSON and as a PDF whose text (read back with
 * pdf-parse) holds the reference, the venue and the amounts; refunds appear as lines and in the
 * totals. Only the booking's guest, its venue's host and the admin get it (others 404, signed
 * out 401); an unpaid booking has none (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import type { Venue } from '../src/server/db/schema';
import { call } from './support/client';
import { createTestEnv, type TestEnv } from './support/env';
import { confirmedBooking, pay } from './support/payments-fixtures';
import { ROLES, cookieOf, createAccounts, freezeClock, insertVenue, type Accounts } from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;
beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
  venue = await insertVenue(env, a.host, { name: 'Velvet Room', cancellation_policy: 'flexible' });
});
afterAll(async () => {
  await env.close();
});

const receipt = (cookie: string | null, id: string) =>
  call(env, 'GET', `/api/bookings/${id}/receipt`, { cookie });
async function pdfText(cookie: string | null, id: string) {
  const res = await env.app.request(`/api/bookings/${id}/receipt.pdf`, { headers: cookie ? { cookie } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes };
}
const readPdf = async (bytes: Uint8Array) => (await new PDFParse({ data: bytes }).getText()).text;

describe('GET /api/bookings/:id/receipt', () => {
  it('a paid night: reference, venue, times after midnight, the payment and the card', async () => {
    const b = await confirmedBooking(env, venue, a.guest, {
      total_price: 340.5,
      start_time: '21:00',
      end_time: '01:00',
    });
    await pay(env, a.guest, b.id);
    const res = await receipt(a.guest.cookie, b.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reference = `VLV-${b.id.slice(0, 8).toUpperCase()}`;
    expect(res.body).toMatchObject({
      reference,
      booking_id: b.id,
      venue: { name: 'Velvet Room' },
      time_label: '9:00 PM - 1:00 AM (next day)',
      time_zone: venue.time_zone,
      cancellation_policy: 'Flexible',
      paid_cents: 34050,
      refunded_cents: 0,
      net_cents: 34050,
      card: { last4: '4242' },
      lines: [{ kind: 'payment', label: 'Booking payment', amount_cents: 34050 }],
    });
    expect(res.headers.get('cache-control')).toBe('private, no-store');

    const { res: pdfRes, bytes } = await pdfText(a.guest.cookie, b.id);
    expect(pdfRes.status).toBe(200);
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
    expect(pdfRes.headers.get('content-disposition')).toContain(`velvet-receipt-${reference}.pdf`);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = await readPdf(bytes);
    for (const expected of [
      reference,
      'Velvet Room',
      '$340.50',
      'Visa ending in 4242',
      '(next day)',
      'Net paid',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('a cancelled night shows the refund as a line and in the totals', async () => {
    const b = await confirmedBooking(env, venue, a.guest, { total_price: 300 });
    await pay(env, a.guest, b.id);
    const cancelled = await call(env, 'POST', `/api/bookings/${b.id}/cancel`, {
      cookie: a.guest.cookie,
      json: { reason: 'Plans changed' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const res = await receipt(a.guest.cookie, b.id);
    expect(res.body).toMatchObject({
      paid_cents: 30000,
      refunded_cents: 30000,
      net_cents: 0,
      status: 'cancelled',
    });
    expect(
      res.body.lines.map((l: { kind: string; amount_cents: number }) => [l.kind, l.amount_cents]),
    ).toEqual([
      ['payment', 30000],
      ['refund', -30000],
    ]);
    const text = await readPdf((await pdfText(a.guest.cookie, b.id)).bytes);
    expect(text).toContain('-$300.00');
  });

  it('an unpaid booking has no receipt', async () => {
    const b = await confirmedBooking(env, venue, a.guest);
    const res = await receipt(a.guest.cookie, b.id);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(
      'There is no receipt for this booking: nothing has been paid for it yet.',
    );
    expect((await pdfText(a.guest.cookie, b.id)).res.status).toBe(404);
  });

  it.each(ROLES)('%s: the guest, the host and the admin get it; others 404, signed out 401', async (role) => {
    const b = await confirmedBooking(env, venue, a.guest);
    await pay(env, a.guest, b.id);
    const expected = { signedOut: 401, guest: 200, otherGuest: 404, host: 200, otherHost: 404, admin: 200 }[
      role
    ];
    const cookie = cookieOf(a, role);
    const json = await receipt(cookie, b.id);
    expect(json.status).toBe(expected);
    expect((await pdfText(cookie, b.id)).res.status).toBe(expected);
    if (expected === 200) expect(json.body.reference).toBe(`VLV-${b.id.slice(0, 8).toUpperCase()}`);
  });
});
