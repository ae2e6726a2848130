import { describe, expect, it } from 'vitest';
import {
  BOOKING_ACTIONS,
  ROLE_ACTIONS,
  VENUE_ACTIONS,
  bookingActionsFor,
  bookingRelation,
  canAs,
  canOnBooking,
  canOnVenue,
  venueRelation,
  type BookingAction,
  type RoleAction,
  type VenueAction,
  type ViewerRef,
} from './access';

/** The six roles of the API matrix tests, by the same names. */
const viewers = {
  signedOut: null,
  guest: { profileId: 'guest', role: 'user' },
  otherGuest: { profileId: 'other-guest', role: 'user' },
  host: { profileId: 'host', role: 'host' },
  otherHost: { profileId: 'other-host', role: 'host' },
  admin: { profileId: 'admin', role: 'admin' },
} satisfies Record<string, ViewerRef | null>;
type Who = keyof typeof viewers;

const activeVenue = { host_id: 'host', is_active: true };
const inactiveVenue = { host_id: 'host', is_active: false };
const booking = { user_id: 'guest', host_id: 'host' };

/* Written out by hand, not derived from the tables: a change to a table must change this too. */
const VENUE_EXPECTED: Record<'admin' | 'owner' | 'public', VenueAction[]> = {
  admin: ['read', 'readPrivate', 'edit', 'moderate', 'readOverrides', 'readBookings'],
  owner: [
    'read',
    'readPrivate',
    'edit',
    'manageAvailability',
    'readOverrides',
    'readBookings',
    'answerReviews',
  ],
  public: ['read'],
};

const BOOKING_EXPECTED: Record<'admin' | 'host' | 'guest', BookingAction[]> = {
  admin: ['read', 'readGuestContact', 'decide', 'adminEdit', 'cancelAsAdmin', 'readPayments', 'readMessages'],
  host: [
    'read',
    'readGuestContact',
    'decide',
    'edit',
    'cancelAsHost',
    'chargeAdditional',
    'readPayments',
    'readMessages',
    'writeMessages',
    'markMessagesRead',
  ],
  guest: [
    'read',
    'answerChanges',
    'pay',
    'cancelAsGuest',
    'readPayments',
    'review',
    'readMessages',
    'writeMessages',
    'markMessagesRead',
  ],
};

const venueActions = Object.keys(VENUE_ACTIONS) as VenueAction[];
const bookingActions = Object.keys(BOOKING_ACTIONS) as BookingAction[];

describe('venue relation', () => {
  it.each<[Who, string | null, string | null]>([
    // viewer, relation to an active venue, to an inactive one
    ['signedOut', 'public', null],
    ['guest', 'public', null],
    ['otherGuest', 'public', null],
    ['host', 'owner', 'owner'],
    ['otherHost', 'public', null],
    ['admin', 'admin', 'admin'],
  ])('%s: %s on an active venue, %s on an inactive one', (who, active, inactive) => {
    expect(venueRelation(viewers[who], activeVenue)).toBe(active);
    expect(venueRelation(viewers[who], inactiveVenue)).toBe(inactive);
  });

  it('a profile with the venue’s host id but not the host role is not its owner', () => {
    const demoted = { profileId: 'host', role: 'user' } as const;
    expect(venueRelation(demoted, activeVenue)).toBe('public');
    expect(venueRelation(demoted, inactiveVenue)).toBeNull();
  });
});

describe('venue actions: each relation × each action', () => {
  const cases: Array<[Who, 'admin' | 'owner' | 'public']> = [
    ['admin', 'admin'],
    ['host', 'owner'],
    ['guest', 'public'],
    ['otherHost', 'public'],
    ['signedOut', 'public'],
  ];
  for (const [who, relation] of cases) {
    for (const action of venueActions) {
      const allowed = VENUE_EXPECTED[relation].includes(action);
      it(`${who} (${relation}) ${allowed ? 'may' : 'may not'} ${action} an active venue`, () => {
        expect(canOnVenue(viewers[who], activeVenue, action)).toBe(allowed);
      });
    }
  }

  it('nobody but its owner and the admin may do anything with an inactive venue', () => {
    for (const action of venueActions) {
      for (const who of ['signedOut', 'guest', 'otherGuest', 'otherHost'] as const) {
        expect(canOnVenue(viewers[who], inactiveVenue, action), `${who} ${action}`).toBe(false);
      }
      expect(canOnVenue(viewers.host, inactiveVenue, action)).toBe(VENUE_EXPECTED.owner.includes(action));
      expect(canOnVenue(viewers.admin, inactiveVenue, action)).toBe(VENUE_EXPECTED.admin.includes(action));
    }
  });
});

