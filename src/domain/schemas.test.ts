import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { defaultHours } from './hours';
import {
  additionalChargeSchema,
  adminBookingEditSchema,
  bookingEditSchema,
  bookingRequestSchema,
  confirmEmailSchema,
  dateOverrideSchema,
  firstIssueMessage,
  resendSchema,
  reviewSchema,
  signInSchema,
  signUpSchema,
  venueDecisionSchema,
  venueInputSchema,
  venueUpdateSchema,
} from './schemas';

const UUID = '3f2b8c1d-9e4a-4b7c-8d2e-1a2b3c4d5e6f';

/** The { field, message } the API would answer with, or null when the input is accepted. */
function firstIssue(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? null : firstIssueMessage(result.error);
}

describe('firstIssueMessage', () => {
  it('joins the path of the first issue', () => {
    const hours = { ...defaultHours(), monday: { ...defaultHours().monday, open: '9' } };
    expect(firstIssue(venueUpdateSchema, { hours })).toEqual({
      field: 'hours.monday.open',
      message: 'Opening time must be on the 15-minute grid (HH:MM).',
    });
  });
  it('gives an empty field for the body itself', () => {
    expect(firstIssue(signInSchema, 'x')).toEqual({ field: '', message: 'Invalid request body.' });
  });
});

describe('signUpSchema', () => {
  const guest = { email: ' Jane@Example.COM ', password: 'night0wl-Club', full_name: ' Jane Doe ' };
  it('accepts a guest, normalizing email and name, role defaulting to user', () => {
    expect(signUpSchema.parse(guest)).toEqual({
      email: 'jane@example.com',
      password: 'night0wl-Club',
      full_name: 'Jane Doe',
      role: 'user',
    });
  });
  it('accepts a host with business name and phone', () => {
    expect(
      signUpSchema.parse({
        ...guest,
        role: 'host',
        business_name: 'Velvet Room LLC',
        phone: '+1 (305) 555-0100',
      }),
    ).toMatchObject({ role: 'host', business_name: 'Velvet Room LLC', phone: '+1 (305) 555-0100' });
  });
  it('does not judge password strength (the server lists every reason)', () => {
    expect(signUpSchema.safeParse({ ...guest, password: 'short' }).success).toBe(true);
  });
  it.each<[string, object, { field: string; message: string }]>([
    ['missing email', { email: undefined }, { field: 'email', message: 'Email is required.' }],
    ['blank email', { email: '  ' }, { field: 'email', message: 'Email is required.' }],
    ['bad email', { email: 'jane@' }, { field: 'email', message: 'Please enter a valid email address.' }],
    ['missing password', { password: undefined }, { field: 'password', message: 'Password is required.' }],
    ['empty password', { password: '' }, { field: 'password', message: 'Password is required.' }],
    ['missing name', { full_name: undefined }, { field: 'full_name', message: 'Full name is required.' }],
    ['blank name', { full_name: '   ' }, { field: 'full_name', message: 'Full name is required.' }],
    ['admin role', { role: 'admin' }, { field: 'role', message: 'Role must be user or host.' }],
    [
      'host without business',
      { role: 'host', phone: '3055550100' },
      { field: 'business_name', message: 'Business name is required.' },
    ],
    [
      'host with blank business',
      { role: 'host', business_name: ' ', phone: '3055550100' },
      { field: 'business_name', message: 'Business name is required.' },
    ],
    [
      'host without phone',
      { role: 'host', business_name: 'Club' },
      { field: 'phone', message: 'Phone number is required.' },
    ],
    ['bad phone', { phone: 'call me' }, { field: 'phone', message: 'Please enter a valid phone number.' }],
    [
      'too short phone',
      { phone: '12345' },
      { field: 'phone', message: 'Please enter a valid phone number.' },
    ],
  ])('rejects %s', (_name, patch, expected) => {
    expect(firstIssue(signUpSchema, { ...guest, ...patch })).toEqual(expected);
  });
  it('lets a guest leave business name and phone out or blank', () => {
    expect(signUpSchema.parse({ ...guest, business_name: '', phone: '' })).toEqual(signUpSchema.parse(guest));
  });
});

