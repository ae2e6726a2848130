/**
 * The booking lifecycle (SPEC §4), defined once: every change of a booking's status — the
 * venue's approve / reject / edit, the guest's answer to changes, a cancellation by the guest,
 * the host or the admin, and the system's expiry and release — is a transition here: who may
 * take it from which state, the status it leads to, the
 * `cancelled_by` it records, and the message it is refused with. The services apply it with one
 * compare-and-swap (server/services/bookings/transition.ts). Decision record 81.
 */

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'edited'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The people who act on a booking (the system's timed transitions are separate actors). */
export const BOOKING_ACTORS = ['guest', 'host', 'admin'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];
export type LifecycleActor = BookingActor | 'system';

/** The actions offered on a booking's page (cancelling has its own dialog and quote). */
export const BOOKING_ACTIONS = ['approve', 'reject', 'edit', 'approve_changes', 'reject_changes'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/** Every transition of the lifecycle. */
export const LIFECYCLE_ACTIONS = [...BOOKING_ACTIONS, 'cancel', 'expire', 'release'] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export type CancelledBy = LifecycleActor;

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value);
}

/** `status` is a string, not BookingStatus: rows may hold values this code does not know. */
export type BookingState = { status: string; host_notes?: string | null };

export type TransitionResult = { ok: true; status: BookingStatus } | { ok: false; message: string };

export const BOOKING_MESSAGES = {
  cancelled: 'This booking is cancelled and can no longer be changed.',
  confirmed: 'This booking is already confirmed and can no longer be changed.',
  notPending: 'This booking can only be changed while it is pending.',
  venueOnly: 'Only the venue can approve, reject or edit a booking.',
  guestOnly: 'Only the guest can respond to changes.',
  notesRequired: 'Please add a note for the guest explaining the changes.',
  awaitingGuest: 'The guest must approve the changes before the booking can be confirmed.',
  noChanges: 'There are no changes to respond to.',
  unknownAction: 'Unknown action',
} as const;

export const CANCEL_MESSAGES = {
  alreadyCancelled: 'This booking is already cancelled.',
  started: 'This booking has already started and cannot be cancelled.',
  hostPending:
    'A pending request is answered with Reject; only a confirmed booking can be cancelled by the venue.',
  cannotCancel: 'This booking cannot be cancelled.',
} as const;

export const SYSTEM_MESSAGES = {
  systemOnly: 'Only the system expires or releases a booking.',
  notExpirable: 'Only a pending request the venue has not modified expires.',
  notReleasable: 'Only a confirmed booking is released.',
} as const;

/**
 * SPEC's approval_status, which mirrors the status. The database derives its column from this
 * table (a generated column, src/server/db/schema.ts): nothing writes it.
 */
export const APPROVAL_STATUS: Record<BookingStatus, ApprovalStatus> = {
  pending: 'pending',
  confirmed: 'approved',
  cancelled: 'rejected',
  edited: 'pending',
};

/** Host notes that are not blank after trimming mark a booking the venue modified. */
export function hasHostNotes(booking: { host_notes?: string | null }): boolean {
  return (booking.host_notes ?? '').trim().length > 0;
}

/** Pending with host notes: the venue changed the booking and waits for the guest. */
export function isAwaitingGuest(booking: BookingState): boolean {
  return booking.status === 'pending' && hasHostNotes(booking);
}

/** What a transition writes: the row's new status and who cancelled it. */
export type Transition = {
  action: LifecycleAction | 'admin_override';
  actor: LifecycleActor;
  from: string;
  status: BookingStatus;
  cancelled_by: CancelledBy | null;
};

export type LifecycleResult = ({ ok: true } & Transition) | { ok: false; message: string };

/** The booking as the lifecycle sees it; `starts_at` and `now` matter to a cancellation only. */
export type LifecycleState = BookingState & { starts_at?: Date };

function refused(message: string): { ok: false; message: string } {
  return { ok: false, message };
}

const VENUE_ACTIONS: Partial<Record<LifecycleAction, BookingStatus>> = {
  approve: 'confirmed',
  reject: 'cancelled',
  edit: 'pending',
};

const GUEST_ACTIONS: Partial<Record<LifecycleAction, BookingStatus>> = {
  approve_changes: 'confirmed',
  reject_changes: 'cancelled',
};

