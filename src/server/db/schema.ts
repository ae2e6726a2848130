/**
 * The database schema, all tables in one file on purpose: drizzle-kit reads it whole to write
 * the migrations in drizzle/, and one file shows every table, constraint and index together
 * (about 300 lines, grouped by area: auth, profiles, venues, availability, bookings, reviews,
 * outbox). Types for rows come from here (`typeof table.$inferSelect`).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@/domain/access';
import type { WeeklyHours } from '@/domain/hours';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/* ---------- Better Auth tables (field names are Better Auth's, columns snake_case) ---------- */

export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_accounts_user_id_idx').on(t.userId)],
);

export const authVerifications = pgTable('auth_verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/* ---------- Velvet ---------- */

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: text('user_id')
      .notNull()
      .unique()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    full_name: text('full_name'),
    email: text('email').notNull(),
    phone: text('phone'),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    business_name: text('business_name'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('profiles_role_check', sql`${t.role} in ('user', 'host', 'admin')`),
    uniqueIndex('profiles_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** One-use, expiring email confirmation tokens; only the SHA-256 of the token is stored. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('email_confirmations_user_idx').on(t.user_id)],
);

/** Failed sign-in counter per (email, client address); shared by every server process. */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

export const venues = pgTable(
  'venues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    host_id: uuid('host_id')
      .notNull()
      .references(() => profiles.id),
    name: text('name').notNull(),
    description: text('description'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    capacity: integer('capacity').notNull(),
    base_price: money('base_price').notNull(),
    pricing_type: text('pricing_type', { enum: ['hourly_rate', 'minimum_spend'] }).notNull(),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    is_active: boolean('is_active').notNull().default(false),
    hours: jsonb('hours').$type<WeeklyHours>().notNull(),
    open_to_flexible_hours: boolean('open_to_flexible_hours').notNull().default(false),
    time_zone: text('time_zone').notNull(),
    business_name: text('business_name'),
    phone: text('phone'),
    email: text('email'),
    bank_account_holder_name: text('bank_account_holder_name'),
    bank_account_number: text('bank_account_number'),
    bank_routing_number: text('bank_routing_number'),
    tax_id: text('tax_id'),
    /** The admin's notes on the last approval or rejection (the rejection reason). */
    review_notes: text('review_notes'),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('venues_capacity_check', sql`${t.capacity} > 0`),
    check('venues_base_price_check', sql`${t.base_price} >= 0`),
    check('venues_pricing_type_check', sql`${t.pricing_type} in ('hourly_rate', 'minimum_spend')`),
    index('venues_host_idx').on(t.host_id, t.created_at.desc()),
    index('venues_active_created_idx')
      .on(t.created_at.desc(), t.id.desc())
      .where(sql`${t.is_active}`),
    index('venues_active_price_idx')
      .on(t.base_price)
      .where(sql`${t.is_active}`),
    index('venues_active_capacity_idx')
      .on(t.capacity)
      .where(sql`${t.is_active}`),
    index('venues_city_trgm_idx').using('gin', sql`${t.city} gin_trgm_ops`),
    index('venues_address_trgm_idx').using('gin', sql`${t.address} gin_trgm_ops`),
  ],
);

export const venueAvailability = pgTable(
  'venue_availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venue_id: uuid('venue_id')
      .notNull()
      .references(() => venues.id),
    date: date('date', { mode: 'string' }).notNull(),
    price: money('price').notNull().default(0),
    is_available: boolean('is_available').notNull().default(true),
    pricing_type: text('pricing_type', { enum: ['hourly_rate', 'minimum_spend'] }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('venue_availability_venue_date_idx').on(t.venue_id, t.date),
    check('venue_availability_price_check', sql`${t.price} >= 0`),
    check(
      'venue_availability_pricing_type_check',
      sql`${t.pricing_type} is null or ${t.pricing_type} in ('hourly_rate', 'minimum_spend')`,
    ),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venue_id: uuid('venue_id')
      .notNull()
      .references(() => venues.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id),
    date: date('date', { mode: 'string' }).notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
    /** The booking's start and end instants in the venue's time zone (used by the no-overlap constraint). */
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true }).notNull(),
    guest_count: integer('guest_count').notNull(),
    total_price: money('total_price').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'cancelled', 'edited'] })
      .notNull()
      .default('pending'),
    approval_status: text('approval_status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    host_notes: text('host_notes'),
    special_requests: text('special_requests'),
    contact_email: text('contact_email').notNull(),
    contact_phone: text('contact_phone'),
    payment_intent_id: text('payment_intent_id'),
    review_id: uuid('review_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('bookings_status_check', sql`${t.status} in ('pending', 'confirmed', 'cancelled', 'edited')`),
    check('bookings_approval_status_check', sql`${t.approval_status} in ('pending', 'approved', 'rejected')`),
    check('bookings_guest_count_check', sql`${t.guest_count} >= 1`),
    check('bookings_total_price_check', sql`${t.total_price} >= 0`),
    check('bookings_times_check', sql`${t.ends_at} > ${t.starts_at}`),
    check(
      'bookings_time_format_check',
      sql`${t.start_time} ~ '^([01][0-9]|2[0-3]):(00|15|30|45)$' and ${t.end_time} ~ '^([01][0-9]|2[0-3]):(00|15|30|45)$'`,
    ),
    index('bookings_user_idx').on(t.user_id, t.created_at.desc()),
    index('bookings_venue_updated_idx').on(t.venue_id, t.updated_at.desc()),
    index('bookings_venue_date_idx').on(t.venue_id, t.date),
    index('bookings_status_idx').on(t.status),
  ],
);

