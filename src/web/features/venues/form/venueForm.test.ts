import { describe, expect, it } from 'vitest';
import { defaultHours } from '@/domain/hours';
import { venueEditSchema } from './venueForm';

const form = {
  name: 'The Velvet Room',
  business_name: 'Velvet Room LLC',
  city: 'Miami Beach',
  phone: '(305) 555-0100',
  address: '1200 Ocean Drive',
  email: 'owner@velvetroom.com',
  capacity: '150',
  description: '',
  time_zone: 'America/New_York',
  amenities: [],
  hours: defaultHours(),
  pricing_type: 'hourly_rate',
  base_price: '250',
  open_to_flexible_hours: false,
  cancellation_policy: 'flexible',
  bank_account_holder_name: 'Velvet Room LLC',
  bank_account_number: '',
  bank_routing_number: '',
  tax_id: '',
  is_active: true,
};

describe('venueEditSchema: the encrypted numbers', () => {
  it('left blank, they are not sent (the stored ones stay)', () => {
    const parsed = venueEditSchema.parse(form);
    expect(parsed.bank_account_number).toBeUndefined();
    expect(parsed.bank_routing_number).toBeUndefined();
    expect(parsed.tax_id).toBeUndefined();
    expect(JSON.parse(JSON.stringify(parsed))).not.toHaveProperty('bank_account_number');
  });

  it('a new number typed in is checked by the same rules as on Add Venue', () => {
    expect(
      venueEditSchema.parse({ ...form, bank_account_number: '0001 2345 6789' }).bank_account_number,
    ).toBe('000123456789');
    const bad = venueEditSchema.safeParse({ ...form, bank_routing_number: '12345' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['bank_routing_number']);
  });
});
