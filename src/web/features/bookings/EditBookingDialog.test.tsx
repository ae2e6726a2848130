import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Booking } from '@/domain/contract';
import { EditBookingDialog } from './EditBookingDialog';

/** A pending request 20:00–23:00 EDT on 7 December 2030 (its instants as the server stores them). */
const booking: Booking = {
  id: '0b6f1f4e-2222-4c1a-9d44-000000000001',
  venue_id: '7d5e2a4c-1111-4c1a-9d44-000000000001',
  user_id: 'p1',
  date: '2030-12-07',
  start_time: '20:00',
  end_time: '23:00',
  starts_at: '2030-12-08T01:00:00.000Z',
  ends_at: '2030-12-08T04:00:00.000Z',
  guest_count: 8,
  total_price: 300,
  status: 'pending',
  approval_status: 'pending',
  host_notes: null,
  special_requests: 'Birthday',
  contact_email: 'guest@example.com',
  contact_phone: null,
  payment_intent_id: null,
  review_id: null,
  created_at: '2030-11-01T00:00:00.000Z',
  updated_at: '2030-11-01T00:00:00.000Z',
  venue: {
    id: '7d5e2a4c-1111-4c1a-9d44-000000000001',
    name: 'The Velvet Room',
    pricing_type: 'hourly_rate',
    address: '1 Main St',
    city: 'New York',
    description: null,
    capacity: 50,
    time_zone: 'America/New_York',
  },
};

/** Another guest's confirmed booking that night, 23:30–01:00 EST. */
const confirmed = [
  { id: 'other', starts_at: '2030-12-08T04:30:00.000Z', ends_at: '2030-12-08T06:00:00.000Z' },
];

function renderDialog() {
  const onOpenChange = vi.fn();
  const queryClient = new QueryClient();
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createMemoryRouter([{ path: '*', element: children }])} />
    </QueryClientProvider>
  );
  render(
    wrap(
      <EditBookingDialog
        booking={booking}
        capacity={50}
        confirmed={[...confirmed, { id: booking.id, starts_at: booking.starts_at, ends_at: booking.ends_at }]}
        open
        onOpenChange={onOpenChange}
      />,
    ),
  );
  return { onOpenChange };
}

const option = (label: string, value: string) =>
  Array.from((screen.getByLabelText(new RegExp(`^${label}`)) as HTMLSelectElement).options).find(
    (o) => o.value === value,
  )!;

describe('EditBookingDialog', () => {
  it("disables the times other confirmed bookings hold (not the booking's own)", () => {
    renderDialog();
    expect(option('Start Time', '20:00').disabled).toBe(false); // its own time
    expect(option('Start Time', '23:30').disabled).toBe(true);
    expect(option('Start Time', '23:30').textContent).toBe('11:30 PM — Overlaps a confirmed booking');
    expect(option('End Time', '23:30').disabled).toBe(false);
    expect(option('End Time', '23:45').disabled).toBe(true);
    // The host may move a booking outside the usual hours: only overlaps are judged.
    expect(option('Start Time', '03:00').disabled).toBe(false);
  });

  it('asks before discarding changes', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText('Notes for the Customer'), 'Moved one hour');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('alert').textContent).toContain('Discard your changes to this booking?');
    await user.click(screen.getByRole('button', { name: 'Keep Editing' }));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Notes for the Customer') as HTMLTextAreaElement).value).toBe(
      'Moved one hour',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
