import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@/domain/contract';
import { defaultHours, type WeeklyHours } from '@/domain/hours';
import { AuthProvider } from '@/web/features/auth';
import { BookingRequestDialog, type BookableVenue } from './BookingRequestDialog';

/** Saturday 7 December 2030: open 20:00 to 02:00, no day price (the base price applies). */
const DATE = '2030-12-07';
const hours: WeeklyHours = {
  ...defaultHours(),
  saturday: { open: '20:00', close: '02:00', closed: false, price: 0, pricing_type: 'hourly_rate' },
};
const venue: BookableVenue = {
  id: '7d5e2a4c-1111-4c1a-9d44-000000000001',
  name: 'The Velvet Room',
  capacity: 50,
  base_price: 100,
  pricing_type: 'hourly_rate',
  open_to_flexible_hours: false,
  time_zone: 'America/New_York',
};
const session: Session = {
  user: { id: 'u1', email: 'guest@example.com', name: 'Gia Guest' },
  profile: {
    id: 'p1',
    user_id: 'u1',
    full_name: 'Gia Guest',
    email: 'guest@example.com',
    phone: null,
    role: 'user',
    business_name: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  },
};

/** The network as the dialog sees it: the session, and POST /api/bookings answered 201. */
const requests: { method: string; url: string; body: unknown }[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      requests.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/session') return json(200, session);
      if (url === '/api/bookings' && method === 'POST') return json(201, { id: 'b1' });
      if (url === '/api/waitlist' && method === 'POST') return json(201, { id: 'w1', position: 2 });
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog(props: Partial<Parameters<typeof BookingRequestDialog>[0]> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <RouterProvider
        router={createMemoryRouter([{ path: '*', element: <AuthProvider>{children}</AuthProvider> }])}
      />
    </QueryClientProvider>
  );
  render(
    <BookingRequestDialog
      open
      onOpenChange={onOpenChange}
      venue={venue}
      date={DATE}
      hours={hours}
      overrides={[]}
      taken={[]}
      {...props}
    />,
    { wrapper },
  );
  return { onOpenChange };
}

/** The signed-in guest's email fills the read-only contact field once the session is read. */
const signedIn = () => screen.findByDisplayValue('guest@example.com');
const quote = () => screen.getByTestId('booking-quote').textContent;
const submit = () => screen.getByRole('button', { name: 'Submit Booking Request' });