describe('signInSchema', () => {
  it('accepts email and password with an optional portal', () => {
    expect(signInSchema.parse({ email: 'A@b.co', password: 'x', portal: 'host' })).toEqual({
      email: 'a@b.co',
      password: 'x',
      portal: 'host',
    });
    expect(signInSchema.parse({ email: 'a@b.co', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
  });
  it.each<[object, string, string]>([
    [{ password: 'x' }, 'email', 'Email is required.'],
    [{ email: 'a@b.co' }, 'password', 'Password is required.'],
    [{ email: 'a@b.co', password: 'x', portal: 'admin' }, 'portal', 'Portal must be user or host.'],
  ])('rejects %j', (input, field, message) => {
    expect(firstIssue(signInSchema, input)).toEqual({ field, message });
  });
});

describe('confirmEmailSchema', () => {
  it('accepts token and email, role optional', () => {
    expect(confirmEmailSchema.parse({ token: 'abc', email: 'A@b.co', role: 'host' })).toEqual({
      token: 'abc',
      email: 'a@b.co',
      role: 'host',
    });
    expect(confirmEmailSchema.parse({ token: 'abc', email: 'a@b.co', role: 'weird' })).toEqual({
      token: 'abc',
      email: 'a@b.co',
    });
  });
  it.each([
    {},
    { token: 'abc' },
    { email: 'a@b.co' },
    { token: '', email: 'a@b.co' },
    { token: 'abc', email: 'nope' },
    null,
  ])('answers "Invalid confirmation link" for %j', (input) => {
    expect(firstIssue(confirmEmailSchema, input)?.message).toBe('Invalid confirmation link');
  });
});

describe('resendSchema', () => {
  it('needs an email', () => {
    expect(resendSchema.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(firstIssue(resendSchema, {})).toEqual({ field: 'email', message: 'Email is required.' });
  });
});

const venue = {
  name: 'The Velvet Room',
  description: 'Speakeasy with a dance floor.',
  address: '1200 Ocean Drive',
  city: 'Miami Beach',
  capacity: 150,
  base_price: 250,
  pricing_type: 'hourly_rate',
  amenities: ['security', 'bar', 'dj'],
  hours: defaultHours(),
  open_to_flexible_hours: true,
  business_name: 'Velvet Room LLC',
  phone: '(305) 555-0100',
  email: 'Owner@VelvetRoom.com',
  bank_account_holder_name: 'Velvet Room LLC',
  bank_account_number: '0001 2345 6789',
  bank_routing_number: '021000021',
  tax_id: '12-3456789',
  time_zone: 'america/new_york',
  terms_accepted: true,
};

describe('venueInputSchema', () => {
  it('accepts a complete venue, normalizing fields', () => {
    const parsed = venueInputSchema.parse(venue);
    expect(parsed).toMatchObject({
      amenities: ['bar', 'dj', 'security'],
      email: 'owner@velvetroom.com',
      bank_account_number: '000123456789',
      time_zone: 'America/New_York',
      terms_accepted: true,
    });
  });
  it('fills defaults for amenities, hours and flexible hours; time zone and description may be left out', () => {
    const {
      amenities: _a,
      hours: _h,
      open_to_flexible_hours: _f,
      time_zone: _t,
      description: _d,
      ...rest
    } = venue;
    const parsed = venueInputSchema.parse(rest);
    expect(parsed.amenities).toEqual([]);
    expect(parsed.hours).toEqual(defaultHours());
    expect(parsed.open_to_flexible_hours).toBe(false);
    expect(parsed.time_zone).toBeUndefined();
    expect(parsed.description).toBeUndefined();
  });
  it('turns a blank description into null', () => {
    expect(venueInputSchema.parse({ ...venue, description: '  ' }).description).toBeNull();
  });
  it('accepts numbers typed as text (forms)', () => {
    expect(venueInputSchema.parse({ ...venue, capacity: '80', base_price: '99.50' })).toMatchObject({
      capacity: 80,
      base_price: 99.5,
    });
  });
  it('accepts a price of 0 and two decimals', () => {
    expect(venueInputSchema.safeParse({ ...venue, base_price: 0 }).success).toBe(true);
    expect(venueInputSchema.safeParse({ ...venue, base_price: 19.99 }).success).toBe(true);
  });
  it.each<[string, object, string, string]>([
    ['missing name', { name: undefined }, 'name', 'Venue name is required.'],
    ['blank name', { name: ' ' }, 'name', 'Venue name is required.'],
    ['missing address', { address: '' }, 'address', 'Address is required.'],
    ['missing city', { city: undefined }, 'city', 'City is required.'],
    ['missing capacity', { capacity: undefined }, 'capacity', 'Capacity is required.'],
    ['blank capacity', { capacity: '' }, 'capacity', 'Capacity is required.'],
    ['text capacity', { capacity: 'many' }, 'capacity', 'Capacity must be a number.'],
    ['hex capacity', { capacity: '0x10' }, 'capacity', 'Capacity must be a number.'],
    ['exponent capacity', { capacity: '1e3' }, 'capacity', 'Capacity must be a number.'],
    ['zero capacity', { capacity: 0 }, 'capacity', 'Capacity must be at least 1.'],
    ['fractional capacity', { capacity: 10.5 }, 'capacity', 'Capacity must be a whole number.'],
    ['missing price', { base_price: undefined }, 'base_price', 'Price is required.'],
    ['negative price', { base_price: -1 }, 'base_price', 'Price cannot be negative.'],
    ['sub-cent price', { base_price: 10.001 }, 'base_price', 'Price can have at most 2 decimal places.'],
    [
      'missing pricing type',
      { pricing_type: undefined },
      'pricing_type',
      'Please choose a pricing structure.',
    ],
    ['bad pricing type', { pricing_type: 'per_head' }, 'pricing_type', 'Please choose a pricing structure.'],
    ['unknown amenity', { amenities: ['bar', 'pool'] }, 'amenities.1', 'Unknown amenity.'],
    ['amenities not a list', { amenities: 'bar' }, 'amenities', 'Amenities must be a list.'],
    [
      'flexible not boolean',
      { open_to_flexible_hours: 'yes' },
      'open_to_flexible_hours',
      'Flexible hours must be true or false.',
    ],
    ['missing business name', { business_name: undefined }, 'business_name', 'Business name is required.'],
    ['missing phone', { phone: '' }, 'phone', 'Phone number is required.'],
    ['bad phone', { phone: 'abc' }, 'phone', 'Please enter a valid phone number.'],
    ['missing email', { email: undefined }, 'email', 'Email is required.'],
    ['bad email', { email: 'owner.at.club' }, 'email', 'Please enter a valid email address.'],
    [
      'missing holder',
      { bank_account_holder_name: ' ' },
      'bank_account_holder_name',
      'Bank account holder name is required.',
    ],
    [
      'missing account',
      { bank_account_number: undefined },
      'bank_account_number',
      'Bank account number is required.',
    ],
    [
      'bad account',
      { bank_account_number: '12ab' },
      'bank_account_number',
      'Bank account number must be 4 to 17 digits.',
    ],
    [
      'missing routing',
      { bank_routing_number: '' },
      'bank_routing_number',
      'Bank routing number is required.',
    ],
    [
      'short routing',
      { bank_routing_number: '12345678' },
      'bank_routing_number',
      'Bank routing number must be 9 digits.',
    ],
    ['missing tax id', { tax_id: undefined }, 'tax_id', 'Tax ID is required.'],
    ['blank tax id', { tax_id: '  ' }, 'tax_id', 'Tax ID is required.'],
    ['bad time zone', { time_zone: 'Mars/Base' }, 'time_zone', 'Please choose a valid time zone.'],
    ['offset time zone', { time_zone: '+02:00' }, 'time_zone', 'Please choose a valid time zone.'],
    [
      'terms not accepted',
      { terms_accepted: false },
      'terms_accepted',
      'You must accept the terms and conditions.',
    ],
    [
      'terms missing',
      { terms_accepted: undefined },
      'terms_accepted',
      'You must accept the terms and conditions.',
    ],
  ])('rejects %s', (_name, patch, field, message) => {
    expect(firstIssue(venueInputSchema, { ...venue, ...patch })).toEqual({ field, message });
  });
  it('rejects bad hours with the day in the path', () => {
    const hours = { ...defaultHours(), friday: { ...defaultHours().friday, close: '25:00' } };
    expect(firstIssue(venueInputSchema, { ...venue, hours })).toEqual({
      field: 'hours.friday.close',
      message: 'Closing time must be on the 15-minute grid (HH:MM).',
    });
  });
  it('strips fields the client may not set', () => {
    const parsed = venueInputSchema.parse({ ...venue, is_active: true, host_id: UUID, images: ['x.jpg'] });
    expect(parsed).not.toHaveProperty('is_active');
    expect(parsed).not.toHaveProperty('host_id');
    expect(parsed).not.toHaveProperty('images');
  });
});

describe('venueUpdateSchema', () => {
  it('accepts an empty update and fills no defaults', () => {
    expect(venueUpdateSchema.parse({})).toEqual({});
  });
  it('keeps only the fields sent', () => {
    expect(venueUpdateSchema.parse({ name: ' New Name ', is_active: true })).toEqual({
      name: 'New Name',
      is_active: true,
    });
  });
  it('clears the description with null or blank', () => {
    expect(venueUpdateSchema.parse({ description: null })).toEqual({ description: null });
    expect(venueUpdateSchema.parse({ description: '' })).toEqual({ description: null });
  });
  it('still validates the fields sent', () => {
    expect(firstIssue(venueUpdateSchema, { capacity: 0 })).toEqual({
      field: 'capacity',
      message: 'Capacity must be at least 1.',
    });
    expect(firstIssue(venueUpdateSchema, { is_active: 'yes' })).toEqual({
      field: 'is_active',
      message: 'Active must be true or false.',
    });
    expect(firstIssue(venueUpdateSchema, { name: '' })).toEqual({
      field: 'name',
      message: 'Venue name is required.',
    });
  });
  it('does not require terms', () => {
    expect(venueUpdateSchema.parse({ city: 'Austin' })).toEqual({ city: 'Austin' });
  });
});

describe('dateOverrideSchema', () => {
  it('defaults price to 0 and pricing type to null', () => {
    expect(dateOverrideSchema.parse({ date: '2025-03-15', is_available: false })).toEqual({
      date: '2025-03-15',
      price: 0,
      is_available: false,
      pricing_type: null,
    });
    expect(dateOverrideSchema.parse({ date: '2025-03-15', is_available: true, price: '' }).price).toBe(0);
  });
  it('accepts a custom price and type', () => {
    expect(
      dateOverrideSchema.parse({
        date: '2025-12-31',
        is_available: true,
        price: '1500.5',
        pricing_type: 'minimum_spend',
      }),
    ).toEqual({ date: '2025-12-31', price: 1500.5, is_available: true, pricing_type: 'minimum_spend' });
  });
  it.each<[object, string, string]>([
    [{ date: '2025-02-30', is_available: true }, 'date', 'Please choose a valid date (yyyy-MM-dd).'],
    [{ is_available: true }, 'date', 'Date is required.'],
    [{ date: '2025-03-15' }, 'is_available', 'Please choose whether the date is available.'],
    [{ date: '2025-03-15', is_available: true, price: -5 }, 'price', 'Price cannot be negative.'],
    [{ date: '2025-03-15', is_available: true, price: 'free' }, 'price', 'Price must be a number.'],
    [
      { date: '2025-03-15', is_available: true, pricing_type: 'x' },
      'pricing_type',
      'Pricing type must be hourly_rate or minimum_spend.',
    ],
  ])('rejects %j', (input, field, message) => {
    expect(firstIssue(dateOverrideSchema, input)).toEqual({ field, message });
  });
});

describe('venueDecisionSchema', () => {
  it('approves with or without notes; rejects only with a reason', () => {
    expect(venueDecisionSchema.parse({ action: 'approve' })).toEqual({ action: 'approve' });
    expect(venueDecisionSchema.parse({ action: 'reject', notes: ' Photos missing ' })).toEqual({
      action: 'reject',
      notes: 'Photos missing',
    });
    expect(firstIssue(venueDecisionSchema, { action: 'reject', notes: '  ' })).toEqual({
      field: 'notes',
      message: 'Please give a reason for the rejection.',
    });
    expect(firstIssue(venueDecisionSchema, { action: 'delete' })?.field).toBe('action');
  });
});

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
    expect(firstIssue(bookingRequestSchema, { ...request, ...patch })).toEqual({ field, message });
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
    expect(firstIssue(bookingEditSchema, { ...edit, ...patch })).toEqual({ field, message });
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
    expect(firstIssue(adminBookingEditSchema, { ...adminEdit, ...patch })).toEqual({ field, message });
  });
});

