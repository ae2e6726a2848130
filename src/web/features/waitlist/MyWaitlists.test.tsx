import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WaitlistList } from '@/domain/contract';
import { viewerTimeZone } from '@/web/components/TimeZoneTag';
import { MyWaitlists } from './MyWaitlists';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A zone other than the test runner's, so the page has a reason to name it. */
const venueZone = viewerTimeZone() === 'Pacific/Kiritimati' ? 'America/Chicago' : 'Pacific/Kiritimati';

const list: WaitlistList = {
  entries: [
    {
      id: '0b5e1f7a-3c2d-4e6f-8a9b-1c2d3e4f5a6b',
      venue_id: 'ccf64532-69b0-4c96-b330-287b895368c4',
      date: '2030-12-13',
      start_time: '16:00',
      end_time: '18:00',
      position: 1,
      notified_at: null,
      created_at: '2030-11-30T04:31:16.086Z',
      venue: {
        id: 'ccf64532-69b0-4c96-b330-287b895368c4',
        name: 'The Gilded Owl',
        city: 'Chicago',
        time_zone: venueZone,
      },
    },
  ],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, list)),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('MyWaitlists', () => {
  it("names the venue's time zone beside the wished time, as the booking cards do", async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <MyWaitlists />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const when = await screen.findByTestId('waitlist-when');
    expect(when.textContent).toMatch(/^Friday, December 13, 2030 · 4:00 PM - 6:00 PM/);
    expect(within(when).getByTestId('venue-time-zone').textContent).toMatch(/ time$/);
  });
});
