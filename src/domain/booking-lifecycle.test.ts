import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_ACTIONS,
  BOOKING_ACTORS,
  BOOKING_STATUSES,
  CANCEL_MESSAGES,
  LIFECYCLE_ACTIONS,
  APPROVAL_STATUS,
  availableActions,
  bookingTransition,
  hasHostNotes,
  nextStatus,
  type LifecycleAction,
  type LifecycleActor,
  type LifecycleState,
} from './booking-lifecycle';

const ACTORS: LifecycleActor[] = [...BOOKING_ACTORS, 'system'];
const NOW = new Date('2026-06-01T12:00:00Z');
const LATER = new Date('2026-06-10T20:00:00Z');

const notes = fc.oneof(fc.constant(null), fc.constant(''), fc.constant('  '), fc.string({ maxLength: 12 }));
const state = fc.record({
  status: fc.oneof(fc.constantFrom(...BOOKING_STATUSES), fc.string({ maxLength: 8 })),
  host_notes: notes,
  starts_at: fc.constantFrom(NOW, LATER, new Date('2026-05-01T00:00:00Z')),
});
const actor = fc.constantFrom(...ACTORS);
const action = fc.constantFrom(...LIFECYCLE_ACTIONS);

describe('booking lifecycle (property)', () => {
  it('from cancelled nothing moves', () => {
    fc.assert(
      fc.property(notes, actor, action, (host_notes, who, what) => {
        const result = bookingTransition(
          { status: 'cancelled', host_notes, starts_at: LATER },
          who,
          what,
          NOW,
        );
        expect(result.ok).toBe(false);
      }),
    );
  });

  it('approval_status mirrors every status: approved when confirmed, rejected when cancelled, else pending', () => {
    expect(APPROVAL_STATUS).toEqual({
      pending: 'pending',
      confirmed: 'approved',
      cancelled: 'rejected',
      edited: 'pending',
    });
  });

  it("every allowed transition's target is a legal status, with its canceller", () => {
    fc.assert(
      fc.property(state, actor, action, (booking, who, what) => {
        const result = bookingTransition(booking, who, what, NOW);
        if (!result.ok) {
          expect(result.message.length).toBeGreaterThan(0);
          return;
        }
        expect(BOOKING_STATUSES).toContain(result.status);
        expect(['pending', 'confirmed']).toContain(booking.status);
        expect(result.from).toBe(booking.status);
        const cancelling = what === 'cancel' || what === 'expire' || what === 'release';
        expect(result.cancelled_by).toBe(cancelling ? who : null);
        if (cancelling) expect(result.status).toBe('cancelled');
        if (what === 'expire' || what === 'release') expect(who).toBe('system');
        if (what === 'cancel') expect(booking.starts_at.getTime()).toBeGreaterThan(NOW.getTime());
      }),
    );
  });

  it('availableActions equals the set of page actions nextStatus accepts (edit: with notes)', () => {
    fc.assert(
      fc.property(state, fc.constantFrom(...BOOKING_ACTORS), (booking, who) => {
        const accepted = BOOKING_ACTIONS.filter(
          (what) =>
            nextStatus(what === 'edit' ? { ...booking, host_notes: 'New time' } : booking, who, what).ok,
        );
        expect(availableActions(booking, who)).toEqual(accepted);
      }),
    );
  });

  it('random (actor, action) sequences from a fresh pending request never reach an impossible state', () => {
    const step = fc.record({ who: actor, what: action, note: notes });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        let booking: LifecycleState & { cancelled_by: string | null; starts_at: Date } = {
          status: 'pending',
          host_notes: null,
          starts_at: LATER,
          cancelled_by: null,
        };
        let confirmedOnce = false;
        for (const { who, what, note } of steps) {
          const seen = what === 'edit' ? { ...booking, host_notes: note } : booking;
          const result = bookingTransition(seen, who, what, NOW);
          if (!result.ok) continue;
          booking = {
            ...seen,
            status: result.status,
            cancelled_by: result.cancelled_by ?? booking.cancelled_by,
          };
          if (result.status === 'confirmed') confirmedOnce = true;
          // Never 'edited' nor an unknown status; a confirmed booking moves only to cancelled.
          expect(['pending', 'confirmed', 'cancelled']).toContain(booking.status);
          if (result.from === 'confirmed') expect(result.status).toBe('cancelled');
          // A pending booking awaiting the guest is never expired by the system.
          if (what === 'expire') expect(hasHostNotes(seen)).toBe(false);
          // Release only ever follows a confirmation.
          if (what === 'release') expect(confirmedOnce).toBe(true);
          // cancelled_by is set exactly when a cancel, expiry or release cancelled it.
          if (booking.status !== 'cancelled') expect(booking.cancelled_by).toBeNull();
        }
      }),
    );
  });

  it('keeps the cancel refusals word for word', () => {
    const confirmed = { status: 'confirmed', starts_at: LATER };
    expect(bookingTransition({ status: 'pending', starts_at: LATER }, 'host', 'cancel', NOW)).toEqual({
      ok: false,
      message: CANCEL_MESSAGES.hostPending,
    });
    expect(bookingTransition({ ...confirmed, starts_at: NOW }, 'guest', 'cancel', NOW)).toEqual({
      ok: false,
      message: 'This booking has already started and cannot be cancelled.',
    });
    expect(bookingTransition({ status: 'cancelled' }, 'admin', 'cancel', NOW)).toEqual({
      ok: false,
      message: 'This booking is already cancelled.',
    });
    expect(bookingTransition(confirmed, 'host', 'cancel', NOW)).toMatchObject({
      ok: true,
      status: 'cancelled',
      cancelled_by: 'host',
    });
  });

  it('reject and reject_changes cancel without a canceller; expiry and release are the system’s', () => {
    const pending = { status: 'pending', host_notes: null };
    const modified = { status: 'pending', host_notes: 'Moved to 22:00' };
    expect(bookingTransition(pending, 'host', 'reject')).toMatchObject({ ok: true, cancelled_by: null });
    expect(bookingTransition(modified, 'guest', 'reject_changes')).toMatchObject({
      ok: true,
      cancelled_by: null,
    });
    expect(bookingTransition(pending, 'system', 'expire')).toMatchObject({
      ok: true,
      cancelled_by: 'system',
    });
    expect(bookingTransition(modified, 'system', 'expire').ok).toBe(false);
    expect(bookingTransition(pending, 'host', 'expire').ok).toBe(false);
    expect(bookingTransition({ status: 'confirmed' }, 'system', 'release')).toMatchObject({
      ok: true,
      status: 'cancelled',
      cancelled_by: 'system',
    });
    const actions: LifecycleAction[] = [...LIFECYCLE_ACTIONS];
    expect(actions).toEqual([...BOOKING_ACTIONS, 'cancel', 'expire', 'release']);
  });
});
