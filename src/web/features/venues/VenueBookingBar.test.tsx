import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { VenueBookingBar } from './VenueBookingBar';

/** The booking column: its calendar is there at once, or drawn later (still loading). */
function Page({ calendarAtFirst }: { calendarAtFirst: boolean }) {
  const [loaded, setLoaded] = useState(calendarAtFirst);
  const [month, setMonth] = useState(11);
  return (
    <>
      <button type="button" onClick={() => setLoaded(true)}>
        load
      </button>
      <button type="button" onClick={() => setMonth((m) => m + 1)}>
        redraw
      </button>
      <section id="booking" tabIndex={-1} aria-label="Booking">
        {loaded ? (
          // Keyed by month: a new month is a new grid, as when its availability arrives.
          <div role="grid" aria-label="Availability calendar" key={month}>
            <button type="button" tabIndex={-1}>
              28
            </button>
            <button type="button" tabIndex={0}>
              29
            </button>
          </div>
        ) : (
          <p>Loading...</p>
        )}
      </section>
      <VenueBookingBar label="Hourly Rate" price="$150" targetId="booking" />
    </>
  );
}

const day = () => screen.getByRole('button', { name: '29' });
const checkAvailability = () => screen.getByRole('button', { name: 'Check availability' });

describe("VenueBookingBar 'Check availability'", () => {
  it("puts the focus on the calendar's day", async () => {
    render(<Page calendarAtFirst />);
    await userEvent.click(checkAvailability());
    expect(document.activeElement).toBe(day());
  });

  it('focuses the column while the calendar loads, then the day once it is drawn', async () => {
    render(<Page calendarAtFirst={false} />);
    await userEvent.click(checkAvailability());
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Booking' }));
    act(() => screen.getByRole('button', { name: 'load' }).click());
    await act(() => Promise.resolve()); // the observer's callback
    expect(document.activeElement).toBe(day());
  });

  it('follows the day when the calendar is drawn anew', async () => {
    render(<Page calendarAtFirst />);
    await userEvent.click(checkAvailability());
    const first = day();
    act(() => screen.getByRole('button', { name: 'redraw' }).click());
    await act(() => Promise.resolve());
    expect(day()).not.toBe(first);
    expect(document.activeElement).toBe(day());
  });

  it('leaves the focus where the visitor moved it', async () => {
    render(<Page calendarAtFirst={false} />);
    await userEvent.click(checkAvailability());
    const load = screen.getByRole('button', { name: 'load' });
    load.focus();
    act(() => load.click());
    await act(() => Promise.resolve());
    expect(document.activeElement).toBe(load);
  });
});
