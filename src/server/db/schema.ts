/**
 * The database schema, all tables in one file on purpose: drizzle-kit reads it whole to write
 * the migrations in drizzle/, and one file shows every table, constraint and index together
 * (about 300 lines, grouped by area: auth, profiles, venues, availability, bookings, reviews,
 * outbox). Types for rows come from here (`typeof table.$inferSelect`).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@/domain/access';
import type { AuditAction, AuditSubject } from '@/domain/audit';
import type { BookingTerms } from '@/domain/booking-changes';
import { APPROVAL_STATUS } from '@/domain/booking-lifecycle';
import { WEEK_DAYS, weekDayBit, type WeeklyHours } from '@/domain/hours';
import { LEDGER_ACCOUNTS, LEDGER_KINDS } from '@/domain/ledger';

/** approval_status from status, by the domain's table (APPROVAL_STATUS): one rule, one home. */
const APPROVAL_STATUS_SQL = `CASE status ${Object.entries(APPROVAL_STATUS)
  .map(([status, approval]) => `WHEN '${status}' THEN '${approval}'`)
  .join(' ')} END`;

/** venues.open_days: a weekday's bit is set unless that day is closed (as in migration 0013). */
const OPEN_DAYS_SQL = WEEK_DAYS.map(
  (day) =>
    `(case when coalesce("hours" -> '${day}' ->> 'closed', 'false') <> 'true' then ${weekDayBit(day)} else 0 end)`,
).join(' | ');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Bytes (bytea): PGlite reads them as a Uint8Array, node-postgres as a Buffer; both become a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/* ---------- Better Auth tables (field names are Better Auth's, columns snake_case) ---------- */

export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** Better Auth's two-factor plugin: set once a TOTP enrolment is confirmed with a code. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
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

/**
 * Better Auth's two-factor plugin (decision 76): one row per user who started enrolment.
 * `secret` and `backup_codes` are encrypted by the plugin with AUTH_SECRET; `verified` turns
 * true when the first code confirms the enrolment.
 */
export const authTwoFactors = pgTable(
  'auth_two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_two_factors_user_id_key').on(t.userId)],
);

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
    /** The optional emails (src/domain/email-preferences.ts) this person switched off. */
    email_opt_out: text('email_opt_out')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set when the account was deleted: its personal data is gone, its bookings stay (decision 67). */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('profiles_role_check', sql`${t.role} in ('user', 'host', 'admin')`),
    uniqueIndex('profiles_email_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * A signed-in person's request to move their account to another address: the link goes to the
 * new address (only its SHA-256 is stored); the address changes when it is opened (decision 67).
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    new_email: text('new_email').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('email_changes_user_idx').on(t.user_id)],
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

/**
 * Password reset links (issue 12): random, single-use, valid for an hour; only the SHA-256 of
 * the token is stored, as for email confirmations.
 */
