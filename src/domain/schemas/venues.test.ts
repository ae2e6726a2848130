import { describe, expect, it } from 'vitest';
import { defaultHours } from '../hours';
import {
  dateOverrideSchema,
  firstIssueOf,
  venueApprovalSchema,
  venueRejectionSchema,
  venueInputSchema,
  venueUpdateSchema,
} from '.';

const UUID = '3f2b8c1d-9e4a-4b7c-8d2e-1a2b3c4d5e6f';

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
  it('keeps one-line fields on one line; the description may have paragraphs', () => {
    for (const [field, label] of [
      ['name', 'Venue name'],
      ['address', 'Address'],
      ['city', 'City'],
      ['business_name', 'Business name'],
      ['bank_account_holder_name', 'Bank account holder name'],
      ['tax_id', 'Tax ID'],
    ] as const) {
      expect(firstIssueOf(venueInputSchema, { ...venue, [field]: 'Inj\r\nX-INJECT:1' })).toEqual({
        field,
        message: `${label} must be on one line.`,
      });
    }
    expect(venueInputSchema.parse({ ...venue, description: 'One.\n\nTwo.' }).description).toBe(
      'One.\n\nTwo.',
    );
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
    expect(firstIssueOf(venueInputSchema, { ...venue, ...patch })).toEqual({ field, message });
  });
  it('rejects bad hours with the day in the path', () => {
    const hours = { ...defaultHours(), friday: { ...defaultHours().friday, close: '25:00' } };
    expect(firstIssueOf(venueInputSchema, { ...venue, hours })).toEqual({
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
    expect(firstIssueOf(venueUpdateSchema, { capacity: 0 })).toEqual({
      field: 'capacity',
      message: 'Capacity must be at least 1.',
    });
    expect(firstIssueOf(venueUpdateSchema, { is_active: 'yes' })).toEqual({
      field: 'is_active',
      message: 'Active must be true or false.',
    });
    expect(firstIssueOf(venueUpdateSchema, { name: '' })).toEqual({
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
    expect(firstIssueOf(dateOverrideSchema, input)).toEqual({ field, message });
  });
});

describe('venueApprovalSchema and venueRejectionSchema', () => {
  it('approves with or without notes; rejects only with a reason', () => {
    expect(venueApprovalSchema.parse({})).toEqual({ action: 'approve' });
    expect(venueApprovalSchema.parse({ action: 'reject' })).toEqual({ action: 'approve' });
    expect(venueRejectionSchema.parse({ notes: ' Photos missing ' })).toEqual({
      action: 'reject',
      notes: 'Photos missing',
    });
    expect(firstIssueOf(venueRejectionSchema, { notes: '  ' })).toEqual({
      field: 'notes',
      message: 'Please give a reason for the rejection.',
    });
    expect(firstIssueOf(venueRejectionSchema, { notes: 5 })?.field).toBe('notes');
  });
});
