import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { requireRole } from '../http/viewer';
import { MAILBOX_DEFAULT_LIMIT, recentMail } from '../services/mailbox';
import * as stats from '../services/stats';

/** Dashboard tiles, and the admin's built-in mailbox. */
export function statsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/venues/stats', async (c) => c.json(await stats.publicVenueStats(ctx)));

  r.get('/host/stats', async (c) => {
    const viewer = await requireRole(ctx, c, 'host');
    return c.json(await stats.hostStats(ctx, viewer));
  });

  r.get('/me/bookings/stats', async (c) => {
    const viewer = await requireRole(ctx, c, 'user');
    return c.json(await stats.guestStats(ctx, viewer));
  });

  r.get('/admin/stats', async (c) => {
    await requireRole(ctx, c, 'admin');
    return c.json(await stats.adminStats(ctx));
  });

  r.get('/admin/mailbox', async (c) => {
    await requireRole(ctx, c, 'admin');
    const limit = Number(c.req.query('limit')) || MAILBOX_DEFAULT_LIMIT;
    c.header('cache-control', 'no-store');
    return c.json(await recentMail(ctx, limit));
  });

  return r;
}