export const passwordResets = pgTable(
  'password_resets',
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
  (t) => [index('password_resets_user_idx').on(t.user_id)],
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
    /** Encrypted at rest (db/field-cipher.ts, decision 0059); shown by their last four digits. */
    bank_account_number: text('bank_account_number'),
    bank_routing_number: text('bank_routing_number'),
    tax_id: text('tax_id'),
    bank_account_last4: text('bank_account_last4'),
    bank_routing_last4: text('bank_routing_last4'),
    tax_id_last4: text('tax_id_last4'),
    /** The admin's notes on the last approval or rejection (the rejection reason). */
    review_notes: text('review_notes'),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * A host's changes to an approved venue's reviewed content, waiting for the admin (decision
     * 74): the venue stays live as approved meanwhile. Null name / description: unchanged; an
     * empty pending description clears it. pending_since is set while anything waits.
     */
    pending_name: text('pending_name'),
    pending_description: text('pending_description'),
    pending_images: text('pending_images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pending_since: timestamp('pending_since', { withTimezone: true }),
    /**
     * The published reviews' ratings, kept by the venue_reviews trigger (migration 0006) in the
     * transaction that writes a review: how many, their sum, and how many gave each star.
     */
    rating_count: integer('rating_count').notNull().default(0),
    rating_sum: integer('rating_sum').notNull().default(0),
    rating_1: integer('rating_1').notNull().default(0),
    rating_2: integer('rating_2').notNull().default(0),
    rating_3: integer('rating_3').notNull().default(0),
    rating_4: integer('rating_4').notNull().default(0),
    rating_5: integer('rating_5').notNull().default(0),
    /** The mean rating (0 with no review), for sorting the list by rating with an index. */
    rating_average: numeric('rating_average', { precision: 4, scale: 3, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(
        sql`case when rating_count > 0 then round(rating_sum::numeric / rating_count, 3) else 0 end`,
      ),
    /** The refund rule when a guest cancels (src/domain/payments.ts refundFor). */
    cancellation_policy: text('cancellation_policy', { enum: ['flexible', 'moderate', 'strict'] })
      .notNull()
      .default('flexible'),
    /**
     * The weekly hours as bits (1 = Monday … 64 = Sunday), set when that weekday is not closed;
     * generated from hours (migration 0013) so the date filter reads an indexed column.
     */
    open_days: smallint('open_days').notNull().generatedAlwaysAs(sql.raw(OPEN_DAYS_SQL)),
    /**
     * The lowercased name, city and address joined by line breaks (migrations 0016 and 0020), for
     * the search field: LIKE on it is three ILIKEs on name, city and address, at a fraction of the
     * cost.
     */
    place: text('place')
      .notNull()
      .generatedAlwaysAs(sql`lower(name) || E'\n' || lower(city) || E'\n' || lower(address)`),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  // The list indexes also INCLUDE the cheap filters' columns (migrations 0013 and 0016; drizzle's
  // index builder cannot say INCLUDE): capacity, base_price, pricing_type, open_days, created_at,
  // place.
  (t) => [
    check('venues_capacity_check', sql`${t.capacity} > 0`),
    check(
      'venues_rating_counts_check',
      sql`${t.rating_count} >= 0 and ${t.rating_1} >= 0 and ${t.rating_2} >= 0 and ${t.rating_3} >= 0 and ${t.rating_4} >= 0 and ${t.rating_5} >= 0`,
    ),
    check(
      'venues_cancellation_policy_check',
      sql`${t.cancellation_policy} in ('flexible', 'moderate', 'strict')`,
    ),
    check('venues_base_price_check', sql`${t.base_price} >= 0`),
    check('venues_pricing_type_check', sql`${t.pricing_type} in ('hourly_rate', 'minimum_spend')`),
    index('venues_host_idx').on(t.host_id, t.created_at.desc()),
    index('venues_active_created_idx')
      .on(t.created_at.desc(), t.id.desc())
      .where(sql`${t.is_active}`),
    index('venues_active_price_idx')
      .on(t.base_price)
      .where(sql`${t.is_active}`),
    index('venues_active_type_price_idx')
      .on(t.pricing_type, t.base_price)
      .where(sql`${t.is_active}`),
    index('venues_active_capacity_idx')
      .on(t.capacity)
      .where(sql`${t.is_active}`),
    // The list sorted by rating: best average first, then most reviews, then newest.
    index('venues_active_rating_idx')
      .on(t.rating_average.desc(), t.rating_count.desc(), t.created_at.desc(), t.id.desc())
      .where(sql`${t.is_active}`),
    // A search of one or two characters: its grams among the name's, city's and address's
    // (migrations 0014 and 0020).
    index('venues_grams_idx').using(
      'gin',
      sql`velvet_grams(lower(${t.name}) || E'\\n' || lower(${t.city}) || E'\\n' || lower(${t.address}))`,
    ),
    index('venues_place_trgm_idx').using('gin', sql`${t.place} gin_trgm_ops`),
    // The amenities filter (issue 31): listed venues having every amenity asked for.
    index('venues_active_amenities_idx')
      .using('gin', t.amenities)
      .where(sql`${t.is_active}`),
  ],
);

/** How many venues are active: one row, kept by statement triggers on venues (migration 0013). */
export const venueCounts = pgTable(
  'venue_counts',
  {
    id: boolean('id').primaryKey().default(true),
    active: integer('active').notNull(),
  },
  (t) => [
    check('venue_counts_id_check', sql`${t.id}`),
    check('venue_counts_active_check', sql`${t.active} >= 0`),
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
    // INCLUDE (is_available) in migration 0013.
    index('venue_availability_date_idx').on(t.date, t.venue_id),
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
    /**
     * The platform fee in basis points (1000 = 10 %) at the time the booking was requested
     * (PLATFORM_FEE_PERCENT then): a later change of the rate never touches it (issue 29).
     */
    platform_fee_bps: integer('platform_fee_bps').notNull().default(1000),
    status: text('status', { enum: ['pending', 'confirmed', 'cancelled', 'edited'] })
      .notNull()
      .default('pending'),
    /**
     * SPEC's approval_status, derived from `status` by the database: one state column is written
     * (decision 81), and this one can never disagree with it.
     */
    approval_status: text('approval_status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .generatedAlwaysAs(sql.raw(APPROVAL_STATUS_SQL)),
    host_notes: text('host_notes'),
    special_requests: text('special_requests'),
    contact_email: text('contact_email').notNull(),
    contact_phone: text('contact_phone'),
    /** Set only when the server has decided the booking is paid (hourly) or its card is on file. */
    payment_intent_id: text('payment_intent_id'),
    review_id: uuid('review_id'),
    /** When the morning-after review request was queued (the reminder worker's sent-marker). */
    review_reminder_sent_at: timestamp('review_reminder_sent_at', { withTimezone: true }),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    /** Hourly: when an unpaid confirmed booking is released (min(confirmed + 24 h, start − 2 h)). */
    payment_due_at: timestamp('payment_due_at', { withTimezone: true }),
    /** Pending: when an unanswered request expires (min(created + 72 h, start)). */
    expires_at: timestamp('expires_at', { withTimezone: true }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    cancelled_by: text('cancelled_by', { enum: ['guest', 'host', 'admin', 'system'] }),
    cancellation_reason: text('cancellation_reason'),
    /** The terms before the venue's last modification (issue 12 item 7): the guest's old → new. */
    previous_terms: jsonb('previous_terms').$type<BookingTerms>(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check(
      'bookings_cancelled_by_check',
      sql`${t.cancelled_by} is null or ${t.cancelled_by} in ('guest', 'host', 'admin', 'system')`,
    ),
    index('bookings_expires_idx')
      .on(t.expires_at)
      .where(sql`${t.status} = 'pending'`),
    index('bookings_payment_due_idx')
      .on(t.payment_due_at)
      .where(sql`${t.status} = 'confirmed' and ${t.paid_at} is null`),
    check('bookings_status_check', sql`${t.status} in ('pending', 'confirmed', 'cancelled', 'edited')`),
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
    // The reminder worker's candidates: paid nights without a review or a reminder yet.
    index('bookings_review_reminder_idx')
      .on(t.date)
      .where(
        sql`${t.status} = 'confirmed' and ${t.payment_intent_id} is not null and ${t.review_id} is null and ${t.review_reminder_sent_at} is null`,
      ),
  ],
);

/**
 * The conversation of a booking (decision record 16): messages of its guest and its venue's
 * host (kind 'user', author_role 'guest' | 'host'), and system lines its lifecycle writes in
 * the same transaction as the change (kind 'system', no author). `seq` orders the thread and
 * is what read markers point at; writers of one booking's thread take turns
 * (services/messages/shared.ts), so a read marker never skips a message committed later.
 */
export const bookingMessages = pgTable(
  'booking_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['user', 'system'] }).notNull(),
    author_id: uuid('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    author_role: text('author_role', { enum: ['guest', 'host'] }),
    body: text('body').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    check('booking_messages_kind_check', sql`${t.kind} in ('user', 'system')`),
    check(
      'booking_messages_author_role_check',
      sql`(${t.kind} = 'system' and ${t.author_role} is null) or (${t.kind} = 'user' and ${t.author_role} in ('guest', 'host'))`,
    ),
    check('booking_messages_body_check', sql`char_length(${t.body}) between 1 and 2000`),
    uniqueIndex('booking_messages_seq_idx').on(t.seq),
    index('booking_messages_booking_idx').on(t.booking_id, t.seq),
    index('booking_messages_recent_user_idx')
      .on(t.created_at)
      .where(sql`${t.kind} = 'user'`),
  ],
);

/**
 * Each participant's place in a booking's conversation: the last message they have read
 * (unread = the other side's messages after it) and the last one an unread-email told them
 * about (one email per burst).
 */
export const bookingMessageReads = pgTable(
  'booking_message_reads',
  {
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    last_read_seq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    read_at: timestamp('read_at', { withTimezone: true }),
    notified_seq: bigint('notified_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'booking_message_reads_pk', columns: [t.booking_id, t.profile_id] }),
    index('booking_message_reads_profile_idx').on(t.profile_id),
  ],
);

export type BookingMessage = typeof bookingMessages.$inferSelect;

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
    /** The venue host's one public answer. */
    host_response: text('host_response'),
    host_response_at: timestamp('host_response_at', { withTimezone: true }),
    /** The admin's reason for the last unpublish or republish. */
    moderation_reason: text('moderation_reason'),
    moderated_at: timestamp('moderated_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('venue_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('venue_reviews_comment_length_check', sql`char_length(${t.comment}) between 1 and 500`),
    index('venue_reviews_venue_idx')
      .on(t.venue_id, t.created_at.desc(), t.id.desc())
      .where(sql`${t.is_published}`),
    index('venue_reviews_created_idx').on(t.created_at.desc(), t.id.desc()),
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
    /** Queue order, also within one transaction: the worker sends in this order. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
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
    index('email_outbox_due_seq_idx')
      .on(t.next_attempt_at, t.seq)
      .where(sql`${t.status} = 'pending'`),
    index('email_outbox_created_idx').on(t.created_at.desc()),
    index('email_outbox_status_created_idx').on(t.status, t.created_at.desc()),
  ],
);

/**
 * A file sent with an outbox message (decision 80): its bytes as they were when the message was
 * queued, so every attempt at the message sends the same file. Deleted with its message.
 */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outbox_id: uuid('outbox_id')
      .notNull()
      .references(() => emailOutbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    content: bytes('content').notNull(),
    size: integer('size').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('email_attachments_outbox_idx').on(t.outbox_id),
    check('email_attachments_size_check', sql`${t.size} = octet_length(${t.content})`),
  ],
);

/* ---------- the waitlist for a taken night (issue 14, decision record 19) ---------- */

/**
 * A guest waiting for a venue, date and time range (the venue's wall clock, as bookings) that
 * overlaps a confirmed booking. `seq` is the join order; `notified_at` the last time the time
 * came free for them. Past entries are not shown (src/domain/waitlist.ts).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    venue_id: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
    notified_at: timestamp('notified_at', { withTimezone: true }),
    notified_count: integer('notified_count').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    check(
      'waitlist_entries_time_format_check',
      sql`${t.start_time} ~ '^([01][0-9]|2[0-3]):(00|15|30|45)$' and ${t.end_time} ~ '^([01][0-9]|2[0-3]):(00|15|30|45)$' and ${t.start_time} <> ${t.end_time}`,
    ),
    uniqueIndex('waitlist_entries_guest_range_idx').on(
      t.user_id,
      t.venue_id,
      t.date,
      t.start_time,
      t.end_time,
    ),
    index('waitlist_entries_venue_date_idx').on(t.venue_id, t.date, t.seq),
    index('waitlist_entries_user_date_idx').on(t.user_id, t.date),
  ],
);
export type WaitlistEntry = typeof waitlistEntries.$inferSelect;

/** A guest's saved venues (issue 31): one row per profile and venue. */
export const savedVenues = pgTable(
  'saved_venues',
  {
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    venue_id: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'saved_venues_pk', columns: [t.profile_id, t.venue_id] }),
    index('saved_venues_profile_created_idx').on(t.profile_id, t.created_at.desc()),
  ],
);

/* ---------- payments (decision record 13) ---------- */

export const PAYMENT_KINDS = ['payment', 'setup', 'additional_charge'] as const;
export const PAYMENT_STATUSES = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'failed',
  'canceled',
] as const;
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Every payment, card setup and additional charge Velvet asked a provider for. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    /** The provider's intent id (pi_…, seti_…); what lands in bookings.payment_intent_id. */
    provider_id: text('provider_id'),
    /** The provider's customer (stripe: the saved card belongs to it). */
    customer_id: text('customer_id'),
    amount_cents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    client_secret: text('client_secret'),
    failure_code: text('failure_code'),
    failure_message: text('failure_message'),
    payment_method_id: text('payment_method_id'),
    card_brand: text('card_brand'),
    card_last4: text('card_last4'),
    /** Additional charges: one of the six SPEC reasons, and the description shown to the guest. */
    reason: text('reason'),
    description: text('description'),
    idempotency_key: text('idempotency_key').notNull().unique('payments_idempotency_key_unique'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('payments_kind_check', sql`${t.kind} in (${inList(PAYMENT_KINDS)})`),
    check('payments_status_check', sql`${t.status} in (${inList(PAYMENT_STATUSES)})`),
    check('payments_amount_check', sql`${t.amount_cents} >= 0`),
    uniqueIndex('payments_provider_id_idx').on(t.provider, t.provider_id),
    /** At most one open payment or card setup per booking: concurrent create-payment calls meet here. */
    uniqueIndex('payments_one_open_per_booking_idx')
      .on(t.booking_id)
      .where(
        sql`${t.kind} in ('payment', 'setup') and ${t.status} in ('requires_payment_method', 'requires_action', 'processing')`,
      ),
    index('payments_booking_idx').on(t.booking_id, t.created_at),
    index('payments_created_idx').on(t.created_at.desc(), t.id.desc()),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payment_id: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    amount_cents: integer('amount_cents').notNull(),
    provider_refund_id: text('provider_refund_id'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    reason: text('reason'),
    idempotency_key: text('idempotency_key').notNull().unique('refunds_idempotency_key_unique'),
    created_at: createdAt(),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amount_cents} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    index('refunds_booking_idx').on(t.booking_id),
    index('refunds_created_idx').on(t.created_at.desc(), t.id.desc()),
  ],
);

/**
 * A guest's dispute of an additional charge (issue 30, decision 82): one per charge, open until
 * the admin upholds the charge or refunds it.
 */
export const chargeDisputes = pgTable(
  'charge_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payment_id: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' })
      .unique('charge_disputes_payment_unique'),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'upheld', 'refunded'] })
      .notNull()
      .default('open'),
    decided_by: uuid('decided_by').references(() => profiles.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    admin_note: text('admin_note'),
    created_at: createdAt(),
  },
  (t) => [
    check('charge_disputes_status_check', sql`${t.status} in ('open', 'upheld', 'refunded')`),
    index('charge_disputes_booking_idx').on(t.booking_id),
  ],
);
export type ChargeDispute = typeof chargeDisputes.$inferSelect;