describe('booking relation', () => {
  it.each<[Who, string | null]>([
    ['signedOut', null],
    ['guest', 'guest'],
    ['otherGuest', null],
    ['host', 'host'],
    ['otherHost', null],
    ['admin', 'admin'],
  ])('%s → %s', (who, relation) => {
    expect(bookingRelation(viewers[who], booking)).toBe(relation);
  });

  it('a host who is the guest of a booking at another venue is its guest there', () => {
    const hostAsGuest = { user_id: 'host', host_id: 'other-host' };
    expect(bookingRelation(viewers.host, hostAsGuest)).toBe('guest');
    expect(canOnBooking(viewers.host, hostAsGuest, 'answerChanges')).toBe(true);
    expect(canOnBooking(viewers.host, hostAsGuest, 'decide')).toBe(false);
    expect(canOnBooking(viewers.host, hostAsGuest, 'readGuestContact')).toBe(false);
    // …and the host of that venue decides it.
    expect(bookingRelation(viewers.otherHost, hostAsGuest)).toBe('host');
  });

  it('on a booking of their own venue, the host acts as its host', () => {
    expect(bookingRelation(viewers.host, { user_id: 'host', host_id: 'host' })).toBe('host');
  });

  it('the admin is the admin even on a booking they made as a guest', () => {
    expect(bookingRelation(viewers.admin, { user_id: 'admin', host_id: 'host' })).toBe('admin');
  });

  it('a booking without a host (its venue is gone) is its guest’s and the admin’s only', () => {
    const orphan = { user_id: 'guest', host_id: '' };
    expect(bookingRelation(viewers.guest, orphan)).toBe('guest');
    expect(bookingRelation(viewers.host, orphan)).toBeNull();
    expect(bookingRelation(viewers.admin, orphan)).toBe('admin');
  });
});

describe('booking actions: each relation × each action', () => {
  const cases: Array<[Who, 'admin' | 'host' | 'guest' | null]> = [
    ['admin', 'admin'],
    ['host', 'host'],
    ['guest', 'guest'],
    ['otherGuest', null],
    ['otherHost', null],
    ['signedOut', null],
  ];
  for (const [who, relation] of cases) {
    for (const action of bookingActions) {
      const allowed = relation !== null && BOOKING_EXPECTED[relation].includes(action);
      it(`${who} ${allowed ? 'may' : 'may not'} ${action}`, () => {
        expect(canOnBooking(viewers[who], booking, action)).toBe(allowed);
      });
    }
  }

  it('bookingActionsFor lists exactly the allowed actions (the web’s buttons)', () => {
    expect(bookingActionsFor(viewers.admin, booking).sort()).toEqual([...BOOKING_EXPECTED.admin].sort());
    expect(bookingActionsFor(viewers.host, booking).sort()).toEqual([...BOOKING_EXPECTED.host].sort());
    expect(bookingActionsFor(viewers.guest, booking).sort()).toEqual([...BOOKING_EXPECTED.guest].sort());
    expect(bookingActionsFor(viewers.otherGuest, booking)).toEqual([]);
    expect(bookingActionsFor(viewers.otherHost, booking)).toEqual([]);
    expect(bookingActionsFor(null, booking)).toEqual([]);
  });
});

describe('role actions', () => {
  const expected: Record<RoleAction, Who[]> = {
    createVenue: ['host', 'otherHost'],
    requestBooking: ['guest', 'otherGuest'],
  };
  for (const action of Object.keys(ROLE_ACTIONS) as RoleAction[]) {
    it(`${action}: ${expected[action].join(', ')} only`, () => {
      for (const who of Object.keys(viewers) as Who[]) {
        expect(canAs(viewers[who], action), who).toBe(expected[action].includes(who));
      }
    });
  }
});
