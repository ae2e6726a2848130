/**
 * Request schemas shared by the API (400 with the first issue's message and field) and the
 * browser forms. Every issue carries a specific, human message. Unknown keys are stripped
 * (so a total_price sent with a booking request is ignored: the server prices bookings).
 */
import { z } from 'zod';
import { AMENITIES, sortAmenities } from './amenities';
import { BOOKING_STATUSES } from './booking';
import { canonicalTimeZone, isIsoDate } from './calendar';
import { CHARGE_REASONS, MIN_ADDITIONAL_CHARGE, chargeDescription } from './charges';
import { weeklyHoursSchema, defaultHours } from './hours';
import { CANCELLATION_POLICIES } from './payments';
import { PRICING_TYPES, isWholeCents } from './pricing';
import { REVIEW_COMMENT_MAX_LENGTH, REVIEW_COMMENT_MIN_LENGTH } from './reviews';
import { isOnTimeGrid } from './time';

export const MAX_PRICE = 1_000_000;
export const MAX_CAPACITY = 100_000;
const BODY = { error: 'Invalid request body.' };

// ── field builders ─────────────────────────────────────────────────────────────────

const missing = (input: unknown) => input === undefined || input === null;

/** Control characters other than tab and line breaks never belong in what people type. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const noControlChars = (label: string) =>
  [(v: string) => !CONTROL_CHARS.test(v), `${label} contains characters that are not allowed.`] as const;

/** Trimmed, non-blank text. */
function requiredText(label: string, max: number, requiredMessage = `${label} is required.`) {
  return z
    .string({ error: (iss) => (missing(iss.input) ? requiredMessage : `${label} must be text.`) })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(...noControlChars(label));
}

/** Optional text: absent stays undefined, null or blank becomes null (clears the column). */
function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(...noControlChars(label))
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
}

function emailField(
  requiredMessage = 'Email is required.',
  invalidMessage = 'Please enter a valid email address.',
) {
  return z
    .string({ error: (iss) => (missing(iss.input) ? requiredMessage : invalidMessage) })
    .trim()
    .toLowerCase()
    .min(1, requiredMessage)
    .max(254, invalidMessage)
    .pipe(z.email(invalidMessage));
}

const PHONE_INVALID = 'Please enter a valid phone number.';
const isPhone = (v: string) => /^\+?[\d\s().-]+$/.test(v) && /^(\D*\d){7,15}\D*$/.test(v);

function phoneField(requiredMessage = 'Phone number is required.') {
  return requiredText('Phone number', 30, requiredMessage).refine(isPhone, PHONE_INVALID);
}

const optionalPhone = z
  .string({ error: PHONE_INVALID })
  .trim()
  .nullish()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isPhone(v), PHONE_INVALID);

/** Decimal text from forms ('12', '99.50') becomes a number; '' becomes undefined (missing). */
function textToNumber(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : v;
}

/** A number, also accepted as decimal text. */
function numeric<T extends z.ZodType>(label: string, build: (n: z.ZodNumber) => T) {
  const number = z.number({
    error: (iss) => (missing(iss.input) ? `${label} is required.` : `${label} must be a number.`),
  });
  return z.preprocess(textToNumber, build(number));
}

/** Dollars: not negative, at most two decimals. */
function money(label: string) {
  return numeric(label, (n) =>
    n
      .min(0, `${label} cannot be negative.`)
      .max(MAX_PRICE, `${label} must be at most $${MAX_PRICE.toLocaleString('en-US')}.`)
      .refine(isWholeCents, `${label} can have at most 2 decimal places.`),
  );
}

const guestCount = numeric('Guest count', (n) =>
  n
    .int('Guest count must be a whole number.')
    .min(1, 'Guest count must be at least 1.')
    .max(MAX_CAPACITY, `Guest count must be at most ${MAX_CAPACITY}.`),
);

function gridTime(label: string) {
  return z
    .string({ error: (iss) => (missing(iss.input) ? `${label} is required.` : `${label} must be text.`) })
    .min(1, `${label} is required.`)
    .refine(isOnTimeGrid, `${label} must be on the 15-minute grid (HH:MM).`);
}

function isoDate(requiredMessage = 'Date is required.') {
  return z
    .string({ error: (iss) => (missing(iss.input) ? requiredMessage : 'Date must be text.') })
    .min(1, requiredMessage)
    .refine(isIsoDate, 'Please choose a valid date (yyyy-MM-dd).');
}

