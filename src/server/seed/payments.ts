/**
 * Demo payments (decision record 13), so every payment state is visible on first start: paid
 * hourly bookings, cards on file (one through the authentication challenge), a post-event
 * additional charge, a refunded cancellation, an expired request and a booking released for
 * want of payment — all made through the built-in card processor and the same recording code
 * as real payments. The demo bookings of seed/bookings.ts get their deadlines (counted from
 * now, so nothing expires the moment the server starts) and some venues a stricter policy.
 *
 * Longer than 300 lines: demo data, one scenario per payment state.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { todayInZone } from '@/domain/availability';
import { addDaysToDate } from '@/domain/calendar';
import { hoursForDate, normalizeWeeklyHours } from '@/domain/hours';
import { expiresAtFor, paymentDueAtFor, refundFor, toCents } from '@/domain/payments';
import { formatUsd, quoteBooking } from '@/domain/pricing';
import { durationMinutes, minutesToTime, timeToMinutes } from '@/domain/time';
import type { AppContext } from '../context';
import {
  bookings,
  chargeDisputes,
  payments,
  refunds,
  venues,
  type Booking,
  type Profile,
  type Venue,
} from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { HostedCardForm, PaymentProvider } from '../adapters/payments/types';
import { bookingInstants } from '@/domain/instants';
import { findConfirmedOverlap } from '../services/availability';
import { postCaptured, postRefunded } from '../services/ledger/post';
import { recordProviderState } from '../services/payments/record-paid';
import type { DemoAccounts } from './accounts';

/** A provider whose card form Velvet serves (the built-in processor): the demo pays through it. */
type DemoProcessor = PaymentProvider & { cardForm: HostedCardForm };
const hasCardForm = (p: PaymentProvider): p is DemoProcessor => p.cardForm !== null;

const DEMO_CARD = {
  name: 'Demo Guest',
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 4,
  cvc: '123',
};

/** Pays an hourly booking or puts a card on file, with a test card (completing any challenge). */
async function payDemo(ctx: AppContext, local: DemoProcessor, b: Booking, venue: Venue, number: string) {
  await inTransaction(ctx.db, async (tx) => {
    const setup = venue.pricing_type === 'minimum_spend';
    const key = `booking:${b.id}:${setup ? 'setup' : 'payment'}:1`;
    const metadata = {
      booking_id: b.id,
      venue_id: venue.id,
      user_id: b.user_id,
      kind: setup ? 'setup' : 'payment',
    };
    const amountCents = setup ? 0 : toCents(b.total_price);
    const intent = setup
      ? await local.collectCard({ idempotencyKey: key, metadata })
      : await local.createPayment({ amountCents, idempotencyKey: key, metadata });
    await tx.insert(payments).values({
      booking_id: b.id,
      kind: setup ? 'setup' : 'payment',
      provider: 'local',
      provider_id: intent.providerId,
      amount_cents: amountCents,
      status: 'requires_payment_method',
      client_secret: intent.clientSecret,
      idempotency_key: key,
    });
    const result = await local.cardForm.confirm(intent.clientSecret, { ...DEMO_CARD, number }, ctx.now());
    if (result.status === 'requires_action') {
      await local.cardForm.authenticate(intent.clientSecret, intent.providerId, 'complete');
    }
    await recordProviderState(ctx, tx, (await local.retrieve(intent.providerId))!);
  });
}

interface Extra {
  guest: 0 | 1;
  pricing: Venue['pricing_type'];
  days: number;
  guests: number;
  hours: number;
  requests: string;
}

/** A booking priced like a real request, on a date and venue where it overlaps no confirmed booking. */
async function demoBooking(
  ctx: AppContext,
  venue: Venue,
  guest: Profile,
  e: Extra,
  fields: Partial<typeof bookings.$inferInsert>,
): Promise<Booking> {
  const hours = normalizeWeeklyHours(venue.hours);
  let date = addDaysToDate(todayInZone(venue.time_zone, ctx.now()), e.days);
  for (let i = 0; i < 14; i++, date = addDaysToDate(date, e.days < 0 ? -1 : 1)) {
    const day = hoursForDate(hours, date);
    if (day.closed) continue;
    const window = durationMinutes(day.open, day.close) || 24 * 60;
    const length = Math.max(60, Math.min(e.hours * 60, window));
    const start = day.open;
    const end = minutesToTime(timeToMinutes(start) + length);
    const instants = bookingInstants(date, start, end, venue.time_zone);
    if (await findConfirmedOverlap(ctx.db, venue.id, instants)) continue;
    const quote = quoteBooking(
      { base_price: venue.base_price, pricing_type: venue.pricing_type, hours },
      {
        date,
        start_time: start,
        end_time: end,
      },
    );
    const createdAt = new Date(ctx.now().getTime() - (Math.max(0, -e.days) + 2) * 86_400_000);
    const [row] = await ctx.db
      .insert(bookings)
      .values({
        venue_id: venue.id,
        user_id: guest.id,
        date,
        start_time: start,
        end_time: end,
        ...instants,
        guest_count: Math.min(e.guests, venue.capacity),
        total_price: quote.total,
        status: 'confirmed',
        special_requests: e.requests,
        contact_email: guest.email,
        contact_phone: guest.phone,
        created_at: createdAt,
        confirmed_at: new Date(createdAt.getTime() + 3_600_000),
        updated_at: new Date(createdAt.getTime() + 3_600_000),
        ...fields,
      })
      .returning();
    return row!;
  }
  throw new Error(`seed: no free date for a demo booking at ${venue.name}`);
}

