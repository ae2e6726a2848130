import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentResult } from '@/domain/contract';
import { formatLongDate } from '@/domain/calendar';
import { signInUrlFor } from '@/domain/return-path';
import { formatTimeRange } from '@/domain/time';
import PaymentSuccessPage from './PaymentSuccessPage';

const BOOKING_ID = '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e';
const INTENT = 'pi_local_0123456789abcdef01234567';
const SETUP = 'seti_local_0123456789abcdef01234567';
/** A booking asked for by a signed-out browser (its session ended during the payment). */
const SIGNED_OUT = '7a2b3c4d-5e6f-4a1b-9c2d-3e4f5a6b7c8d';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const result = (state: 'paid' | 'card_on_file'): PaymentResult => ({
  state,
  booking: {
    id: BOOKING_ID,
    venue: {
      id: 'v1',
      name: 'Neon Lounge',
      pricing_type: state === 'card_on_file' ? 'minimum_spend' : 'hourly_rate',
    },
    date: '2026-07-18',
    start_time: '21:00',
    end_time: '01:00',
    guest_count: 8,
    total_price: 300,
    status: 'confirmed',
  },
  amount_cents: state === 'paid' ? 30000 : 0,
  payment_id: state === 'paid' ? INTENT : SETUP,
});

/** The server as the page sees it: booking_id wins; else the intent names the guest's booking. */
let requests: string[] = [];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      requests.push(path);
      const q = new URL(path, 'http://localhost').searchParams;
      const id = q.get('booking_id');
      const intent = q.get('payment_intent');
      if (id === SIGNED_OUT)
        return json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } });
      if (id === BOOKING_ID || (!id && intent === INTENT)) return json(200, result('paid'));
      if (!id && intent === SETUP) return json(200, result('card_on_file'));
      return json(404, { error: { code: 'NOT_FOUND', message: 'Booking not found' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <PaymentSuccessPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PaymentSuccessPage', () => {
  it('with only payment_intent, asks the server by it and shows the paid booking', async () => {
    renderAt(`/payment-success?payment_intent=${INTENT}&payment_intent_client_secret=${INTENT}_secret_x`);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText('Neon Lounge')).toBeTruthy();
    expect(screen.getByText(formatLongDate('2026-07-18'))).toBeTruthy();
    expect(screen.getByText(formatTimeRange('21:00', '01:00'))).toBeTruthy();
    expect(screen.getByText('8 people')).toBeTruthy();
    expect(screen.getByText('Total Paid')).toBeTruthy();
    expect(screen.getByTestId('payment-total').textContent).toBe('$300.00');
    expect(requests).toEqual([`/api/payments/result?payment_intent=${INTENT}`]);
  });

  it('a card put on file, by its setup intent: Card on File!, no charge now', async () => {
    renderAt(`/payment-success?payment_intent=${SETUP}`);
    expect(await screen.findByRole('heading', { name: 'Card on File!' })).toBeTruthy();
    expect(screen.getByTestId('payment-total').textContent).toBe('Card on File: No Charge Now');
  });

  it('with both, sends both (the server lets booking_id win)', async () => {
    renderAt(`/payment-success?booking_id=${BOOKING_ID}&payment_intent=${INTENT}`);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(requests).toEqual([`/api/payments/result?booking_id=${BOOKING_ID}&payment_intent=${INTENT}`]);
  });

  it('an intent the server does not find among the viewer’s bookings: Booking not found', async () => {
    renderAt('/payment-success?payment_intent=pi_local_someone_else');
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeTruthy();
    expect(screen.queryByText('Neon Lounge')).toBeNull();
  });

  it('with neither, asks nothing: No payment to show', () => {
    renderAt('/payment-success');
    expect(screen.getByRole('heading', { name: 'No payment to show' })).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('signed out: Sign In comes back to this payment result', async () => {
    const url = `/payment-success?booking_id=${SIGNED_OUT}&payment_intent=${INTENT}`;
    renderAt(url);
    expect(await screen.findByRole('heading', { name: 'Sign in to see this payment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(signInUrlFor(url));
  });
});
