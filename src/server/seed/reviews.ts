/**
 * Demo reviews: most active demo venues get a few past, paid nights, each reviewed by one of a
 * handful of demo reviewers (or the demo guests), with the venue host answering some of them.
 * Each demo guest also gets one paid night two days ago that is not reviewed yet, so
 * 'Write a Review' shows on My Bookings. By contract with the payments work, a night is paid
 * when it is confirmed and payment_intent_id is set; these nights set it directly.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { todayInZone } from '@/domain/availability';
import { addDaysToDate } from '@/domain/calendar';
import { hoursForDate, normalizeWeeklyHours } from '@/domain/hours';
import { toCents } from '@/domain/payments';
import { quoteBooking } from '@/domain/pricing';
import { durationMinutes, minutesToTime, timeToMinutes } from '@/domain/time';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import {
  authUsers,
  bookings,
  localPaymentMethods,
  payments,
  profiles,
  venueReviews,
  type Profile,
  type Venue,
} from '../db/schema';
import { inTransaction } from '../db/transaction';
import { postCaptured } from '../services/ledger/post';
import { bookingInstants } from '@/domain/instants';
import type { DemoAccounts } from './accounts';

/** People who only write reviews (no password: they cannot sign in). */
const REVIEWERS = [
  'Alex Morgan',
  'Taylor Brooks',
  'Jordan Kim',
  'Sam Okafor',
  'Riley Novak',
  'Casey Duarte',
  'Morgan Lee',
];

const REVIEWS: Array<{ rating: number; comment: string; answer?: string }> = [
  {
    rating: 5,
    comment:
      'Booked this for my 30th and it was perfect. The staff set up a cake table without us asking and the DJ read the room all night.',
    answer: 'Happy birthday again! It was a pleasure hosting you and your friends.',
  },
  {
    rating: 4,
    comment:
      'Great sound system and a friendly bar team. It got a little warm near the dance floor late in the evening, but we had a blast.',
    answer: 'Thanks for the note about the temperature — we have had the air conditioning serviced since.',
  },
  {
    rating: 5,
    comment: 'Stylish room, easy booking and the cocktails were outstanding. Our team still talks about it.',
  },
  {
    rating: 3,
    comment:
      'Nice space and good music. Service at the bar was slow once it filled up, so plan for an extra bartender with a big group.',
  },
  {
    rating: 5,
    comment:
      'From the first message to the last song everything ran smoothly. We will be back for the holiday party.',
  },
  {
    rating: 4,
    comment:
      'Loved the lighting and the lounge seating. Parking nearby was tricky, so come early or take a cab.',
  },
  {
    rating: 2,
    comment:
      'The venue looked great, but our start time was pushed back and the music was louder than we agreed for a dinner.',
    answer:
      'We are sorry the evening did not go as planned. Please reach out — we would like to make it right.',
  },
  {
    rating: 5,
    comment: 'A hidden gem. Intimate, beautifully lit, and the host made our engagement drinks feel special.',
  },
  {
    rating: 4,
    comment:
      'Solid venue for a launch party: good AV, helpful staff, and the capacity was exactly as listed.',
  },
  { rating: 5, comment: 'The terrace at sunset was unforgettable. Worth every dollar of the minimum spend.' },
  {
    rating: 3,
    comment:
      'Decent night overall. The playlist control was fun, but the bathrooms needed attention later on.',
  },
  {
    rating: 4,
    comment: 'Friendly security, quick entry for our guest list, and the bar staff kept the drinks coming.',
  },
];