export async function seedPayments(
  ctx: AppContext,
  accounts: DemoAccounts,
  venueList: readonly Venue[],
  seeded: readonly Booking[],
): Promise<void> {
  const active = venueList.filter((v) => v.is_active);
  const hourly = active.filter((v) => v.pricing_type === 'hourly_rate');
  const minSpend = active.filter((v) => v.pricing_type === 'minimum_spend');
  const now = ctx.now();
  const byId = new Map(active.map((v) => [v.id, v]));

  // Some venues ask for more notice: every policy is on show.
  for (const [i, v] of active.entries()) {
    const policy = (['flexible', 'moderate', 'strict'] as const)[i % 3]!;
    await ctx.db.update(venues).set({ cancellation_policy: policy }).where(eq(venues.id, v.id));
    v.cancellation_policy = policy;
  }

  // Deadlines of the demo bookings, counted from now.
  for (const b of seeded) {
    const venue = byId.get(b.venue_id);
    if (!venue) continue;
    if (b.status === 'pending' && !b.host_notes) {
      await ctx.db
        .update(bookings)
        .set({ expires_at: expiresAtFor(now, b.starts_at) })
        .where(eq(bookings.id, b.id));
    }
    if (b.status === 'confirmed' && b.starts_at > now && venue.pricing_type === 'hourly_rate') {
      await ctx.db
        .update(bookings)
        .set({ confirmed_at: now, payment_due_at: paymentDueAtFor(now, b.starts_at) })
        .where(and(eq(bookings.id, b.id), isNull(bookings.paid_at)));
    }
  }

  const local = ctx.payments;
  if (!hasCardForm(local) || hourly.length === 0 || minSpend.length === 0) return;
  const [g0, g1] = accounts.guests;

  // Past confirmed bookings were paid (or had a card on file) before the event.
  for (const b of seeded) {
    const venue = byId.get(b.venue_id);
    if (venue && b.status === 'confirmed' && b.starts_at <= now)
      await payDemo(ctx, local, b, venue, '4242424242424242');
  }

  // Paid (hourly, upcoming).
  const paidVenue = hourly[0]!;
  const paid = await demoBooking(
    ctx,
    paidVenue,
    g0,
    {
      guest: 0,
      pricing: 'hourly_rate',
      days: 2,
      guests: 14,
      hours: 3,
      requests: 'Rooftop drinks for a promotion.',
    },
    {},
  );
  await payDemo(ctx, local, paid, paidVenue, '4242424242424242');

  // Card on file through the authentication challenge (minimum spend, upcoming).
  const cardVenue = minSpend[0]!;
  const card = await demoBooking(
    ctx,
    cardVenue,
    g1,
    {
      guest: 1,
      pricing: 'minimum_spend',
      days: 10,
      guests: 22,
      hours: 4,
      requests: 'Bottle service for a 30th birthday.',
    },
    {},
  );
  await payDemo(ctx, local, card, cardVenue, '4000002500003155');

  // Charged after the event: card on file, then a post-event additional charge — on a
  // minimum-spend venue of each demo host, so each has charged before and their next charge
  // needs no two-factor step (decision 76: only a host's first charge does).
  const chargedVenues = accounts.hosts
    .map((host) => minSpend.find((v) => v.host_id === host.id))
    .filter((v): v is Venue => v !== undefined);
  for (const [i, chargedVenue] of (chargedVenues.length
    ? chargedVenues
    : [minSpend[1 % minSpend.length]!]
  ).entries()) {
    await chargedAfterEvent(ctx, local, chargedVenue, g0, -4 - i, i === 0);
  }

  // Refunded: paid, then cancelled by the guest within the policy.
  const refundVenue = hourly[1 % hourly.length]!;
  const refunded = await demoBooking(
    ctx,
    refundVenue,
    g1,
    { guest: 1, pricing: 'hourly_rate', days: 16, guests: 9, hours: 2, requests: 'Pre-wedding cocktails.' },
    {},
  );
  await payDemo(ctx, local, refunded, refundVenue, '4242424242424242');
  await inTransaction(ctx.db, async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.booking_id, refunded.id));
    const amount = refundFor(
      refundVenue.cancellation_policy,
      payment!.amount_cents,
      refunded.starts_at,
      now,
      'guest',
    );
    const key = `refund:${refunded.id}:${payment!.id}:cancel`;
    const result = await local.refund({
      providerPaymentId: payment!.provider_id!,
      amountCents: amount,
      idempotencyKey: key,
    });
    const [refund] = await tx
      .insert(refunds)
      .values({
        payment_id: payment!.id,
        booking_id: refunded.id,
        amount_cents: amount,
        provider_refund_id: result.providerRefundId,
        status: result.status,
        reason: 'cancelled_by_guest',
        idempotency_key: key,
      })
      .returning();
    await postRefunded(tx, refund!);
    await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelled_at: now,
        cancelled_by: 'guest',
        cancellation_reason: 'The wedding moved to another city.',
      })
      .where(eq(bookings.id, refunded.id));
  });

  // Expired: the venue never answered the request.
  await demoBooking(
    ctx,
    hourly[2 % hourly.length]!,
    g0,
    { guest: 0, pricing: 'hourly_rate', days: 11, guests: 6, hours: 2, requests: 'Quiz night with friends.' },
    {
      status: 'cancelled',
      cancelled_at: now,
      cancelled_by: 'system',
      cancellation_reason: 'expired',
      confirmed_at: null,
    },
  );

  // Released: confirmed but never paid in time.
  await demoBooking(
    ctx,
    hourly[3 % hourly.length]!,
    g1,
    { guest: 1, pricing: 'hourly_rate', days: 12, guests: 12, hours: 3, requests: 'Karaoke night.' },
    {
      status: 'cancelled',
      cancelled_at: now,
      cancelled_by: 'system',
      cancellation_reason: 'payment_not_received',
    },
  );
}

