import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookingFacts } from './BookingFacts';

describe('BookingFacts', () => {
  const booking = {
    date: '2027-03-13',
    start_time: '23:00',
    end_time: '02:00',
    guest_count: 12,
    total_price: 300,
  };

  it("puts the venue's zone after the times when it is not the viewer's", () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const other = browser === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo';
    render(<BookingFacts booking={{ ...booking, venue: { time_zone: other } }} />);
    const time = screen.getByText(/11:00 PM - 2:00 AM/);
    expect(time.textContent).toBe(
      `11:00 PM - 2:00 AM (next day)${other === 'Asia/Tokyo' ? 'Tokyo time' : 'Paris time'}`,
    );
  });

  it('and leaves it out in the viewer’s own zone', () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    render(<BookingFacts booking={{ ...booking, venue: { time_zone: browser } }} />);
    expect(screen.getByText(/11:00 PM - 2:00 AM/).textContent).toBe('11:00 PM - 2:00 AM (next day)');
    expect(screen.queryByTestId('venue-time-zone')).toBeNull();
  });
});