/**
 * The built-in card processor's own records (PAYMENT_PROVIDER=local), standing in for the
 * provider's side: intents (payments, setups and off-session charges), saved cards, refunds.
 * A card number is never stored: brand, last 4 and the test-card behaviour only.
 */
export const localIntents = pgTable(
  'local_intents',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['payment', 'setup'] }).notNull(),
    client_secret: text('client_secret').notNull().unique('local_intents_client_secret_unique'),
    amount_cents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    off_session: boolean('off_session').notNull().default(false),
    payment_method_id: text('payment_method_id'),
    /** The card waiting for the authentication challenge (requires_action). */
    pending_payment_method_id: text('pending_payment_method_id'),
    last_error_code: text('last_error_code'),
    last_error_message: text('last_error_message'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    idempotency_key: text('idempotency_key').notNull().unique('local_intents_idempotency_key_unique'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [check('local_intents_status_check', sql`${t.status} in (${inList(PAYMENT_STATUSES)})`)],
);

export const localPaymentMethods = pgTable('local_payment_methods', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  exp_month: integer('exp_month').notNull(),
  exp_year: integer('exp_year').notNull(),
  /** The test card's behaviour: 'ok', 'auth_once' (…3155), 'auth_always' (…3184). */
  behaviour: text('behaviour', { enum: ['ok', 'auth_once', 'auth_always'] }).notNull(),
  created_at: createdAt(),
});