function uuidField(requiredMessage: string, invalidMessage: string) {
  return z.uuid({ error: (iss) => (missing(iss.input) ? requiredMessage : invalidMessage) });
}

export const END_TIME_MESSAGE = 'End time must be different from start time.';

/** Adds the end ≠ start rule (checked only when both times are valid). */
function endDiffersFromStart(value: { start_time?: unknown; end_time?: unknown }, ctx: z.RefinementCtx) {
  const { start_time, end_time } = value;
  if (typeof start_time === 'string' && isOnTimeGrid(start_time) && start_time === end_time) {
    ctx.addIssue({ code: 'custom', path: ['end_time'], message: END_TIME_MESSAGE });
  }
}

// ── auth ───────────────────────────────────────────────────────────────────────────

export const SIGN_UP_ROLES = ['user', 'host'] as const;

/**
 * Sign-up request. Password strength is not judged here: the server answers weak_password
 * with every reason from passwordProblems (forms show them live the same way).
 */
export const signUpSchema = z
  .object(
    {
      email: emailField(),
      password: z
        .string({ error: (iss) => (missing(iss.input) ? 'Password is required.' : 'Password must be text.') })
        .min(1, 'Password is required.'),
      full_name: requiredText('Full name', 100),
      role: z.enum(SIGN_UP_ROLES, { error: 'Role must be user or host.' }).default('user'),
      business_name: optionalText('Business name', 200).transform((v) => v ?? undefined),
      phone: optionalPhone,
    },
    BODY,
  )
  .superRefine((v, ctx) => {
    if (v.role === 'host') {
      if (!v.business_name)
        ctx.addIssue({ code: 'custom', path: ['business_name'], message: 'Business name is required.' });
      if (!v.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Phone number is required.' });
    }
  });
export type SignUpInput = z.output<typeof signUpSchema>;

export const signInSchema = z.object(
  {
    email: emailField(),
    password: z
      .string({ error: (iss) => (missing(iss.input) ? 'Password is required.' : 'Password must be text.') })
      .min(1, 'Password is required.'),
    portal: z.enum(SIGN_UP_ROLES, { error: 'Portal must be user or host.' }).optional(),
  },
  BODY,
);
export type SignInInput = z.output<typeof signInSchema>;

export const INVALID_CONFIRMATION_LINK = 'Invalid confirmation link';

export const confirmEmailSchema = z.object(
  {
    token: requiredText('Token', 500, INVALID_CONFIRMATION_LINK),
    email: emailField(INVALID_CONFIRMATION_LINK, INVALID_CONFIRMATION_LINK),
    role: z.enum(SIGN_UP_ROLES).optional().catch(undefined),
  },
  { error: INVALID_CONFIRMATION_LINK },
);
export type ConfirmEmailInput = z.output<typeof confirmEmailSchema>;

export const resendSchema = z.object({ email: emailField() }, BODY);
export type ResendInput = z.output<typeof resendSchema>;

// ── venues ─────────────────────────────────────────────────────────────────────────

const venueFields = {
  name: requiredText('Venue name', 120),
  description: optionalText('Description', 5000),
  address: requiredText('Address', 300),
  city: requiredText('City', 120),
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
  business_name: requiredText('Business name', 200),
  phone: phoneField(),
  email: emailField(),
  bank_account_holder_name: requiredText('Bank account holder name', 200),
  bank_account_number: requiredText('Bank account number', 40)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{4,17}$/.test(v), 'Bank account number must be 4 to 17 digits.'),
  bank_routing_number: requiredText('Bank routing number', 20)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{9}$/.test(v), 'Bank routing number must be 9 digits.'),
  tax_id: requiredText('Tax ID', 50),
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

export const venueDecisionSchema = z
  .object(
    {
      action: z.enum(['approve', 'reject'], { error: 'Action must be approve or reject.' }),
      notes: optionalText('Notes', 2000),
    },
    BODY,
  )
  .superRefine((v, ctx) => {
    if (v.action === 'reject' && !v.notes) {
      ctx.addIssue({ code: 'custom', path: ['notes'], message: 'Please give a reason for the rejection.' });
    }
  });
export type VenueDecision = z.output<typeof venueDecisionSchema>;

// ── bookings ───────────────────────────────────────────────────────────────────────

/** An optional free-text reason (rejecting a booking, deleting a venue); blank means none. */
export const optionalReasonSchema = z.object(
  { reason: optionalText('Reason', 2000).transform((v) => v ?? null) },
  BODY,
);
export type OptionalReason = z.output<typeof optionalReasonSchema>;