/** A minimum-spend night `days` ago: its card on file, then a post-event additional charge. */
async function chargedAfterEvent(
  ctx: AppContext,
  local: DemoProcessor,
  chargedVenue: Venue,
  g0: Profile,
  days: number,
  disputed: boolean,
) {
  const charged = await demoBooking(
    ctx,
    chargedVenue,
    g0,
    {
      guest: 0,
      pricing: 'minimum_spend',
      days,
      guests: 18,
      hours: 3,
      requests: 'Office party; tab under the company name.',
    },
    {},
  );
  await payDemo(ctx, local, charged, chargedVenue, '4242424242424242');
  await inTransaction(ctx.db, async (tx) => {
    const [setup] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.booking_id, charged.id), eq(payments.kind, 'setup')));
    const key = `charge:${charged.id}:demo`;
    const amountCents = 8550;
    const result = await local.chargeSavedCard({
      paymentMethodId: setup!.payment_method_id!,
      customerId: setup!.customer_id ?? null,
      amountCents,
      idempotencyKey: key,
      metadata: { booking_id: charged.id, kind: 'additional_charge' },
    });
    const [charge] = await tx
      .insert(payments)
      .values({
        booking_id: charged.id,
        kind: 'additional_charge',
        provider: 'local',
        provider_id: result.providerId,
        amount_cents: amountCents,
        status: result.status,
        payment_method_id: setup!.payment_method_id,
        card_brand: setup!.card_brand,
        card_last4: setup!.card_last4,
        reason: 'minimum_spend_not_met',
        // The night's own minimum (weekday or weekend rate), less what the charge makes up.
        description: `Bar tab came to ${formatUsd(Number(charged.total_price) - amountCents / 100)} of the ${formatUsd(Number(charged.total_price))} minimum.`,
        idempotency_key: key,
      })
      .returning();
    await postCaptured(tx, charge!);
    if (!disputed) return;
    // A second charge the guest disputed (decision 82): the admin's Disputes section has one open.
    const cleaningKey = `charge:${charged.id}:demo-cleaning`;
    const cleaning = await local.chargeSavedCard({
      paymentMethodId: setup!.payment_method_id!,
      customerId: setup!.customer_id ?? null,
      amountCents: 2500,
      idempotencyKey: cleaningKey,
      metadata: { booking_id: charged.id, kind: 'additional_charge' },
    });
    const [disputedCharge] = await tx
      .insert(payments)
      .values({
        booking_id: charged.id,
        kind: 'additional_charge',
        provider: 'local',
        provider_id: cleaning.providerId,
        amount_cents: 2500,
        status: cleaning.status,
        payment_method_id: setup!.payment_method_id,
        card_brand: setup!.card_brand,
        card_last4: setup!.card_last4,
        reason: 'cleaning_fees',
        description: 'Extra cleaning after the party.',
        idempotency_key: cleaningKey,
      })
      .returning();
    await postCaptured(tx, disputedCharge!);
    await tx.insert(chargeDisputes).values({
      payment_id: disputedCharge!.id,
      booking_id: charged.id,
      reason: 'We left the room as we found it; nobody mentioned any cleaning on the night.',
    });
  });
}
