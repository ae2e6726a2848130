import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('domain index', () => {
  it('exports the contract names', () => {
    const names = [
      // time
      'TIME_CHOICES',
      'isOnTimeGrid',
      'formatTime12',
      'formatTimeRange',
      'timeToMinutes',
      'minutesToTime',
      'durationMinutes',
      'bookingHours',
      // hours
      'WEEK_DAYS',
      'defaultHours',
      'setAllDays',
      'weekDayOf',
      'dayLabel',
      'weeklyHoursSchema',
      // pricing
      'PRICING_TYPES',
      'PRICING_TYPE_LABELS',
      'PRICING_TYPE_CARD_LABELS',
      'PRICING_TYPE_FILTER_LABELS',
      'rateForDate',
      'bookingTotal',
      'formatUsd',
      'formatUsdCompact',
      // availability
      'dayState',
      'isDateBookable',
      'isWithinOpeningHours',
      'timesOverlap',
      'takenTimeSlots',
      'todayInZone',
      // booking
      'BOOKING_STATUSES',
      'BOOKING_ACTORS',
      'BOOKING_ACTIONS',
      'nextStatus',
      'bookingBadge',
      'guestBookingBadge',
      'bookingBadgeTone',
      'shortId',
      // filters
      'PRICE_BANDS',
      'normalizeFilters',
      'priceBandContains',
      'venueMatches',
      'filterChips',
      'venueListQuerySchema',
      // amenities, password
      'AMENITIES',
      'AMENITY_LABELS',
      'passwordProblems',
      // schemas
      'signUpSchema',
      'signInSchema',
      'confirmEmailSchema',
      'resendSchema',
      'venueInputSchema',
      'venueUpdateSchema',
      'dateOverrideSchema',
      'bookingRequestSchema',
      'bookingEditSchema',
      'adminBookingEditSchema',
      'firstIssueMessage',
    ];
    for (const name of names) expect(domain, name).toHaveProperty(name);
  });
  it('re-exports one binding for names shared by modules', async () => {
    const hours = await import('./hours');
    const calendar = await import('./calendar');
    expect(hours.weekDayOf).toBe(calendar.weekDayOf);
    expect(domain.WEEK_DAYS).toBe(calendar.WEEK_DAYS);
  });
});