export const bookingRequestSchema = z
  .object(
    {
      venue_id: uuidField('Venue is required.', 'Invalid venue id.'),
      date: isoDate('Please choose a date.'),
      start_time: gridTime('Start time'),
      end_time: gridTime('End time'),
      guest_count: guestCount,
      special_requests: requiredText('Event details', 2000, 'Please describe your event.'),
      contact_phone: optionalPhone,
    },
    BODY,
  )
  .superRefine(endDiffersFromStart);
export type BookingRequest = z.output<typeof bookingRequestSchema>;

export const HOST_NOTES_REQUIRED = 'Please add a note for the guest explaining the changes.';

/** Host's Edit Booking: sends the booking back to the guest for approval. */
export const bookingEditSchema = z
  .object(
    {
      guest_count: guestCount,
      start_time: gridTime('Start time'),
      end_time: gridTime('End time'),
      total_price: money('Total price'),
      host_notes: requiredText('Host notes', 2000, HOST_NOTES_REQUIRED),
    },
    BODY,
  )
  .superRefine(endDiffersFromStart);
export type BookingEdit = z.output<typeof bookingEditSchema>;

export const adminBookingEditSchema = z
  .object(
    {
      guest_count: guestCount,
      start_time: gridTime('Start time'),
      end_time: gridTime('End time'),
      total_price: money('Total price'),
      status: z.enum(BOOKING_STATUSES, { error: 'Status must be pending, confirmed, cancelled or edited.' }),
      host_notes: optionalText('Host notes', 2000),
    },
    BODY,
  )
  .superRefine(endDiffersFromStart);
export type AdminBookingEdit = z.output<typeof adminBookingEditSchema>;

// ── reviews and charges ────────────────────────────────────────────────────────────

export const RATING_REQUIRED = 'Please select a rating before submitting your review.';
export const COMMENT_TOO_SHORT = `Please provide a more detailed review (at least ${REVIEW_COMMENT_MIN_LENGTH} characters).`;

export const reviewSchema = z.object(
  {
    booking_id: uuidField('Booking is required.', 'Invalid booking id.'),
    rating: z
      .number({ error: RATING_REQUIRED })
      .int(RATING_REQUIRED)
      .min(1, RATING_REQUIRED)
      .max(5, 'Rating must be between 1 and 5.'),
    comment: z
      .string({ error: COMMENT_TOO_SHORT })
      .trim()
      .min(REVIEW_COMMENT_MIN_LENGTH, COMMENT_TOO_SHORT)
      .max(REVIEW_COMMENT_MAX_LENGTH, `Reviews can be at most ${REVIEW_COMMENT_MAX_LENGTH} characters.`),
  },
  BODY,
);
export type ReviewInput = z.output<typeof reviewSchema>;

export const CHARGE_FIELDS_MISSING = 'Please fill in all required fields';
export const CHARGE_AMOUNT_INVALID = 'Please enter a valid amount greater than $0';

export const additionalChargeSchema = z
  .object(
    {
      booking_id: uuidField('Booking is required.', 'Invalid booking id.'),
      amount: z.preprocess(
        textToNumber,
        z
          .number({ error: (iss) => (missing(iss.input) ? CHARGE_FIELDS_MISSING : CHARGE_AMOUNT_INVALID) })
          .min(MIN_ADDITIONAL_CHARGE, CHARGE_AMOUNT_INVALID)
          .max(MAX_PRICE, CHARGE_AMOUNT_INVALID)
          .refine(isWholeCents, 'Amount can have at most 2 decimal places.'),
      ),
      reason: z.enum(CHARGE_REASONS, { error: CHARGE_FIELDS_MISSING }),
      custom_reason: optionalText('Custom reason', 200),
      description: optionalText('Description', 500),
    },
    BODY,
  )
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.custom_reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['custom_reason'],
        message: 'Please describe the reason for the charge.',
      });
    }
  })
  .transform((v) => ({ ...v, description: chargeDescription(v.reason, v.custom_reason, v.description) }));
export type AdditionalChargeInput = z.output<typeof additionalChargeSchema>;

// ── errors ─────────────────────────────────────────────────────────────────────────

/** The first issue as { field: 'hours.monday.open', message }; field '' for the body itself. */
export function firstIssueMessage(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { field: '', message: 'Invalid request.' };
  return { field: issue.path.map(String).join('.'), message: issue.message };
}
