import { describe, expect, it } from 'vitest';
import {
  BOOKING_ACTIONS,
  BOOKING_ACTORS,
  BOOKING_MESSAGES,
  BOOKING_STATUSES,
  availableActions,
  bookingBadge,
  bookingBadgeTone,
  guestBookingBadge,
  guestCountProblem,
  hasHostNotes,
  hostPaymentStatus,
  isAwaitingGuest,
  isBookingStatus,
  needsPayment,
  nextStatus,
  payButtonLabel,
  shortId,
  type BookingAction,
  type BookingActor,
  type BookingState,
} from './booking';

const pending: BookingState = { status: 'pending', host_notes: null };
const modified: BookingState = { status: 'pending', host_notes: 'Moved to 22:00, price updated.' };

describe('constants', () => {
  it('lists statuses, actors and actions', () => {
    expect(BOOKING_STATUSES).toEqual(['pending', 'confirmed', 'cancelled', 'edited']);
    expect(BOOKING_ACTORS).toEqual(['guest', 'host', 'admin']);
    expect(BOOKING_ACTIONS).toEqual(['approve', 'reject', 'edit', 'approve_changes', 'reject_changes']);
    expect(isBookingStatus('edited')).toBe(true);
    expect(isBookingStatus('paid')).toBe(false);
  });
});

describe('hasHostNotes / isAwaitingGuest', () => {
  it.each([
    [null, false],
    [undefined, false],
    ['', false],
    ['   \n\t', false],
    ['Changed', true],
  ])('notes %j → %s', (host_notes, expected) => {
    expect(hasHostNotes({ host_notes })).toBe(expected);
    expect(isAwaitingGuest({ status: 'pending', host_notes })).toBe(expected);
  });
  it('only pending bookings await the guest', () => {
    expect(isAwaitingGuest({ status: 'confirmed', host_notes: 'x' })).toBe(false);
  });
});

describe('nextStatus — allowed transitions', () => {
  it.each<[string, BookingState, BookingActor, BookingAction, string]>([
    ['host approves a request', pending, 'host', 'approve', 'confirmed'],
    ['host rejects a request', pending, 'host', 'reject', 'cancelled'],
    ['host edits a request (with notes)', modified, 'host', 'edit', 'pending'],
    ['admin approves a request', pending, 'admin', 'approve', 'confirmed'],
    ['admin rejects a request', pending, 'admin', 'reject', 'cancelled'],
    ['admin edits a request (with notes)', modified, 'admin', 'edit', 'pending'],
    ['host rejects a booking it modified', modified, 'host', 'reject', 'cancelled'],
    ['guest approves changes', modified, 'guest', 'approve_changes', 'confirmed'],
    ['guest rejects changes', modified, 'guest', 'reject_changes', 'cancelled'],
  ])('%s', (_name, booking, actor, action, status) => {
    expect(nextStatus(booking, actor, action)).toEqual({ ok: true, status });
  });
});

describe('nextStatus — refused transitions', () => {
  it.each<[string, BookingState, BookingActor, BookingAction, string]>([
    ['edit without notes', pending, 'host', 'edit', BOOKING_MESSAGES.notesRequired],
    [
      'edit with blank notes',
      { status: 'pending', host_notes: '   ' },
      'host',
      'edit',
      BOOKING_MESSAGES.notesRequired,
    ],
    ['admin edit without notes', pending, 'admin', 'edit', BOOKING_MESSAGES.notesRequired],
    ['guest approves their own request', pending, 'guest', 'approve', BOOKING_MESSAGES.venueOnly],
    ['guest rejects via the venue action', modified, 'guest', 'reject', BOOKING_MESSAGES.venueOnly],
    ['guest edits', modified, 'guest', 'edit', BOOKING_MESSAGES.venueOnly],
    ['host approves changes for the guest', modified, 'host', 'approve_changes', BOOKING_MESSAGES.guestOnly],
    ['host rejects changes for the guest', modified, 'host', 'reject_changes', BOOKING_MESSAGES.guestOnly],
    [
      'admin approves changes for the guest',
      modified,
      'admin',
      'approve_changes',
      BOOKING_MESSAGES.guestOnly,
    ],
    ['host confirms its own modification', modified, 'host', 'approve', BOOKING_MESSAGES.awaitingGuest],
    ['admin confirms a modification', modified, 'admin', 'approve', BOOKING_MESSAGES.awaitingGuest],
    [
      'guest approves changes that do not exist',
      pending,
      'guest',
      'approve_changes',
      BOOKING_MESSAGES.noChanges,
    ],
    [
      'guest rejects changes that do not exist',
      pending,
      'guest',
      'reject_changes',
      BOOKING_MESSAGES.noChanges,
    ],
    ['unknown action', pending, 'host', 'cancel' as BookingAction, 'Unknown action'],
  ])('%s', (_name, booking, actor, action, message) => {
    expect(nextStatus(booking, actor, action)).toEqual({ ok: false, message });
  });

  const closed: [string, string][] = [
    ['cancelled', 'This booking is cancelled and can no longer be changed.'],
    ['confirmed', 'This booking is already confirmed and can no longer be changed.'],
    ['edited', 'This booking can only be changed while it is pending.'],
    ['mystery', 'This booking can only be changed while it is pending.'],
  ];
  for (const [status, message] of closed) {
    for (const actor of BOOKING_ACTORS) {
      for (const action of BOOKING_ACTIONS) {
        it(`${actor} cannot ${action} a ${status} booking`, () => {
          expect(nextStatus({ status, host_notes: 'notes' }, actor, action)).toEqual({ ok: false, message });
          expect(nextStatus({ status, host_notes: null }, actor, action)).toEqual({ ok: false, message });
        });
      }
    }
  }
});

