import { Hono } from 'hono';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AppContext, AppEnv } from '../context';
import { bookings, emailOutbox, venues } from '../db/schema';
import { requireRole } from '../http/viewer';
import { venueStateCounts } from '../services/admin-lists';

/** Dashboard tiles, and the admin's built-in mailbox. */
export function statsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/venues/stats', async (c) => {
    const [row] = await ctx.db.select({ n: count() }).from(venues).where(eq(venues.is_active, true));
    return c.json({ active_venues: row?.n ?? 0 });
  });

  r.get('/host/stats', async (c) => {
    const viewer = await requireRole(ctx, c, 'host');
    const [v] = await ctx.db.select({ n: count() }).from(venues).where(eq(venues.host_id, viewer.profile.id));
    const [b] = await ctx.db
      .select({ n: count() })
      .from(bookings)
      .innerJoin(venues, eq(venues.id, bookings.venue_id))
      .where(and(eq(venues.host_id, viewer.profile.id), eq(bookings.status, 'confirmed')));
    return c.json({ total_venues: v?.n ?? 0, active_bookings: b?.n ?? 0 });
  });

  r.get('/me/bookings/stats', async (c) => {
    const viewer = await requireRole(ctx, c, 'user');
    const [row] = await ctx.db
      .select({
        total: count(),
        confirmed: sql<number>`count(*) filter (where ${bookings.status} = 'confirmed')`.mapWith(Number),
        spent: sql<
          string | null
        >`sum(${bookings.total_price}) filter (where ${bookings.status} = 'confirmed')`,
      })
      .from(bookings)
      .where(eq(bookings.user_id, viewer.profile.id));
    return c.json({
      total_bookings: row?.total ?? 0,
      total_spent: Number(row?.spent ?? 0),
      confirmed_bookings: row?.confirmed ?? 0,
    });
  });

  r.get('/admin/stats', async (c) => {
    await requireRole(ctx, c, 'admin');
    // Rejected venues are not waiting for anyone: they are not counted as pending.
    const v = await venueStateCounts(ctx);
    const [b] = await ctx.db
      .select({
        total: count(),
        pending: sql<number>`count(*) filter (where ${bookings.status} = 'pending')`.mapWith(Number),
      })
      .from(bookings);
    return c.json({
      pending_venues: v.pending,
      rejected_venues: v.rejected,
      pending_bookings: b?.pending ?? 0,
      total_venues: v.total,
      total_bookings: b?.total ?? 0,
    });
  });

  r.get('/admin/mailbox', async (c) => {
    await requireRole(ctx, c, 'admin');
    const limit = Math.min(200, Math.max(1, Number(c.req.query('limit')) || 50));
    const messages = await ctx.db
      .select()
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.created_at))
      .limit(limit);
    c.header('cache-control', 'no-store');
    return c.json({ messages, transport: ctx.mail.name });
  });

  return r;
}