async function createReviewers(ctx: AppContext): Promise<Profile[]> {
  const users = REVIEWERS.map((name) => ({
    id: randomUUID(),
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@reviewers.velvet.test`,
    emailVerified: true,
  }));
  await ctx.db.insert(authUsers).values(users);
  return ctx.db
    .insert(profiles)
    .values(users.map((u) => ({ user_id: u.id, email: u.email, full_name: u.name, role: 'user' as const })))
    .returning();
}

/** Seeds paid past nights and their reviews across the active demo venues. */
export async function seedReviews(ctx: AppContext, accounts: DemoAccounts, venueList: readonly Venue[]) {
  const active = venueList.filter((v) => v.is_active);
  if (active.length === 0) return;
  const reviewers = [...(await createReviewers(ctx)), ...accounts.guests];
  // Dates on which a venue already has a confirmed booking (and their neighbours) are skipped.
  const taken = new Set(
    (
      await ctx.db
        .select({ venue_id: bookings.venue_id, date: bookings.date })
        .from(bookings)
        .where(
          and(
            inArray(
              bookings.venue_id,
              active.map((v) => v.id),
            ),
            eq(bookings.status, 'confirmed'),
          ),
        )
    ).flatMap((b) => [-1, 0, 1].map((d) => `${b.venue_id}:${addDaysToDate(b.date, d)}`)),
  );

  let pick = 0;
  let payment = 0;
  const night = (venue: Venue, daysAgo: number, guest: Profile) => {
    const today = todayInZone(venue.time_zone, ctx.now());
    const hours = normalizeWeeklyHours(venue.hours);
    for (let shift = 0; shift < 7; shift++) {
      const date = addDaysToDate(today, -(daysAgo + shift));
      const day = hoursForDate(hours, date);
      if (day.closed || taken.has(`${venue.id}:${date}`)) continue;
      taken.add(`${venue.id}:${date}`);
      const window = durationMinutes(day.open, day.close) || 24 * 60;
      const length = Math.min(3 * 60, Math.max(60, window));
      const start = day.open;
      const end = minutesToTime(timeToMinutes(start) + length);
      const quote = quoteBooking(
        { base_price: venue.base_price, pricing_type: venue.pricing_type, hours },
        { date, start_time: start, end_time: end },
      );
      const createdAt = new Date(ctx.now().getTime() - (daysAgo + shift + 6) * 86_400_000);
      return {
        venue_id: venue.id,
        user_id: guest.id,
        date,
        start_time: start,
        end_time: end,
        ...bookingInstants(date, start, end, venue.time_zone),
        guest_count: Math.min(12 + ((pick * 7) % 20), venue.capacity),
        total_price: quote.total,
        status: 'confirmed' as const,
        special_requests: 'A night out with friends.',
        contact_email: guest.email,
        contact_phone: guest.phone,
        payment_intent_id: `pi_demo_${String(++payment).padStart(4, '0')}`,
        confirmed_at: new Date(createdAt.getTime() + 3_600_000),
        paid_at: new Date(createdAt.getTime() + 2 * 3_600_000),
        // The reviewed nights already had their morning-after email.
        review_reminder_sent_at: new Date(createdAt.getTime() + 7 * 86_400_000),
        created_at: createdAt,
        updated_at: new Date(createdAt.getTime() + 86_400_000),
      };
    }
    return null;
  };

  type Night = NonNullable<ReturnType<typeof night>>;
  /**
   * The succeeded payment (hourly) or card setup (minimum spend) that made the night "paid". A
   * card on file is a card the built-in processor keeps, so the host's post-event charge on it
   * goes through like any other (issue 31: every action the demo offers can be taken).
   */
  const recordPayment = async (tx: Tx, bookingId: string, values: Night, pricingType: string) => {
    const setup = pricingType === 'minimum_spend';
    const paymentMethodId = setup ? `pm_local_demo_${values.payment_intent_id}` : null;
    if (paymentMethodId) {
      await tx.insert(localPaymentMethods).values({
        id: paymentMethodId,
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 4,
        behaviour: 'ok',
      });
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        booking_id: bookingId,
        kind: setup ? 'setup' : 'payment',
        provider: 'local',
        provider_id: values.payment_intent_id,
        amount_cents: setup ? 0 : toCents(values.total_price),
        status: 'succeeded',
        payment_method_id: paymentMethodId,
        card_brand: 'visa',
        card_last4: '4242',
        idempotency_key: `seed:${values.payment_intent_id}`,
        created_at: values.paid_at,
        updated_at: values.paid_at,
      })
      .returning();
    await postCaptured(tx, payment!);
  };

  await inTransaction(ctx.db, async (tx) => {
    // Every active venue but the last gets two to four reviews.
    for (const [index, venue] of active.slice(0, Math.max(1, active.length - 1)).entries()) {
      const count = 2 + (index % 3);
      for (let i = 0; i < count; i++) {
        const template = REVIEWS[pick % REVIEWS.length]!;
        const author = reviewers[pick % reviewers.length]!;
        pick++;
        const values = night(venue, 3 + i * 6 + (index % 4), author);
        if (!values) continue;
        const [booking] = await tx
          .insert(bookings)
          .values(values)
          .returning({ id: bookings.id, date: bookings.date });
        await recordPayment(tx, booking!.id, values, venue.pricing_type);
        const writtenAt = new Date(`${booking!.date}T15:00:00Z`);
        writtenAt.setUTCDate(writtenAt.getUTCDate() + 1);
        const [review] = await tx
          .insert(venueReviews)
          .values({
            venue_id: venue.id,
            user_id: author.id,
            booking_id: booking!.id,
            rating: template.rating,
            comment: template.comment,
            is_published: true,
            host_response: template.answer ?? null,
            host_response_at: template.answer ? new Date(writtenAt.getTime() + 5 * 3_600_000) : null,
            created_at: writtenAt,
            updated_at: writtenAt,
          })
          .returning({ id: venueReviews.id });
        await tx.update(bookings).set({ review_id: review!.id }).where(eq(bookings.id, booking!.id));
      }
    }
    // One paid night of each demo guest two days ago, not reviewed yet.
    for (const [i, guest] of accounts.guests.entries()) {
      const open = night(active[i % active.length]!, 2, guest);
      if (!open) continue;
      const venue = active[i % active.length]!;
      const [booking] = await tx
        .insert(bookings)
        .values({ ...open, review_reminder_sent_at: null })
        .returning({ id: bookings.id });
      await recordPayment(tx, booking!.id, open, venue.pricing_type);
    }
  });
}