export const localRefunds = pgTable('local_refunds', {
  id: text('id').primaryKey(),
  intent_id: text('intent_id')
    .notNull()
    .references(() => localIntents.id),
  amount_cents: integer('amount_cents').notNull(),
  status: text('status', { enum: ['succeeded'] }).notNull(),
  idempotency_key: text('idempotency_key').notNull().unique('local_refunds_idempotency_key_unique'),
  created_at: createdAt(),
});

export type Profile = typeof profiles.$inferSelect;
export type Venue = typeof venues.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
export type VenueAvailability = typeof venueAvailability.$inferSelect;
export type VenueReview = typeof venueReviews.$inferSelect;
export type OutboxMessage = typeof emailOutbox.$inferSelect;
export type EmailAttachment = typeof emailAttachments.$inferSelect;

/**
 * Fixed-window request counters (src/server/services/rate-limit.ts), one row per key and
 * window; shared by every server process. Rows past expires_at are dead and swept.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expires_at)],
);

/**
 * Idempotency-Key records (src/server/http/idempotency.ts): the first answer to a request,
 * replayed to retries with the same key from the same user for 24 hours. `scope` is the user
 * and the route; `request_hash` tells a retry from a different request reusing the key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    request_hash: text('request_hash').notNull(),
    /** null while the first request is still being answered. */
    status: integer('status'),
    content_type: text('content_type'),
    body: text('body'),
    /**
     * Set inside the transaction that wrote what the request asked for (db/transaction.ts): if
     * its process dies before the answer is stored, a retry learns the work was done.
     */
    committed: boolean('committed').notNull().default(false),
    /** An unfinished claim (its process died) may be taken over after this. */
    locked_until: timestamp('locked_until', { withTimezone: true }).notNull(),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_key_idx').on(t.scope, t.key),
    index('idempotency_keys_expires_idx').on(t.expires_at),
  ],
);
export type Payment = typeof payments.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type LocalIntent = typeof localIntents.$inferSelect;