describe('reviewSchema', () => {
  const review = { booking_id: UUID, rating: 5, comment: '  Amazing night, great staff!  ' };
  it('accepts a review, trimming the comment', () => {
    expect(reviewSchema.parse(review)).toEqual({ ...review, comment: 'Amazing night, great staff!' });
  });
  it.each<[object, string, string]>([
    [{ rating: undefined }, 'rating', 'Please select a rating before submitting your review.'],
    [{ rating: 0 }, 'rating', 'Please select a rating before submitting your review.'],
    [{ rating: 6 }, 'rating', 'Rating must be between 1 and 5.'],
    [{ rating: 4.5 }, 'rating', 'Please select a rating before submitting your review.'],
    [
      { comment: '  too short  ' },
      'comment',
      'Please provide a more detailed review (at least 10 characters).',
    ],
    [{ comment: 'x'.repeat(501) }, 'comment', 'Reviews can be at most 500 characters.'],
  ])('rejects %j', (patch, field, message) => {
    expect(firstIssue(reviewSchema, { ...review, ...patch })).toEqual({ field, message });
  });
});

describe('additionalChargeSchema', () => {
  const charge = { booking_id: UUID, amount: 125.5, reason: 'minimum_spend_not_met' };
  it('accepts a charge and fills the description', () => {
    expect(additionalChargeSchema.parse(charge)).toEqual({
      ...charge,
      description: 'Additional charge for Minimum Bar Spend Not Met',
    });
    expect(
      additionalChargeSchema.parse({
        ...charge,
        reason: 'other',
        custom_reason: 'Lost keys',
        amount: '0.01',
      }),
    ).toMatchObject({ amount: 0.01, description: 'Lost keys', custom_reason: 'Lost keys' });
  });
  it.each<[object, string, string]>([
    [{ amount: undefined }, 'amount', 'Please fill in all required fields'],
    [{ amount: '' }, 'amount', 'Please fill in all required fields'],
    [{ amount: 0 }, 'amount', 'Please enter a valid amount greater than $0'],
    [{ amount: -3 }, 'amount', 'Please enter a valid amount greater than $0'],
    [{ amount: 'abc' }, 'amount', 'Please enter a valid amount greater than $0'],
    [{ reason: undefined }, 'reason', 'Please fill in all required fields'],
    [{ reason: 'other' }, 'custom_reason', 'Please describe the reason for the charge.'],
  ])('rejects %j', (patch, field, message) => {
    expect(firstIssue(additionalChargeSchema, { ...charge, ...patch })).toEqual({ field, message });
  });
});

describe('control characters', () => {
  it('refuses NUL and other control characters in text fields, keeps line breaks', () => {
    const base = { email: 'a@b.co', password: 'NightOwl2026', full_name: 'Ok Name' };
    expect(signUpSchema.safeParse(base).success).toBe(true);
    const nul = signUpSchema.safeParse({ ...base, full_name: 'Nul\u0000Byte' });
    expect(nul.success).toBe(false);
    expect(nul.error?.issues[0]?.message).toBe('Full name contains characters that are not allowed.');
  });
});
