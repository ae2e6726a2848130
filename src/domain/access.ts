/**
 * The one access policy: who may see and do what with a venue or a booking. Pure functions of
 * the viewer and the row; the server's services, the realtime filter and the web's buttons all
 * ask here. The relation is computed once; each action lists the relations allowed to do it.
 */

export const ROLES = ['user', 'host', 'admin'] as const;
/** A profile's role: 'user' is a guest. Sign-up may ask for 'user' or 'host' only. */
export type Role = (typeof ROLES)[number];

/** Who is asking: a signed-in profile, or null for a signed-out visitor. */
export interface ViewerRef {
  profileId: string;
  role: Role;
}

/* ---------- actions of a role, before any row is involved ---------- */

export const ROLE_ACTIONS = {
  /** Add New Venue: hosts only (an admin approves venues, a guest books them). */
  createVenue: ['host'],
  /** Request a booking: guests only. */
  requestBooking: ['user'],
} as const satisfies Record<string, readonly Role[]>;

export type RoleAction = keyof typeof ROLE_ACTIONS;

export function canAs(viewer: ViewerRef | null, action: RoleAction): boolean {
  return viewer !== null && (ROLE_ACTIONS[action] as readonly Role[]).includes(viewer.role);
}

/* ---------- venues ---------- */

/** admin: the admin; owner: the venue's host; public: anyone else, on an active venue. */
export type VenueRelation = 'admin' | 'owner' | 'public';

export interface VenueRef {
  host_id: string;
  is_active: boolean;
}

/** How the viewer relates to a venue, or null when they may not even know it exists. */
export function venueRelation(viewer: ViewerRef | null, venue: VenueRef): VenueRelation | null {
  if (viewer?.role === 'admin') return 'admin';
  if (viewer && viewer.role === 'host' && viewer.profileId === venue.host_id) return 'owner';
  return venue.is_active ? 'public' : null;
}

export const VENUE_ACTIONS = {
  /** Read the venue's public fields (inactive venues only for its owner and the admin). */
  read: ['admin', 'owner', 'public'],
  /** Read bank details, tax id, contact data and review notes. */
  readPrivate: ['admin', 'owner'],
  /** Edit name, description, photos, hours, pricing. */
  edit: ['admin', 'owner'],
  /** Turn is_active on or off, approve, reject, delete. */
  moderate: ['admin'],
  /** Weekly hours and date overrides (SPEC: the manage page is host only). */
  manageAvailability: ['owner'],
  /** List the date overrides as rows (with ids), as the manage page does. */
  readOverrides: ['admin', 'owner'],
  /** See every booking of the venue. */
  readBookings: ['admin', 'owner'],
  /** Answer a review of the venue. */
  answerReviews: ['owner'],
} as const satisfies Record<string, readonly VenueRelation[]>;

export type VenueAction = keyof typeof VENUE_ACTIONS;

export function canOnVenue(viewer: ViewerRef | null, venue: VenueRef, action: VenueAction): boolean {
  const relation = venueRelation(viewer, venue);
  return relation !== null && (VENUE_ACTIONS[action] as readonly VenueRelation[]).includes(relation);
}

/* ---------- bookings ---------- */

/** admin: the admin; host: the host of the booking's venue; guest: the guest who booked it. */
export type BookingRelation = 'admin' | 'host' | 'guest';

export interface BookingRef {
  /** The guest's profile id. */
  user_id: string;
  /** The host of the booking's venue. */
  host_id: string;
}

/** How the viewer relates to a booking, or null when they may not see it at all. */
export function bookingRelation(viewer: ViewerRef | null, booking: BookingRef): BookingRelation | null {
  if (!viewer) return null;
  if (viewer.role === 'admin') return 'admin';
  if (viewer.profileId === booking.host_id) return 'host';
  if (viewer.profileId === booking.user_id) return 'guest';
  return null;
}

export const BOOKING_ACTIONS = {
  read: ['admin', 'host', 'guest'],
  /** The guest's contact data and the guest profile joined on reads. */
  readGuestContact: ['admin', 'host'],
  /** Approve or reject a pending request. */
  decide: ['admin', 'host'],
  /** Change guests, times, price and notes, sending it back to the guest. */
  edit: ['host'],
  /** The admin's direct edit (/edit-booking). */
  adminEdit: ['admin'],
  /** Approve or reject the venue's changes. */
  answerChanges: ['guest'],
  pay: ['guest'],
  cancelAsGuest: ['guest'],
  cancelAsHost: ['host'],
  /** The admin cancels any pending or confirmed booking (always a full refund). */
  cancelAsAdmin: ['admin'],
  chargeAdditional: ['host'],
  readPayments: ['admin', 'host', 'guest'],
  review: ['guest'],
  /** Read the booking's conversation (the admin too, read-only, for disputes). */
  readMessages: ['admin', 'host', 'guest'],
  /** Write in the conversation: its two participants only. */
  writeMessages: ['host', 'guest'],
  /** Move one's own read marker (unread counts and unread emails are the participants'). */
  markMessagesRead: ['host', 'guest'],
} as const satisfies Record<string, readonly BookingRelation[]>;

export type BookingAction = keyof typeof BOOKING_ACTIONS;

export function canOnBooking(viewer: ViewerRef | null, booking: BookingRef, action: BookingAction): boolean {
  const relation = bookingRelation(viewer, booking);
  return relation !== null && (BOOKING_ACTIONS[action] as readonly BookingRelation[]).includes(relation);
}

/** The actions a viewer may take on a booking (what the web shows buttons for). */
export function bookingActionsFor(viewer: ViewerRef | null, booking: BookingRef): BookingAction[] {
  const relation = bookingRelation(viewer, booking);
  if (!relation) return [];
  return (Object.keys(BOOKING_ACTIONS) as BookingAction[]).filter((a) =>
    (BOOKING_ACTIONS[a] as readonly BookingRelation[]).includes(relation),
  );
}