/**
 * The private iCal feed of a venue's confirmed bookings (decision record 17): one secret token
 * per venue, 256 random bits, in the feed's URL. Regenerating replaces the row's token, so the
 * old URL finds nothing.
 */
export const venueCalendarFeeds = pgTable(
  'venue_calendar_feeds',
  {
    venue_id: uuid('venue_id')
      .primaryKey()
      .references(() => venues.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('venue_calendar_feeds_token_idx').on(t.token)],
);
export type VenueCalendarFeed = typeof venueCalendarFeeds.$inferSelect;

/**
 * The audit trail (issue 30, decision 0060): who did which privileged action, when, from which
 * address, on what, with the values before and after where they apply. Written in the
 * transaction of the action (services/audit/record.ts); append-only — a trigger refuses UPDATE
 * and DELETE (migration 0019). No foreign keys: an entry outlives what it is about.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The profile that acted; null for the system (jobs, webhooks). */
    actor_id: uuid('actor_id'),
    actor_role: text('actor_role').notNull(),
    actor_name: text('actor_name'),
    actor_email: text('actor_email'),
    address: text('address'),
    action: text('action').$type<AuditAction>().notNull(),
    subject_type: text('subject_type').$type<AuditSubject>().notNull(),
    subject_id: text('subject_id').notNull(),
    /** The venue it concerns and that venue's host: a host reads the entries about their venues. */
    venue_id: uuid('venue_id'),
    host_id: uuid('host_id'),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('audit_events_seq_idx').on(t.seq),
    index('audit_events_action_idx').on(t.action, t.seq),
    index('audit_events_venue_idx').on(t.venue_id, t.seq),
    index('audit_events_host_idx').on(t.host_id, t.seq),
    index('audit_events_actor_idx').on(t.actor_id, t.seq),
  ],
);
export type AuditEvent = typeof auditEvents.$inferSelect;