describe('BookingRequestDialog', () => {
  it('prices the default times (opening time, three hours) as the server will', async () => {
    renderDialog();
    await signedIn();
    expect(screen.getByRole('dialog', { name: 'Request to Book The Velvet Room' })).not.toBeNull();
    expect(screen.getByText(/Saturday, December 7, 2030 · Open 8:00 PM - 2:00 AM/)).not.toBeNull();
    expect(quote()).toContain('Standard rate · Hourly Rate');
    expect(quote()).toContain('$100.00/hour');
    expect(quote()).toContain('3 hours');
    expect(screen.getByTestId('booking-total').textContent).toBe('$300.00');
  });

  it('re-prices when the guest picks another end time, past midnight included', async () => {
    const user = userEvent.setup();
    renderDialog();
    await signedIn();
    const end = screen.getByLabelText(/^End Time/) as HTMLSelectElement;
    // Times before the start are on the next day.
    expect(Array.from(end.options).find((o) => o.value === '01:00')?.textContent).toBe('1:00 AM (next day)');
    await user.selectOptions(end, '01:00');
    expect(quote()).toContain('5 hours');
    expect(screen.getByTestId('booking-total').textContent).toBe('$500.00');
    // Past closing time: listed, disabled, with the reason.
    const late = Array.from(end.options).find((o) => o.value === '02:15')!;
    expect(late.disabled).toBe(true);
    expect(late.textContent).toBe('2:15 AM (next day) — Outside opening hours');
    // The end list starts after the start: the start itself is not an end.
    expect(Array.from(end.options).some((o) => o.value === '20:00')).toBe(false);
  });

  it('uses the date override price and says so', async () => {
    renderDialog({
      overrides: [{ date: DATE, price: 150, is_available: true, pricing_type: 'minimum_spend' }],
    });
    await signedIn();
    expect(quote()).toContain('Special rate for this date · Minimum Spend');
    expect(screen.getByTestId('booking-total').textContent).toBe('$150.00');
    expect(quote()).toContain('nothing is charged now');
  });

  it('refuses an empty form with the messages of each field, and sends nothing', async () => {
    const user = userEvent.setup();
    renderDialog();
    await signedIn();
    await user.click(submit());
    expect(await screen.findByText('Guest count is required.')).not.toBeNull();
    expect(screen.getByText('Please describe your event.')).not.toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("refuses more guests than the venue's capacity", async () => {
    const user = userEvent.setup();
    renderDialog();
    await signedIn();
    await user.type(screen.getByLabelText('Number of Guests'), '51');
    await user.type(screen.getByLabelText('Event Details / Special Requests'), 'Birthday');
    await user.click(submit());
    expect(await screen.findByText('This venue allows up to 50 guests.')).not.toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows the taken slots and disables the times they hold, with the reason', async () => {
    renderDialog({ taken: [{ date: DATE, start_time: '22:00', end_time: '01:00' }] });
    await signedIn();
    expect(screen.getByTestId('taken-times').textContent).toContain('10:00 PM - 1:00 AM (next day)');
    const start = screen.getByLabelText(/^Start Time/) as HTMLSelectElement;
    const option = (select: HTMLSelectElement, value: string) =>
      Array.from(select.options).find((o) => o.value === value)!;
    expect(option(start, '22:00').disabled).toBe(true);
    expect(option(start, '22:00').textContent).toBe('10:00 PM — Overlaps a confirmed booking');
    expect(option(start, '21:45').disabled).toBe(false);
    expect(option(start, '19:45').textContent).toBe('7:45 PM — Outside opening hours');
    // The default times avoid it: from opening until the booking starts.
    expect(start.value).toBe('20:00');
    const end = screen.getByLabelText(/^End Time/) as HTMLSelectElement;
    expect(end.value).toBe('22:00');
    expect(option(end, '22:15').disabled).toBe(true);
    expect(screen.getByTestId('footer-total').textContent).toBe('$200.00');
  });

  it('asks before closing with typed details, and keeps them when the guest stays', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    await signedIn();
    await user.type(screen.getByLabelText('Event Details / Special Requests'), 'Birthday');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('alert').textContent).toContain('Discard this booking request?');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep Editing' }));
    await user.click(screen.getByRole('button', { name: 'Keep Editing' }));
    expect((screen.getByLabelText('Event Details / Special Requests') as HTMLTextAreaElement).value).toBe(
      'Birthday',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes at once when nothing was typed', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    await signedIn();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps every field when the server refuses the request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/session') return json(200, session);
        if (url === '/api/bookings' && init.method === 'POST') {
          return json(409, {
            error: { code: 'conflict', message: 'This time overlaps a confirmed booking.' },
          });
        }
        return json(404, { error: { code: 'not_found', message: 'Not found.' } });
      }),
    );
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    await signedIn();
    await user.type(screen.getByLabelText('Number of Guests'), '12');
    await user.type(screen.getByLabelText('Event Details / Special Requests'), 'Birthday for twelve');
    await user.click(submit());
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Number of Guests') as HTMLInputElement).value).toBe('12');
    expect((screen.getByLabelText('Event Details / Special Requests') as HTMLTextAreaElement).value).toBe(
      'Birthday for twelve',
    );
  });

  it('offers the waitlist beside each taken time: joining posts that time and closes the dialog', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog({
      taken: [{ date: DATE, start_time: '22:00', end_time: '01:00' }],
    });
    await signedIn();
    await user.click(screen.getByRole('button', { name: /^Join the waitlist for / }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/waitlist',
        body: { venue_id: venue.id, date: DATE, start_time: '22:00', end_time: '01:00' },
      },
    ]);
  });

  it('offers no waitlist when nothing is taken', async () => {
    renderDialog();
    await signedIn();
    expect(screen.queryByRole('button', { name: /waitlist/i })).toBeNull();
  });

  it('sends a valid request (typed by keyboard) and closes', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    await signedIn();
    await user.click(screen.getByLabelText('Number of Guests'));
    await user.keyboard('12');
    await user.tab();
    await user.keyboard('Birthday for twelve');
    await user.type(screen.getByLabelText('Phone (optional)'), '(555) 123-4567');
    await user.click(submit());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const sent = requests.filter((r) => r.method === 'POST');
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/bookings',
        body: {
          venue_id: venue.id,
          date: DATE,
          start_time: '20:00',
          end_time: '23:00',
          guest_count: 12,
          special_requests: 'Birthday for twelve',
          contact_phone: '(555) 123-4567',
        },
      },
    ]);
  });
});
