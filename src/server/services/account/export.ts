/**
 * GET /api/account/export (issue 31): "Download my data" — the person's own rows as JSON: the
 * account, their bookings as a guest (with their payments and refunds), the reviews and
 * messages they wrote, their saved venues and waitlist places, and a host's venues. Nothing of
 * anybody else: other people's messages and contact details are left out.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { AccountExport } from '@/domain/contract';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import {
  bookingMessages,
  bookings,
  payments,
  refunds,
  savedVenues,
  venueReviews,
  venues,
  waitlistEntries,
} from '../../db/schema';
import { accountSettings } from './shared';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function exportAccount(ctx: AppContext, viewer: Viewer): Promise<AccountExport> {
  const me = viewer.profile.id;
  const db = ctx.db;
  const booked = await db
    .select({
      id: bookings.id,
      user_id: bookings.user_id,
      venue_id: bookings.venue_id,
      venue_name: venues.name,
      date: bookings.date,
      start_time: bookings.start_time,
      end_time: bookings.end_time,
      guest_count: bookings.guest_count,
      total_price: bookings.total_price,
      status: bookings.status,
      approval_status: bookings.approval_status,
      special_requests: bookings.special_requests,
      contact_email: bookings.contact_email,
      contact_phone: bookings.contact_phone,
      created_at: bookings.created_at,
    })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venue_id))
    .where(eq(bookings.user_id, me))
    .orderBy(asc(bookings.created_at));
  const ids = booked.map((b) => b.id);
  const paid = ids.length
    ? await db
        .select()
        .from(payments)
        .where(inArray(payments.booking_id, ids))
        .orderBy(asc(payments.created_at))
    : [];
  const refunded = ids.length
    ? await db.select().from(refunds).where(inArray(refunds.booking_id, ids)).orderBy(asc(refunds.created_at))
    : [];
  const reviews = await db.select().from(venueReviews).where(eq(venueReviews.user_id, me));
  const messages = await db
    .select({
      id: bookingMessages.id,
      booking_id: bookingMessages.booking_id,
      body: bookingMessages.body,
      created_at: bookingMessages.created_at,
    })
    .from(bookingMessages)
    .where(eq(bookingMessages.author_id, me))
    .orderBy(asc(bookingMessages.seq));
  const saved = await db
    .select({ venue_id: savedVenues.venue_id, venue_name: venues.name, created_at: savedVenues.created_at })
    .from(savedVenues)
    .innerJoin(venues, eq(venues.id, savedVenues.venue_id))
    .where(eq(savedVenues.profile_id, me));
  const waiting = await db.select().from(waitlistEntries).where(eq(waitlistEntries.user_id, me));
  const hosted = await db
    .select({
      id: venues.id,
      name: venues.name,
      address: venues.address,
      city: venues.city,
      capacity: venues.capacity,
      base_price: venues.base_price,
      pricing_type: venues.pricing_type,
      business_name: venues.business_name,
      phone: venues.phone,
      email: venues.email,
      bank_account_last4: venues.bank_account_last4,
      is_active: venues.is_active,
      created_at: venues.created_at,
    })
    .from(venues)
    .where(eq(venues.host_id, me));
  return {
    exported_at: ctx.now().toISOString(),
    account: await accountSettings(ctx, viewer.profile),
    bookings: booked.map((b) => ({ ...b, created_at: b.created_at.toISOString() })),
    payments: paid.map((p) => ({
      id: p.id,
      booking_id: p.booking_id,
      kind: p.kind,
      amount_cents: p.amount_cents,
      currency: p.currency,
      status: p.status,
      card_brand: p.card_brand,
      card_last4: p.card_last4,
      description: p.description,
      created_at: p.created_at.toISOString(),
    })),
    refunds: refunded.map((r) => ({
      id: r.id,
      booking_id: r.booking_id,
      amount_cents: r.amount_cents,
      status: r.status,
      reason: r.reason,
      created_at: r.created_at.toISOString(),
    })),
    reviews: reviews.map((r) => ({
      id: r.id,
      venue_id: r.venue_id,
      booking_id: r.booking_id,
      rating: r.rating,
      comment: r.comment,
      is_published: r.is_published,
      created_at: r.created_at.toISOString(),
    })),
    messages: messages.map((m) => ({ ...m, created_at: m.created_at.toISOString() })),
    saved_venues: saved.map((s) => ({ ...s, created_at: s.created_at.toISOString() })),
    waitlist: waiting.map((e) => ({
      id: e.id,
      venue_id: e.venue_id,
      date: e.date,
      start_time: e.start_time,
      end_time: e.end_time,
      notified_at: iso(e.notified_at),
      created_at: e.created_at.toISOString(),
    })),
    venues: hosted.map((v) => ({ ...v, created_at: v.created_at.toISOString() })),
  };
}