/**
 * Payouts (issue 29, decision 0079): money Velvet sent a host, recorded by the admin with the
 * bank's reference — or, with Stripe Connect (decision 88), a transfer to the host's connected
 * account (bank_reference tr_…) or its reversal (trr_…, a negative amount and items). Each pays the due of the host's available earnings at that moment, one
 * payout_items row per booking (negative for a refund that came after an earlier payout);
 * what a booking has been paid is the sum of its items. Append-only: a correction is a new payout.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    host_id: uuid('host_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    amount_cents: integer('amount_cents').notNull(),
    bank_reference: text('bank_reference').notNull(),
    /** The bank account it went to, as shown then (its last 4 digits). */
    bank_account_last4: text('bank_account_last4'),
    recorded_by: uuid('recorded_by').references(() => profiles.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    // Negative: a Stripe transfer reversed (decision 88), the mirror of the payout it undoes.
    check('payouts_amount_check', sql`${t.amount_cents} <> 0`),
    index('payouts_host_idx').on(t.host_id, t.created_at),
    index('payouts_created_idx').on(t.created_at),
  ],
);
export type Payout = typeof payouts.$inferSelect;

export const payoutItems = pgTable(
  'payout_items',
  {
    payout_id: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    amount_cents: integer('amount_cents').notNull(),
  },
  (t) => [
    primaryKey({ name: 'payout_items_pk', columns: [t.payout_id, t.booking_id] }),
    index('payout_items_booking_idx').on(t.booking_id),
  ],
);

