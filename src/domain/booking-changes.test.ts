import { describe, expect, it } from 'vitest';
import { termChanges, termsOf, type BookingTerms } from './booking-changes';

const before: BookingTerms = {
  date: '2030-06-14',
  start_time: '20:00',
  end_time: '23:00',
  guest_count: 10,
  total_price: 300,
};

describe('termChanges', () => {
  it('lists nothing without stored previous terms or when nothing changed', () => {
    expect(termChanges(null, before)).toEqual([]);
    expect(termChanges(before, { ...before })).toEqual([]);
    expect(termChanges(before, { ...before, total_price: 300.0 })).toEqual([]);
  });

  it('gives old → new for the date, the times, the guests and the price, in that order', () => {
    const after = {
      date: '2030-06-15',
      start_time: '21:00',
      end_time: '01:00',
      guest_count: 1,
      total_price: 412.5,
    };
    expect(termChanges(before, after)).toEqual([
      { field: 'date', label: 'Date', from: 'Friday, June 14, 2030', to: 'Saturday, June 15, 2030' },
      { field: 'time', label: 'Time', from: '8:00 PM - 11:00 PM', to: '9:00 PM - 1:00 AM' },
      { field: 'guests', label: 'Guests', from: '10 guests', to: '1 guest' },
      { field: 'price', label: 'Total', from: '$300.00', to: '$412.50' },
    ]);
  });

  it('names the price "Minimum spend" for minimum-spend venues and notices a moved end alone', () => {
    const changes = termChanges(before, { ...before, end_time: '23:30', total_price: 350 }, 'minimum_spend');
    expect(changes.map((c) => [c.label, c.from, c.to])).toEqual([
      ['Time', '8:00 PM - 11:00 PM', '8:00 PM - 11:30 PM'],
      ['Minimum spend', '$300.00', '$350.00'],
    ]);
  });

  it('termsOf keeps only the terms (numeric prices from the database as numbers)', () => {
    expect(
      termsOf({ ...before, total_price: '300.00' as unknown as number, id: 'x' } as BookingTerms),
    ).toEqual(before);
  });
});
