/**
 * Demo conversations (decision record 16): every seeded booking starts its thread with the
 * "Booking requested" line (and the venue's answer when it has one), and a few carry a short
 * exchange between the guest and the host. Both sides have read everything, so the demo opens
 * with no unread badges.
 */
import { eq } from 'drizzle-orm';
import { SYSTEM_LINES } from '@/domain/messages';
import type { AppContext } from '../context';
import { bookingMessageReads, bookingMessages, venues, type Booking } from '../db/schema';

const EXCHANGES: ReadonlyArray<readonly [guest: string, host: string]> = [
  [
    'Hi! Could we bring a birthday cake? We would cut it around 11.',
    'Of course — cakes are welcome. Let the door staff know and we will keep it in the fridge.',
  ],
  [
    'Is there parking close by? A few of us are driving in.',
    'Yes: the garage on the corner is open until 3 AM, and the entrance is 50 m from our door.',
  ],
  [
    'Can we plug in a laptop for a short slideshow? The details are at https://example.com/slides',
    'Sure, there is HDMI at the booth. Our sound tech can help you set up 30 minutes before.',
  ],
];

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

export async function seedMessages(ctx: AppContext, seeded: readonly Booking[]): Promise<void> {
  let exchange = 0;
  for (const b of seeded) {
    const [venue] = await ctx.db
      .select({ host_id: venues.host_id })
      .from(venues)
      .where(eq(venues.id, b.venue_id));
    if (!venue) continue;
    const lines: Array<typeof bookingMessages.$inferInsert> = [
      { booking_id: b.id, kind: 'system', body: SYSTEM_LINES.requested(b), created_at: b.created_at },
    ];
    if (exchange < EXCHANGES.length && b.status !== 'cancelled') {
      const [question, answer] = EXCHANGES[exchange++]!;
      lines.push(
        {
          booking_id: b.id,
          kind: 'user',
          author_id: b.user_id,
          author_role: 'guest',
          body: question,
          created_at: minutesAfter(b.created_at, 20),
        },
        {
          booking_id: b.id,
          kind: 'user',
          author_id: venue.host_id,
          author_role: 'host',
          body: answer,
          created_at: minutesAfter(b.created_at, 95),
        },
      );
    }
    if (b.status === 'confirmed') {
      lines.push({
        booking_id: b.id,
        kind: 'system',
        body: SYSTEM_LINES.approved('host'),
        created_at: minutesAfter(b.created_at, 120),
      });
    }
    const written = await ctx.db
      .insert(bookingMessages)
      .values(lines)
      .returning({ seq: bookingMessages.seq });
    const last = Math.max(...written.map((w) => w.seq));
    await ctx.db.insert(bookingMessageReads).values(
      [b.user_id, venue.host_id].map((profile_id) => ({
        booking_id: b.id,
        profile_id,
        last_read_seq: last,
        notified_seq: last,
        read_at: b.updated_at,
      })),
    );
  }
}