/**
 * The ledger (issue 29, decision 83): every movement of money as double-entry postings, written
 * in the transaction of the change that caused it (services/ledger/post.ts). The entries of a
 * posting (`posting_id`) sum to zero, each names the record that caused it, and a host's
 * payable is the sum of their `host_payable` entries. Migration 27 adds what a CHECK cannot say:
 * a deferred trigger refuses a posting that does not sum to zero at commit, triggers refuse
 * UPDATE and DELETE (append-only: a correction is a new posting), and a succeeded payment,
 * refund or payout cannot commit without its posting. The foreign keys restrict: money that
 * moved keeps its records.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    posting_id: uuid('posting_id').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    host_id: uuid('host_id').references(() => profiles.id, { onDelete: 'restrict' }),
    booking_id: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    payment_id: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    refund_id: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    payout_id: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    amount_cents: integer('amount_cents').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    check('ledger_entries_kind_check', sql`${t.kind} in (${inList(LEDGER_KINDS)})`),
    check('ledger_entries_account_check', sql`${t.account} in (${inList(LEDGER_ACCOUNTS)})`),
    check('ledger_entries_amount_check', sql`${t.amount_cents} <> 0`),
    check(
      'ledger_entries_host_payable_check',
      sql`${t.account} <> 'host_payable' or (${t.host_id} is not null and ${t.booking_id} is not null)`,
    ),
    check(
      'ledger_entries_cause_check',
      sql`case ${t.kind} when 'refund' then ${t.refund_id} is not null when 'payout' then ${t.payout_id} is not null when 'payout_reversal' then ${t.payout_id} is not null else ${t.payment_id} is not null end`,
    ),
    index('ledger_entries_posting_idx').on(t.posting_id),
    index('ledger_entries_host_idx').on(t.host_id, t.account),
    index('ledger_entries_booking_idx').on(t.booking_id, t.account),
    index('ledger_entries_payment_idx').on(t.payment_id),
    index('ledger_entries_refund_idx').on(t.refund_id),
    index('ledger_entries_payout_idx').on(t.payout_id),
  ],
);
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/**
 * Settings the admin changes in the dashboard (one row). platform_fee_bps overrides
 * PLATFORM_FEE_PERCENT for bookings requested from then on; null means the configured default.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: smallint('id').primaryKey().default(1),
    platform_fee_bps: integer('platform_fee_bps'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('platform_settings_one_row', sql`${t.id} = 1`),
    check('platform_settings_fee_check', sql`${t.platform_fee_bps} between 0 and 5000`),
  ],
);

/**
 * A host's Stripe connected account (issue 29, decision 88), created when they start Stripe's
 * hosted onboarding and kept current by `account.updated` events: `status_at` is the time of the
 * event last applied, so a duplicate or an older event changes nothing.
 */
export const connectAccounts = pgTable(
  'connect_accounts',
  {
    host_id: uuid('host_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    stripe_account_id: text('stripe_account_id').notNull(),
    payouts_enabled: boolean('payouts_enabled').notNull().default(false),
    details_submitted: boolean('details_submitted').notNull().default(false),
    status_at: timestamp('status_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('connect_accounts_stripe_account_idx').on(t.stripe_account_id)],
);
export type ConnectAccount = typeof connectAccounts.$inferSelect;

/**
 * A Stripe transfer of a booking's due to its host's connected account (decision 88), written
 * with the payout that records it; `reversed_cents` grows with each reversal (whose own payout
 * row has a negative amount). The idempotency key is unique: one transfer per key, however many
 * runners try it.
 */
export const stripeTransfers = pgTable(
  'stripe_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    host_id: uuid('host_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    payout_id: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    stripe_transfer_id: text('stripe_transfer_id').notNull(),
    destination: text('destination').notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    reversed_cents: integer('reversed_cents').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('stripe_transfers_transfer_idx').on(t.stripe_transfer_id),
    uniqueIndex('stripe_transfers_key_idx').on(t.idempotency_key),
    uniqueIndex('stripe_transfers_payout_idx').on(t.payout_id),
    index('stripe_transfers_booking_idx').on(t.booking_id),
    check(
      'stripe_transfers_amount_check',
      sql`${t.amount_cents} > 0 and ${t.reversed_cents} between 0 and ${t.amount_cents}`,
    ),
  ],
);
export type StripeTransfer = typeof stripeTransfers.$inferSelect;
