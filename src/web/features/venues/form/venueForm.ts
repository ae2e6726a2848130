import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { isAmenity, type Amenity } from '@/domain/amenities';
import { timeZoneChoices } from '@/domain/calendar';
import { defaultHours, normalizeWeeklyHours, type WeeklyHours } from '@/domain/hours';
import type { CancellationPolicy } from '@/domain/payments';
import type { PricingType } from '@/domain/pricing';
import { venueInputSchema, type VenueInput } from '@/domain/schemas';
import type { Venue } from '@/domain/contract';

/**
 * What the venue forms hold. Numbers stay text while typed (the domain schemas turn decimal
 * text into numbers); everything else has its final shape.
 */
export interface VenueFormValues {
  name: string;
  business_name: string;
  city: string;
  phone: string;
  address: string;
  email: string;
  capacity: string;
  description: string;
  time_zone: string;
  amenities: Amenity[];
  hours: WeeklyHours;
  pricing_type: PricingType;
  base_price: string;
  open_to_flexible_hours: boolean;
  cancellation_policy: CancellationPolicy;
  bank_account_holder_name: string;
  bank_account_number: string;
  bank_routing_number: string;
  tax_id: string;
  terms_accepted: boolean;
  is_active: boolean;
}

export const FALLBACK_TIME_ZONE = 'America/New_York';

let zones: string[] | null = null;
/** IANA zones for the time zone select (computed once). */
export function timeZoneOptions(): string[] {
  zones ??= timeZoneChoices();
  return zones;
}

/** The browser's zone when the select offers it, else America/New_York. */
export function defaultTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && timeZoneOptions().includes(zone)) return zone;
  } catch {
    // fall through
  }
  return FALLBACK_TIME_ZONE;
}

export function emptyVenueForm(): VenueFormValues {
  return {
    name: '',
    business_name: '',
    city: '',
    phone: '',
    address: '',
    email: '',
    capacity: '',
    description: '',
    // Filled with the server's DEFAULT_TIME_ZONE (GET /api/config) by the form's time-zone field.
    time_zone: '',
    amenities: [],
    hours: defaultHours(),
    pricing_type: 'hourly_rate',
    base_price: '',
    open_to_flexible_hours: false,
    cancellation_policy: 'flexible',
    bank_account_holder_name: '',
    bank_account_number: '',
    bank_routing_number: '',
    tax_id: '',
    terms_accepted: false,
    is_active: false,
  };
}

/** The edit form filled in from a stored venue. */
export function venueToForm(venue: Venue): VenueFormValues {
  const zone =
    venue.time_zone && timeZoneOptions().includes(venue.time_zone) ? venue.time_zone : defaultTimeZone();
  return {
    // Changes waiting for the admin (decision 74) are what the host last saved: the form shows them.
    name: venue.pending_name ?? venue.name ?? '',
    business_name: venue.business_name ?? '',
    city: venue.city ?? '',
    phone: venue.phone ?? '',
    address: venue.address ?? '',
    email: venue.email ?? '',
    capacity: venue.capacity != null ? String(venue.capacity) : '',
    description: venue.pending_description ?? venue.description ?? '',
    time_zone: zone,
    amenities: (venue.amenities ?? []).filter(isAmenity),
    hours: normalizeWeeklyHours(venue.hours),
    pricing_type: venue.pricing_type,
    base_price: venue.base_price != null ? String(venue.base_price) : '',
    open_to_flexible_hours: Boolean(venue.open_to_flexible_hours),
    cancellation_policy: venue.cancellation_policy ?? 'flexible',
    bank_account_holder_name: venue.bank_account_holder_name ?? '',
    // Stored encrypted and read back as their last four digits: blank keeps them (PaymentSection).
    bank_account_number: '',
    bank_routing_number: '',
    tax_id: '',
    terms_accepted: true,
    is_active: venue.is_active,
  };
}

const venueInputResolver = zodResolver(venueInputSchema) as unknown as Resolver<
  VenueFormValues,
  unknown,
  VenueInput
>;

/**
 * Add New Venue: the domain's venueInputSchema as it stands. A zone still empty (the server's
 * default not read yet) is left out, so the server's DEFAULT_TIME_ZONE applies.
 */
export const createVenueResolver: Resolver<VenueFormValues, unknown, VenueInput> = (
  values,
  context,
  options,
) =>
  venueInputResolver(
    values.time_zone ? values : ({ ...values, time_zone: undefined } as unknown as VenueFormValues),
    context,
    options,
  );

/** A field left blank on the edit form keeps the stored value (it is sent as absent). */
const keptWhenBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/**
 * Edit venue: the same rules without the terms, plus the Active flag (honoured for the admin
 * only); the encrypted numbers are sent only when a new one is typed.
 */
export const venueEditSchema = venueInputSchema.omit({ terms_accepted: true }).extend({
  is_active: z.boolean({ error: 'Active must be true or false.' }),
  bank_account_number: keptWhenBlank(venueInputSchema.shape.bank_account_number),
  bank_routing_number: keptWhenBlank(venueInputSchema.shape.bank_routing_number),
  tax_id: keptWhenBlank(venueInputSchema.shape.tax_id),
});
export type VenueEditOutput = z.output<typeof venueEditSchema>;

export const editVenueResolver = zodResolver(venueEditSchema) as unknown as Resolver<
  VenueFormValues,
  unknown,
  VenueEditOutput
>;

/** Field ids in the form (labels, error messages and focus). */
export const fieldId = (name: string) => `venue-${name.replace(/[._]/g, '-')}`;
