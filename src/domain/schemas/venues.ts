/** Venue requests: Add New Venue, Edit venue, date overrides and the admin's decision (SPEC §5). */
import { z } from 'zod';
import { AMENITIES, sortAmenities } from '../amenities';
import { canonicalTimeZone } from '../calendar';
import { defaultHours } from '../hours';
import { weeklyHoursSchema } from './hours';
import { CANCELLATION_POLICIES } from '../payments';
import { PRICING_TYPES } from '../pricing';
import {
  BODY,
  MAX_CAPACITY,
  emailField,
  isoDate,
  money,
  numeric,
  optionalText,
  phoneField,
  requiredLine,
} from './fields';

const venueFields = {
  name: requiredLine('Venue name', 120),
  description: optionalText('Description', 5000),
  address: requiredLine('Address', 300),
  city: requiredLine('City', 120),
  capacity: numeric('Capacity', (n) =>
    n
      .int('Capacity must be a whole number.')
      .min(1, 'Capacity must be at least 1.')
      .max(MAX_CAPACITY, `Capacity must be at most ${MAX_CAPACITY}.`),
  ),
  base_price: money('Price'),
  pricing_type: z.enum(PRICING_TYPES, { error: 'Please choose a pricing structure.' }),
  amenities: z
    .array(z.enum(AMENITIES, { error: 'Unknown amenity.' }), { error: 'Amenities must be a list.' })
    .transform(sortAmenities),
  hours: weeklyHoursSchema,
  open_to_flexible_hours: z.boolean({ error: 'Flexible hours must be true or false.' }),
  business_name: requiredLine('Business name', 200),
  phone: phoneField(),
  email: emailField(),
  bank_account_holder_name: requiredLine('Bank account holder name', 200),
  bank_account_number: requiredLine('Bank account number', 40)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{4,17}$/.test(v), 'Bank account number must be 4 to 17 digits.'),
  bank_routing_number: requiredLine('Bank routing number', 20)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{9}$/.test(v), 'Bank routing number must be 9 digits.'),
  tax_id: requiredLine('Tax ID', 50),
  cancellation_policy: z.enum(CANCELLATION_POLICIES, {
    error: 'Cancellation policy must be flexible, moderate or strict.',
  }),
  time_zone: z
    .string({ error: 'Time zone must be text.' })
    .trim()
    .transform((v, ctx) => {
      const zone = canonicalTimeZone(v);
      if (zone) return zone;
      ctx.addIssue({ code: 'custom', message: 'Please choose a valid time zone.' });
      return z.NEVER;
    }),
};

/** Add New Venue (SPEC §5). time_zone may be left out: the server's default applies. */
export const venueInputSchema = z.object(
  {
    ...venueFields,
    amenities: venueFields.amenities.default([]),
    hours: weeklyHoursSchema.default(defaultHours),
    open_to_flexible_hours: venueFields.open_to_flexible_hours.default(false),
    cancellation_policy: venueFields.cancellation_policy.default('flexible'),
    time_zone: venueFields.time_zone.optional(),
    terms_accepted: z.literal(true, { error: 'You must accept the terms and conditions.' }),
  },
  BODY,
);
export type VenueInput = z.output<typeof venueInputSchema>;

/**
 * Edit venue: every field optional and left unchanged when absent (no defaults are
 * filled in). is_active is honoured for the admin only — the server's business.
 */
export const venueUpdateSchema = z
  .object({ ...venueFields, is_active: z.boolean({ error: 'Active must be true or false.' }) }, BODY)
  .partial();
export type VenueUpdate = z.output<typeof venueUpdateSchema>;

/** A per-date override. Past dates are refused by the server (it knows the venue's today). */
export const dateOverrideSchema = z.object(
  {
    date: isoDate(),
    // "price parsed as a number, default 0": blank, null or absent all mean 0.
    price: z.preprocess((v) => (v === '' || v === null ? undefined : v), money('Price').default(0)),
    is_available: z.boolean({ error: 'Please choose whether the date is available.' }),
    pricing_type: z
      .enum(PRICING_TYPES, { error: 'Pricing type must be hourly_rate or minimum_spend.' })
      .nullable()
      .default(null),
  },
  BODY,
);
export type DateOverrideInput = z.output<typeof dateOverrideSchema>;
/** PATCH /venues/:id/overrides/:overrideId: any of the fields (the route keeps only those sent). */
export const overridePatchSchema = dateOverrideSchema.partial();

/** The admin's decision on a venue: approve (notes optional) or reject (with a reason). */
export interface VenueDecision {
  action: 'approve' | 'reject';
  notes?: string | null;
}
const decisionNotes = z.object({ notes: optionalText('Notes', 2000) }, BODY);

/** POST /admin/venues/:id/approve: optional notes. */
export const venueApprovalSchema = decisionNotes.transform((v): VenueDecision => ({
  ...v,
  action: 'approve',
}));

/** POST /admin/venues/:id/reject: the reason is required. */
export const venueRejectionSchema = decisionNotes
  .superRefine((v, ctx) => {
    if (!v.notes) {
      ctx.addIssue({ code: 'custom', path: ['notes'], message: 'Please give a reason for the rejection.' });
    }
  })
  .transform((v): VenueDecision => ({ ...v, action: 'reject' }));

/** PUT /venues/:id/images/order: the photos' paths in their new order. */
export const imageOrderSchema = z.object(
  {
    images: z
      .array(z.string({ error: 'Each image must be a path.' }), { error: 'Images must be a list of paths.' })
      .max(100, 'Too many images.'),
  },
  BODY,
);

/**
 * DELETE /venues/:id/images?path=…: the photo to remove. Read as text: a missing path is
 * refused by the route with its own message.
 */
export const imageRemovalQuerySchema = z.object({
  path: z.string().optional().describe('The photo to remove, as listed in `images` (required).'),
});
