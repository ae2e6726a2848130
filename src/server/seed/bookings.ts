/**
 * Demo bookings: every state the product shows (pending, pending with the venue's changes,
 * confirmed in the past and in the future, cancelled), spread over the demo venues and
 * guests, priced like real requests. Confirmed bookings never overlap.
 */
import { inArray } from 'drizzle-orm';
import { bookingInstants, todayInZone } from '@/domain/instants';
import type { BookingStatus } from '@/domain/booking';
import { addDaysToDate } from '@/domain/calendar';
import { hoursForDate, normalizeWeeklyHours } from '@/domain/hours';
import { quoteBooking } from '@/domain/pricing';
import { durationMinutes, minutesToTime, timeToMinutes } from '@/domain/time';
import type { AppContext } from '../context';
import { bookings, venueAvailability, type Booking, type Profile, type Venue } from '../db/schema';
import type { DemoAccounts } from './accounts';

interface Plan {
  guest: 0 | 1;
  /** Days from the venue's today. */
  days: number;
  status: BookingStatus;
  guests: number;
  hours: number;
  hostNotes?: string;
  specialRequests: string;
}

const PLANS: Plan[] = [
  {
    guest: 0,
    days: 5,
    status: 'pending',
    guests: 12,
    hours: 3,
    specialRequests: 'Birthday party for my sister — a cake table near the bar would be great.',
  },
  {
    guest: 1,
    days: 9,
    status: 'pending',
    guests: 25,
    hours: 4,
    specialRequests: 'Team celebration after our product launch. We would love a short DJ set.',
  },
  {
    guest: 0,
    days: 12,
    status: 'pending',
    guests: 18,
    hours: 3,
    hostNotes:
      'The earlier slot is taken by a private event, so we moved you one hour later and adjusted the total. Hope that works!',
    specialRequests: 'Engagement drinks with close friends.',
  },
  {
    guest: 0,
    days: 7,
    status: 'confirmed',
    guests: 20,
    hours: 4,
    specialRequests: 'Graduation party; some guests arrive late.',
  },
  {
    guest: 1,
    days: 14,
    status: 'confirmed',
    guests: 8,
    hours: 2,
    specialRequests: 'Quiet corner for a small anniversary dinner and drinks.',
  },
  {
    guest: 0,
    days: -10,
    status: 'confirmed',
    guests: 15,
    hours: 3,
    specialRequests: 'Farewell party for a colleague.',
  },
  {
    guest: 1,
    days: -20,
    status: 'confirmed',
    guests: 30,
    hours: 4,
    specialRequests: 'Charity fundraiser mixer.',
  },
  {
    guest: 1,
    days: 6,
    status: 'cancelled',
    guests: 40,
    hours: 5,
    specialRequests: 'Fashion show after-party.',
  },
  { guest: 0, days: -3, status: 'cancelled', guests: 10, hours: 2, specialRequests: 'Book club night out.' },
];

/** The first date at or after `from` (moving in `step` days) on which the venue is open. */
function openDate(venue: Venue, from: string, step: 1 | -1): string {
  const hours = normalizeWeeklyHours(venue.hours);
  let date = from;
  for (let i = 0; i < 7 && hoursForDate(hours, date).closed; i++) date = addDaysToDate(date, step);
  return date;
}

/** Seeds bookings across the active demo venues; returns what it created. */
export async function seedBookings(
  ctx: AppContext,
  accounts: DemoAccounts,
  venueList: readonly Venue[],
): Promise<Booking[]> {
  const active = venueList.filter((v) => v.is_active);
  if (active.length === 0) return [];
  const overrides = await ctx.db
    .select()
    .from(venueAvailability)
    .where(
      inArray(
        venueAvailability.venue_id,
        active.map((v) => v.id),
      ),
    );

  const created: Booking[] = [];
  const usedConfirmed = new Set<string>();
  for (const [index, plan] of PLANS.entries()) {
    const venue = active[index % active.length]!;
    const guest: Profile = accounts.guests[plan.guest];
    const today = todayInZone(venue.time_zone, ctx.now());
    const date = openDate(venue, addDaysToDate(today, plan.days), plan.days < 0 ? -1 : 1);
    if (plan.status === 'confirmed') {
      // One confirmed booking per venue and date (and never on neighbouring dates): no overlap.
      const key = `${venue.id}:${date}`;
      if (usedConfirmed.has(key)) continue;
      usedConfirmed.add(key);
      usedConfirmed.add(`${venue.id}:${addDaysToDate(date, 1)}`);
      usedConfirmed.add(`${venue.id}:${addDaysToDate(date, -1)}`);
    }

    const hours = normalizeWeeklyHours(venue.hours);
    const day = hoursForDate(hours, date);
    const window = durationMinutes(day.open, day.close) || 24 * 60;
    const offset = plan.hostNotes ? 60 : 0;
    const length = Math.max(60, Math.min(plan.hours * 60, window - offset));
    const start = minutesToTime(timeToMinutes(day.open) + (length + offset <= window ? offset : 0));
    const end = minutesToTime(timeToMinutes(start) + length);
    const override = overrides.find((o) => o.venue_id === venue.id && o.date === date);
    const quote = quoteBooking(
      { base_price: venue.base_price, pricing_type: venue.pricing_type, hours },
      { date, start_time: start, end_time: end },
      override,
    );
    const guestCount = Math.min(plan.guests, venue.capacity);
    const createdAt = new Date(ctx.now().getTime() - (Math.max(0, -plan.days) + 3) * 86_400_000);

    const [row] = await ctx.db
      .insert(bookings)
      .values({
        venue_id: venue.id,
        user_id: guest.id,
        date,
        start_time: start,
        end_time: end,
        ...bookingInstants(date, start, end, venue.time_zone),
        guest_count: guestCount,
        // A venue's edit usually comes with its own price; a little off the computed one.
        total_price: plan.hostNotes ? Math.round(quote.total * 1.1 * 100) / 100 : quote.total,
        status: plan.status,
        host_notes: plan.hostNotes ?? null,
        special_requests: plan.specialRequests,
        contact_email: guest.email,
        contact_phone: guest.phone,
        created_at: createdAt,
        updated_at: new Date(createdAt.getTime() + 86_400_000),
      })
      .returning();
    created.push(row!);
  }
  return created;
}