export const venueReviews = pgTable(
  'venue_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venue_id: uuid('venue_id')
      .notNull()
      .references(() => venues.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id),
    booking_id: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    is_published: boolean('is_published').notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    check('venue_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    index('venue_reviews_venue_idx')
      .on(t.venue_id, t.created_at.desc())
      .where(sql`${t.is_published}`),
  ],
);

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'uncertain', 'cancelled'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Every email is written here in the transaction of the change that causes it, then sent by the
 * worker. `sending` = claimed by a worker until `lease_expires_at`; a lease that runs out while
 * sending becomes `uncertain` (the SMTP server may have accepted it) and is never resent on its
 * own — see docs/decisions/0014-outbox-delivery-guarantee.md.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    template: text('template').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    last_error: text('last_error'),
    transport: text('transport'),
    /** Sender addresses to try in turn (empty: the configured MAIL_FROM). */
    from_candidates: text('from_candidates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The sender address the message went out with. */
    sent_from: text('sent_from'),
    /** Stable per row, so a resend of the same message is recognisable as one message. */
    message_id: text('message_id'),
    /** While `sending`: the worker's claim runs out at this time. */
    lease_expires_at: timestamp('lease_expires_at', { withTimezone: true }),
    created_at: createdAt(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'email_outbox_status_check',
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'uncertain', 'cancelled')`,
    ),
    index('email_outbox_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} = 'pending'`),
    index('email_outbox_lease_idx')
      .on(t.lease_expires_at)
      .where(sql`${t.status} = 'sending'`),
    index('email_outbox_created_idx').on(t.created_at.desc()),
    index('email_outbox_status_created_idx').on(t.status, t.created_at.desc()),
  ],
);

/**
 * Fixed-window request counters shared by every server process (e.g. the admin's email tools):
 * one row per bucket and window, incremented atomically.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.window_start] })],
);

export type Profile = typeof profiles.$inferSelect;
export type Venue = typeof venues.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
export type VenueAvailability = typeof venueAvailability.$inferSelect;
export type VenueReview = typeof venueReviews.$inferSelect;
export type OutboxMessage = typeof emailOutbox.$inferSelect;
