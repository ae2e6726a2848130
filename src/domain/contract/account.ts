/** The signed-in person's own account (issue 31). Requests: `@/domain/schemas` account-settings. */
import type { Role } from '../access';
import type { EmailPreferenceKind } from '../email-preferences';
import type { Timestamp } from './wire';
import type { VenueCard } from './venues';

/** GET /api/account and the answer of its writes. */
export interface AccountSettings {
  id: string;
  full_name: string | null;
  email: string;
  phone: string | null;
  role: Role;
  business_name: string | null;
  /** Each optional email kind, on (true) or off. Transactional emails always go. */
  email_preferences: Record<EmailPreferenceKind, boolean>;
  /** An email change waiting for its link to be opened at the new address. */
  pending_email: { email: string; expires_at: Timestamp } | null;
  /** Two-factor sign-in is on (decision 76). */
  two_factor_enabled: boolean;
  created_at: Timestamp;
}

/**
 * POST /api/account/two-factor/enable: what the authenticator app needs (the otpauth URI, and
 * its secret to type in by hand) and the recovery codes, shown once. Two-factor is on only
 * after /api/account/two-factor/confirm accepts a code.
 */
export interface TwoFactorEnrolment {
  totp_uri: string;
  secret: string;
  recovery_codes: string[];
}

/** POST /api/account/two-factor/confirm and /disable: whether two-factor sign-in is now on. */
export interface TwoFactorStatus {
  two_factor_enabled: boolean;
}

/** POST /api/account/two-factor/recovery-codes: new codes, shown once; the old ones stop working. */
export interface RecoveryCodes {
  recovery_codes: string[];
}

/** POST /api/account/email: the link went to `email`. */
export interface EmailChangeRequested {
  ok: true;
  email: string;
}

/** POST /api/account/email/confirm: the account's new address. */
export interface EmailChangeConfirmed {
  email: string;
  role: Role;
}

/** POST /api/account/password: how many other devices were signed out. */
export interface PasswordChanged {
  ok: true;
  ended_other_sessions: number;
}

/** GET /api/account/export: "Download my data". */
export interface AccountExport {
  exported_at: Timestamp;
  account: AccountSettings;
  bookings: {
    id: string;
    /** Always the person's own profile id. */
    user_id: string;
    venue_id: string;
    venue_name: string;
    date: string;
    start_time: string;
    end_time: string;
    guest_count: number;
    total_price: number;
    status: string;
    approval_status: string;
    special_requests: string | null;
    contact_email: string;
    contact_phone: string | null;
    created_at: Timestamp;
  }[];
  payments: {
    id: string;
    booking_id: string;
    kind: string;
    amount_cents: number;
    currency: string;
    status: string;
    card_brand: string | null;
    card_last4: string | null;
    description: string | null;
    created_at: Timestamp;
  }[];
  refunds: {
    id: string;
    booking_id: string;
    amount_cents: number;
    status: string;
    reason: string | null;
    created_at: Timestamp;
  }[];
  reviews: {
    id: string;
    venue_id: string;
    booking_id: string;
    rating: number;
    comment: string;
    is_published: boolean;
    created_at: Timestamp;
  }[];
  messages: { id: string; booking_id: string; body: string; created_at: Timestamp }[];
  saved_venues: { venue_id: string; venue_name: string; created_at: Timestamp }[];
  waitlist: {
    id: string;
    venue_id: string;
    date: string;
    start_time: string;
    end_time: string;
    notified_at: Timestamp | null;
    created_at: Timestamp;
  }[];
  venues: {
    id: string;
    name: string;
    address: string;
    city: string;
    capacity: number;
    base_price: number;
    pricing_type: string;
    business_name: string | null;
    phone: string | null;
    email: string | null;
    bank_account_last4: string | null;
    is_active: boolean;
    created_at: Timestamp;
  }[];
}

/** GET /api/me/saved-venues: the guest's saved venues that are listed, last saved first. */
export interface SavedVenues {
  venues: (VenueCard & { saved_at: Timestamp })[];
}

/** PUT and DELETE /api/me/saved-venues/:id. */
export interface SavedVenueState {
  venue_id: string;
  saved: boolean;
}
