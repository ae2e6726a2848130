import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@/domain/contract';
import { GuestPaymentPanel } from './GuestPaymentPanel';

const pending: Booking = {
  id: '3f2b8c1d-9e4a-4b7c-8d2e-1a2b3c4d5e6f',
  venue_id: '00000000-0000-4000-8000-000000000001',
  user_id: '00000000-0000-4000-8000-000000000002',
  date: '2027-03-13',
  start_time: '21:00',
  end_time: '23:00',
  starts_at: '2027-03-14T02:00:00.000Z',
  ends_at: '2027-03-14T04:00:00.000Z',
  guest_count: 12,
  total_price: 300,
  status: 'pending',
  approval_status: 'pending',
  host_notes: null,
  special_requests: 'A birthday',
  contact_email: 'jamie@velvet.test',
  contact_phone: null,
  payment_intent_id: null,
  review_id: null,
  created_at: '2027-03-01T12:00:00.000Z',
  updated_at: '2027-03-01T12:00:00.000Z',
  expires_at: '2027-03-03T12:00:00.000Z',
  venue: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Club Number 1',
    pricing_type: 'hourly_rate',
    address: '1 Wacker Drive',
    city: 'Chicago',
    description: null,
    capacity: 80,
    time_zone: 'America/Chicago',
  },
};

const renderPanel = (booking: Booking) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <GuestPaymentPanel booking={booking} />
    </QueryClientProvider>,
  );

describe('GuestPaymentPanel', () => {
  it("shows a request's answer deadline while the venue has to answer", () => {
    renderPanel(pending);
    expect(screen.getByText(/^Venue must answer by /)).toBeTruthy();
  });

  it('leaves it out once the venue changed the booking and waits for the guest (it no longer expires)', () => {
    renderPanel({ ...pending, host_notes: 'We can host 10, from 10 PM.' });
    expect(screen.queryByText(/Venue must answer by/)).toBeNull();
  });

  it("says a minimum-spend night's card is on file and the guest's payment step is done (SPEC §4)", () => {
    renderPanel({
      ...pending,
      status: 'confirmed',
      expires_at: null,
      payment_intent_id: 'seti_local_1',
      payment_status: 'card_on_file',
      card: { brand: 'visa', last4: '4242' },
      venue: { ...pending.venue, pricing_type: 'minimum_spend' },
    });
    expect(screen.getByText('Card on File')).toBeTruthy();
    expect(screen.getByText('Payment Completed')).toBeTruthy();
    expect(screen.getByText(/charged only if the minimum is not met/)).toBeTruthy();
    expect(screen.queryByText('Paid')).toBeNull();
  });
});
