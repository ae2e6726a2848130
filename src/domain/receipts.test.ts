import { describe, expect, it } from 'vitest';
import {
  bookingReference,
  buildReceipt,
  receiptRows,
  receiptTimeRange,
  type ReceiptSource,
} from './receipts';

const at = (s: string) => new Date(`2030-06-0${s}T12:00:00Z`);
const source = (over: Partial<ReceiptSource> = {}): ReceiptSource => ({
  booking: {
    id: '3f6c2a10-8d4e-4b7a-9c1f-0a2b3c4d5e6f',
    date: '2030-06-14',
    start_time: '21:00',
    end_time: '23:30',
    guest_count: 24,
    status: 'confirmed',
  },
  venue: {
    name: 'Velvet & Vine',
    address: '12 Neon Alley',
    city: 'Brooklyn',
    time_zone: 'America/New_York',
    cancellation_policy: 'moderate',
  },
  guest: { full_name: 'Jamie' },
  payments: [],
  refunds: [],
  ...over,
});
const payment = (
  kind: 'payment' | 'setup' | 'additional_charge',
  cents: number,
  day: string,
  status = 'succeeded',
) => ({
  id: `${kind}-${day}`,
  kind,
  status,
  amount_cents: cents,
  description: kind === 'additional_charge' ? 'Bar minimum not met' : null,
  card_brand: 'visa',
  card_last4: '4242',
  created_at: at(day),
});

describe('receipts', () => {
  it('a reference from the booking id', () => {
    expect(bookingReference('3f6c2a10-8d4e-4b7a-9c1f-0a2b3c4d5e6f')).toBe('VLV-3F6C2A10');
  });
  it('says (next day) when the night ends after midnight', () => {
    expect(receiptTimeRange('21:00', '01:00')).toBe('9:00 PM - 1:00 AM (next day)');
    expect(receiptTimeRange('20:00', '00:00')).toBe('8:00 PM - 12:00 AM (next day)');
    expect(receiptTimeRange('20:00', '23:00')).toBe('8:00 PM - 11:00 PM');
  });
  it('nothing paid (a card on file, a failed payment): no receipt', () => {
    expect(buildReceipt(source(), at('3'))).toBeNull();
    expect(
      buildReceipt(
        source({ payments: [payment('setup', 0, '3'), payment('payment', 100, '3', 'failed')] }),
        at('3'),
      ),
    ).toBeNull();
  });
  it('payments, charges and succeeded refunds in time order, with totals', () => {
    const r = buildReceipt(
      source({
        payments: [
          payment('payment', 34000, '2'),
          payment('additional_charge', 5050, '5'),
          payment('setup', 0, '1'),
        ],
        refunds: [
          { id: 'r1', status: 'succeeded', amount_cents: 1000, reason: 'Goodwill', created_at: at('6') },
          { id: 'r2', status: 'failed', amount_cents: 9999, reason: null, created_at: at('6') },
        ],
      }),
      at('7'),
    )!;
    expect(r.lines.map((l) => [l.label, l.amount_cents])).toEqual([
      ['Booking payment', 34000],
      ['Additional charge: Bar minimum not met', 5050],
      ['Refund: Goodwill', -1000],
    ]);
    expect([r.paid_cents, r.refunded_cents, r.net_cents]).toEqual([39050, 1000, 38050]);
    expect(r.cancellation_policy).toBe('Moderate');
    const rows = receiptRows(r);
    expect(rows.details).toContainEqual(['Card', 'Visa ending in 4242']);
    expect(rows.totals).toEqual([
      ['Total paid', '$390.50'],
      ['Refunded', '$10.00'],
      ['Net paid', '$380.50'],
    ]);
  });
});
