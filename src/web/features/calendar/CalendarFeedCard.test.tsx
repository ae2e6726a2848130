import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/web/components/ui/toaster';
import { CalendarFeedCard, REGENERATE_WARNING } from './CalendarFeedCard';
import { AddToCalendarButton } from './AddToCalendarButton';

const VENUE = '7d5e2a4c-1111-4c1a-9d44-000000000001';
const FEED = `/api/venues/${VENUE}/calendar-feed`;
const url = (n: number) => `http://localhost:3000/api/calendar/venues/${String(n).repeat(43)}.ics`;

let current: { url: string | null; created_at: string | null };
let posts = 0;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  posts = 0;
  current = { url: null, created_at: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path === FEED && (init.method ?? 'GET') === 'GET') return json(200, current);
      if (path === FEED && init.method === 'POST') {
        posts++;
        current = { url: url(posts), created_at: '2026-11-23T12:00:00.000Z' };
        return json(200, current);
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  return render(<CalendarFeedCard venueId={VENUE} />, { wrapper });
}

describe('CalendarFeedCard', () => {
  it('creates the feed URL, copies it, and regenerates it only after a confirmation', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCard();
    expect(await screen.findByRole('heading', { name: 'Calendar feed' })).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Create feed URL' }));
    const field = await screen.findByLabelText('Calendar feed URL');
    expect(field).toHaveProperty('value', url(1));
    expect(posts).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenCalledWith(url(1));
    expect(await screen.findByText('Feed URL copied')).toBeTruthy();

    // Regenerate asks first; keeping the URL changes nothing.
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(screen.getByRole('dialog').textContent).toContain(REGENERATE_WARNING);
    await user.click(screen.getByRole('button', { name: 'Keep Current URL' }));
    expect(posts).toBe(1);
    expect(field).toHaveProperty('value', url(1));

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(screen.getByRole('button', { name: 'Regenerate URL' }));
    await waitFor(() => expect(screen.getByLabelText('Calendar feed URL')).toHaveProperty('value', url(2)));
    expect(posts).toBe(2);
    expect(await screen.findByText('New feed URL created')).toBeTruthy();
  });

  it('shows an existing feed URL at once', async () => {
    current = { url: url(7), created_at: '2026-11-20T12:00:00.000Z' };
    renderCard();
    expect(await screen.findByLabelText('Calendar feed URL')).toHaveProperty('value', url(7));
    expect(screen.queryByRole('button', { name: 'Create feed URL' })).toBeNull();
  });
});

describe('AddToCalendarButton', () => {
  it("links to the booking's .ics file as a download", () => {
    render(<AddToCalendarButton bookingId="b-1" />);
    const link = screen.getByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('href')).toBe('/api/bookings/b-1/calendar.ics');
    expect(link.hasAttribute('download')).toBe(true);
  });
});