/** The target status of an action on the page (approve … reject_changes), or why not. */
function pageTarget(booking: BookingState, actor: LifecycleActor, action: LifecycleAction) {
  if (booking.status === 'cancelled') return refused(BOOKING_MESSAGES.cancelled);
  if (booking.status === 'confirmed') return refused(BOOKING_MESSAGES.confirmed);
  if (booking.status !== 'pending') return refused(BOOKING_MESSAGES.notPending);

  const venueTarget = VENUE_ACTIONS[action];
  if (venueTarget) {
    if (actor !== 'host' && actor !== 'admin') return refused(BOOKING_MESSAGES.venueOnly);
    if (action === 'approve' && hasHostNotes(booking)) return refused(BOOKING_MESSAGES.awaitingGuest);
    return { ok: true as const, status: venueTarget };
  }
  const guestTarget = GUEST_ACTIONS[action];
  if (guestTarget) {
    if (actor !== 'guest') return refused(BOOKING_MESSAGES.guestOnly);
    if (!hasHostNotes(booking)) return refused(BOOKING_MESSAGES.noChanges);
    return { ok: true as const, status: guestTarget };
  }
  return refused(BOOKING_MESSAGES.unknownAction);
}

/** A cancellation: the guest a pending or confirmed booking, the host a confirmed one, the admin either; never once it has started. */
function cancelTarget(booking: LifecycleState, actor: LifecycleActor, now?: Date) {
  if (booking.status === 'cancelled') return refused(CANCEL_MESSAGES.alreadyCancelled);
  if (booking.starts_at && now && booking.starts_at.getTime() <= now.getTime())
    return refused(CANCEL_MESSAGES.started);
  if (actor === 'system') return refused(CANCEL_MESSAGES.cannotCancel);
  if (actor === 'host' && booking.status !== 'confirmed') return refused(CANCEL_MESSAGES.hostPending);
  if (booking.status !== 'pending' && booking.status !== 'confirmed')
    return refused(CANCEL_MESSAGES.cannotCancel);
  return { ok: true as const, status: 'cancelled' as const };
}

/** The system's timed transitions: expire a pending request, release a confirmed booking. */
function systemTarget(booking: BookingState, actor: LifecycleActor, action: 'expire' | 'release') {
  if (actor !== 'system') return refused(SYSTEM_MESSAGES.systemOnly);
  if (action === 'expire') {
    if (booking.status !== 'pending' || hasHostNotes(booking)) return refused(SYSTEM_MESSAGES.notExpirable);
  } else if (booking.status !== 'confirmed') return refused(SYSTEM_MESSAGES.notReleasable);
  return { ok: true as const, status: 'cancelled' as const };
}

/**
 * The one definition of every transition: what `actor` taking `action` on `booking` writes, or
 * why it is refused (messages fit for the API's error body). For 'edit' pass the notes the host
 * is sending as host_notes; they must not be blank. For 'cancel' pass starts_at and `now`.
 */
export function bookingTransition(
  booking: LifecycleState,
  actor: LifecycleActor,
  action: LifecycleAction,
  now?: Date,
): LifecycleResult {
  const target =
    action === 'cancel'
      ? cancelTarget(booking, actor, now)
      : action === 'expire' || action === 'release'
        ? systemTarget(booking, actor, action)
        : pageTarget(booking, actor, action);
  if (!target.ok) return target;
  if (action === 'edit' && !hasHostNotes(booking)) return refused(BOOKING_MESSAGES.notesRequired);
  return {
    ok: true,
    action,
    actor,
    from: booking.status,
    status: target.status,
    // A cancellation records who cancelled; a rejected request or rejected changes record none.
    cancelled_by: CANCELLING_ACTIONS.has(action) ? actor : null,
  };
}

const CANCELLING_ACTIONS: ReadonlySet<LifecycleAction> = new Set(['cancel', 'expire', 'release']);

/**
 * The status a booking moves to when `actor` takes one of the page's actions (SPEC §4), or why
 * it may not.
 *
 * - host or admin, pending booking: approve → confirmed, reject → cancelled,
 *   edit → pending. A booking the venue already modified cannot be approved by the venue:
 *   the guest answers the changes (a venue may still reject or edit it again).
 * - guest, pending booking with host notes: approve_changes → confirmed,
 *   reject_changes → cancelled.
 */
export function nextStatus(
  booking: BookingState,
  actor: BookingActor,
  action: BookingAction,
): TransitionResult {
  if (!(BOOKING_ACTIONS as readonly string[]).includes(action))
    return refused(BOOKING_MESSAGES.unknownAction);
  const result = bookingTransition(booking, actor, action);
  return result.ok ? { ok: true, status: result.status } : result;
}

/** The actions to offer `actor` on a booking (edit is offered; its notes are asked for then). */
export function availableActions(booking: BookingState, actor: BookingActor): BookingAction[] {
  return BOOKING_ACTIONS.filter((action) => pageTarget(booking, actor, action).ok);
}

/**
 * The admin's booking editor sets any status directly (SPEC: the admin edits any booking); it is
 * the one change outside the table above.
 */
export function adminOverride(booking: BookingState, status: BookingStatus): Transition {
  return {
    action: 'admin_override',
    actor: 'admin',
    from: booking.status,
    status,
    cancelled_by: null,
  };
}