describe('availableActions', () => {
  it.each<[BookingState, BookingActor, BookingAction[]]>([
    [pending, 'host', ['approve', 'reject', 'edit']],
    [pending, 'admin', ['approve', 'reject', 'edit']],
    [pending, 'guest', []],
    [modified, 'host', ['reject', 'edit']],
    [modified, 'guest', ['approve_changes', 'reject_changes']],
    [{ status: 'confirmed', host_notes: null }, 'host', []],
    [{ status: 'cancelled', host_notes: 'x' }, 'guest', []],
  ])('%j as %s → %j', (booking, actor, actions) => {
    expect(availableActions(booking, actor)).toEqual(actions);
  });
});

describe('badges', () => {
  it.each<[BookingState, string, string, string]>([
    [{ status: 'confirmed' }, 'Confirmed', 'Confirmed', 'success'],
    [{ status: 'confirmed', host_notes: 'x' }, 'Confirmed', 'Confirmed', 'success'],
    [modified, 'Pending Customer Approval (Modified)', 'Modified - Action Required', 'warning'],
    [pending, 'Pending Confirmation from Venue', 'Pending Confirmation from Venue', 'info'],
    [
      { status: 'pending', host_notes: '  ' },
      'Pending Confirmation from Venue',
      'Pending Confirmation from Venue',
      'info',
    ],
    [{ status: 'cancelled' }, 'Cancelled', 'Cancelled', 'danger'],
    [{ status: 'edited' }, 'Edited', 'Edited', 'info'],
    [{ status: 'refunded' }, 'Unknown', 'Unknown', 'muted'],
    [{ status: '' }, 'Unknown', 'Unknown', 'muted'],
  ])('%j', (booking, hostBadge, guestBadge, tone) => {
    expect(bookingBadge(booking)).toBe(hostBadge);
    expect(guestBookingBadge(booking)).toBe(guestBadge);
    expect(bookingBadgeTone(booking)).toBe(tone);
  });
});

describe('shortId', () => {
  it('keeps the first 8 characters', () => {
    expect(shortId('3f2b8c1d-9e4a-4b7c-8d2e-1a2b3c4d5e6f')).toBe('3f2b8c1d');
    expect(shortId('pi_12345678901')).toBe('pi_12345');
    expect(shortId('abc')).toBe('abc');
  });
});

describe('payment display', () => {
  it('asks for payment on confirmed unpaid bookings only', () => {
    expect(needsPayment({ status: 'confirmed', payment_intent_id: null })).toBe(true);
    expect(needsPayment({ status: 'confirmed', payment_intent_id: 'pi_1' })).toBe(false);
    expect(needsPayment({ status: 'pending', payment_intent_id: null })).toBe(false);
  });
  it('labels the pay button by pricing type', () => {
    expect(payButtonLabel('minimum_spend')).toBe('Put Card on File');
    expect(payButtonLabel('hourly_rate')).toBe('Pay Now');
  });
  it('tells the host the payment state of confirmed bookings', () => {
    expect(hostPaymentStatus({ status: 'confirmed', payment_intent_id: null }, 'hourly_rate')).toBe(
      'Waiting for customer payment',
    );
    expect(hostPaymentStatus({ status: 'confirmed', payment_intent_id: 'pi_1' }, 'hourly_rate')).toBe(
      'Payment Completed by Customer',
    );
    expect(hostPaymentStatus({ status: 'confirmed', payment_intent_id: 'seti_1' }, 'minimum_spend')).toBe(
      'Card on File - Event Fully Confirmed',
    );
    expect(hostPaymentStatus({ status: 'pending', payment_intent_id: null }, 'hourly_rate')).toBeNull();
  });
});

describe('guestCountProblem', () => {
  it.each<[number, number, string | null]>([
    [1, 100, null],
    [100, 100, null],
    [101, 100, 'This venue allows up to 100 guests.'],
    [0, 100, 'Guest count must be at least 1.'],
    [2.5, 100, 'Guest count must be a whole number.'],
  ])('%d guests, capacity %d → %j', (count, capacity, expected) => {
    expect(guestCountProblem(count, capacity)).toBe(expected);
  });
});
