import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { signInUrlFor } from '@/domain/return-path';
import { describe, expect, it } from 'vitest';
import type { WeeklyHours } from '@/domain/hours';
import { DayDetails, type BookingPanelVenue } from './DayDetails';

const night = {
  open: '18:00',
  close: '02:00',
  closed: false,
  price: 650,
  pricing_type: 'hourly_rate' as const,
};
const hours = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, night]),
) as WeeklyHours;

const venue: BookingPanelVenue = {
  id: 'v1',
  name: 'High Roller Lounge',
  capacity: 120,
  base_price: 650,
  pricing_type: 'hourly_rate',
  hours,
  open_to_flexible_hours: true,
  // Not the test runner's zone, so the zone tag shows.
  time_zone: 'Pacific/Kiritimati',
};

type Taken = { date: string; start_time: string; end_time: string }[];

function renderDay(props: { date: string | null; signedIn?: boolean; taken?: Taken; mine?: Taken }) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <DayDetails
          venue={venue}
          date={props.date}
          state={props.date ? 'available' : null}
          hours={hours}
          overrides={[]}
          taken={props.taken ?? []}
          mine={props.mine}
          loading={false}
          signedIn={props.signedIn ?? false}
          isGuest={props.signedIn ?? false}
          onBook={() => {}}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('DayDetails', () => {
  it("shows the day's hours, flexible hours and the venue's zone as one run of text beside the icon", () => {
    renderDay({ date: '2030-01-04' });
    const line = screen.getByText((_, el) => el?.tagName === 'P' && /^Open /.test(el.textContent ?? ''));
    expect(line.textContent).toMatch(/^Open 6:00 PM - 2:00 AM · flexible hours .+ time$/);
    expect(line.querySelector('[data-testid="venue-time-zone"]')).toBeTruthy();
    // A flex row: text directly in it would make each piece a column of its own when it wraps.
    const bareText = [...line.childNodes].filter((n) => n.nodeType === 3 && n.textContent!.trim() !== '');
    expect(bareText).toEqual([]);
    expect(line.children).toHaveLength(2);
  });

  it('signed out, its sign-in links come back to this venue', () => {
    renderDay({ date: null });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      signInUrlFor('/venue/v1'),
    );
  });

  it('signed out with a date chosen, Sign In to Book comes back to this venue', () => {
    renderDay({ date: '2030-01-04' });
    const link = screen.getByRole('link', { name: 'Sign In to Book' }).getAttribute('href');
    expect(link).toBe(signInUrlFor('/venue/v1'));
    expect(link).toContain('redirect=');
  });
});

describe('DayDetails, the taken times of a signed-in guest', () => {
  const own = { date: '2030-01-04', start_time: '20:00:00', end_time: '22:00:00' };
  const theirs = { date: '2030-01-04', start_time: '22:00:00', end_time: '23:30:00' };

  it("says 'Your booking' for a time only the guest holds, and offers the waitlist for the others", () => {
    renderDay({ date: '2030-01-04', signedIn: true, taken: [own, theirs], mine: [own] });
    const ownRow = document.querySelector('[data-taken-slot="20:00-22:00"]')!;
    expect(ownRow.textContent).toContain('Your booking');
    expect(ownRow.querySelector('button')).toBeNull();
    const theirRow = document.querySelector('[data-taken-slot="22:00-23:30"]')!;
    expect(theirRow.textContent).not.toContain('Your booking');
    expect(screen.getAllByRole('button', { name: /Join the waitlist/ })).toHaveLength(1);
  });
});
