import { describe, expect, it } from 'vitest';
import { adminBookingEditSchema, bookingEditSchema, bookingRequestSchema, firstIssueOf } from '.';

const UUID = '3f2b8c1d-9e4a-4b7c-8d2e-1a2b3c4d5e6f';

const request = {
  venue_id: UUID,
  date: '2025-03-15',
  start_time: '22:00',
  end_time: '02:00',
  guest_count: 40,
  special_requests: 'Birthday party, need a cake table.',
};

describe('bookingRequestSchema', () => {
  it('accepts a request crossing midnight', () => {
    expect(bookingRequestSchema.parse(request)).toEqual(request);
  });
  it('strips a client-sent total_price and status', () => {
    const parsed = bookingRequestSchema.parse({ ...request, total_price: 1, status: 'confirmed' });
    expect(parsed).not.toHaveProperty('total_price');
    expect(parsed).not.toHaveProperty('status');
  });
  it('keeps an optional contact phone, dropping a blank one', () => {
    expect(bookingRequestSchema.parse({ ...request, contact_phone: '305-555-0100' }).contact_phone).toBe(
      '305-555-0100',
    );
    expect(bookingRequestSchema.parse({ ...request, contact_phone: '' })).not.toHaveProperty(
      'contact_phone',
      '',
    );
  });
  it('accepts guest count as text and trims special requests', () => {
    expect(
      bookingRequestSchema.parse({ ...request, guest_count: '12', special_requests: '  Quiet corner  ' }),
    ).toMatchObject({
      guest_count: 12,
      special_requests: 'Quiet corner',
    });
  });
  it.each<[string, object, string, string]>([
    ['missing venue', { venue_id: undefined }, 'venue_id', 'Venue is required.'],
    ['bad venue id', { venue_id: '42' }, 'venue_id', 'Invalid venue id.'],
    ['missing date', { date: undefined }, 'date', 'Please choose a date.'],
    ['bad date', { date: '15/03/2025' }, 'date', 'Please choose a valid date (yyyy-MM-dd).'],
    ['missing start', { start_time: undefined }, 'start_time', 'Start time is required.'],
    [
      'off-grid start',
      { start_time: '22:10' },
      'start_time',
      'Start time must be on the 15-minute grid (HH:MM).',
    ],
    ['off-grid end', { end_time: '2:00' }, 'end_time', 'End time must be on the 15-minute grid (HH:MM).'],
    ['end equals start', { end_time: '22:00' }, 'end_time', 'End time must be different from start time.'],
    ['missing guests', { guest_count: undefined }, 'guest_count', 'Guest count is required.'],
    ['zero guests', { guest_count: 0 }, 'guest_count', 'Guest count must be at least 1.'],
    ['fractional guests', { guest_count: 2.5 }, 'guest_count', 'Guest count must be a whole number.'],
    ['text guests', { guest_count: 'ten' }, 'guest_count', 'Guest count must be a number.'],
    ['missing details', { special_requests: undefined }, 'special_requests', 'Please describe your event.'],
    ['blank details', { special_requests: '   ' }, 'special_requests', 'Please describe your event.'],
    ['bad phone', { contact_phone: 'nope' }, 'contact_phone', 'Please enter a valid phone number.'],
  ])('rejects %s', (_name, patch, field, message) => {
    expect(firstIssueOf(bookingRequestSchema, { ...request, ...patch })).toEqual({ field, message });
  });
  it('does not report end = start when the start itself is invalid', () => {
    const result = bookingRequestSchema.safeParse({ ...request, start_time: '22:05', end_time: '22:05' });
    expect(result.error?.issues.map((i) => i.message)).not.toContain(
      'End time must be different from start time.',
    );
  });
});

const edit = {
  guest_count: 30,
  start_time: '21:00',
  end_time: '01:00',
  total_price: 480.5,
  host_notes: ' Start moved to 9 PM. ',
};

describe('bookingEditSchema', () => {
  it('accepts an edit with notes, trimmed', () => {
    expect(bookingEditSchema.parse(edit)).toEqual({ ...edit, host_notes: 'Start moved to 9 PM.' });
  });
  it.each<[string, object, string, string]>([
    [
      'missing notes',
      { host_notes: undefined },
      'host_notes',
      'Please add a note for the guest explaining the changes.',
    ],
    [
      'blank notes',
      { host_notes: ' \n ' },
      'host_notes',
      'Please add a note for the guest explaining the changes.',
    ],
    ['negative price', { total_price: -1 }, 'total_price', 'Total price cannot be negative.'],
    [
      'sub-cent price',
      { total_price: 10.005 },
      'total_price',
      'Total price can have at most 2 decimal places.',
    ],
    ['missing price', { total_price: undefined }, 'total_price', 'Total price is required.'],
    ['end equals start', { end_time: '21:00' }, 'end_time', 'End time must be different from start time.'],
    ['zero guests', { guest_count: 0 }, 'guest_count', 'Guest count must be at least 1.'],
  ])('rejects %s', (_name, patch, field, message) => {
    expect(firstIssueOf(bookingEditSchema, { ...edit, ...patch })).toEqual({ field, message });
  });
  it('accepts a price of 0', () => {
    expect(bookingEditSchema.safeParse({ ...edit, total_price: 0 }).success).toBe(true);
  });
});

describe('adminBookingEditSchema', () => {
  const adminEdit = {
    guest_count: 30,
    start_time: '21:00',
    end_time: '01:00',
    total_price: 480,
    status: 'confirmed',
  };
  it('accepts an edit without notes', () => {
    expect(adminBookingEditSchema.parse(adminEdit)).toEqual(adminEdit);
    expect(adminBookingEditSchema.parse({ ...adminEdit, host_notes: '' })).toEqual({
      ...adminEdit,
      host_notes: null,
    });
  });
  it.each<[object, string, string]>([
    [{ status: 'paid' }, 'status', 'Status must be pending, confirmed, cancelled or edited.'],
    [{ status: undefined }, 'status', 'Status must be pending, confirmed, cancelled or edited.'],
    [{ end_time: '21:00' }, 'end_time', 'End time must be different from start time.'],
    [{ total_price: 'lots' }, 'total_price', 'Total price must be a number.'],
  ])('rejects %j', (patch, field, message) => {
    expect(firstIssueOf(adminBookingEditSchema, { ...adminEdit, ...patch })).toEqual({ field, message });
  });
});
