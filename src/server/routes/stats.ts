import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext, AppEnv } from '../context';
import { readQuery } from '../http/validate';
import { requireRole } from '../http/viewer';
import { MAILBOX_DEFAULT_LIMIT, MAILBOX_MAX_LIMIT, recentMail } from '../services/mailbox';
import * as stats from '../services/stats';
import type {
  AdminStats,
  Encoded,
  GuestBookingStats,
  HostStats,
  Mailbox,
  VenueStats,
} from '@/domain/contract';

const MAILBOX_LIMIT_MESSAGE = `Limit must be a whole number between 1 and ${MAILBOX_MAX_LIMIT}.`;
export const mailboxQuerySchema = z.object({
  limit: z.preprocess(
    (v) => (v === '' || v == null ? undefined : Number(v)),
    z
      .number({ error: MAILBOX_LIMIT_MESSAGE })
      .int(MAILBOX_LIMIT_MESSAGE)
      .min(1, MAILBOX_LIMIT_MESSAGE)
      .max(MAILBOX_MAX_LIMIT, MAILBOX_LIMIT_MESSAGE)
      .default(MAILBOX_DEFAULT_LIMIT),
  ),
});

/** Dashboard tiles, and the admin's built-in mailbox. */
export function statsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/venues/stats', async (c) => c.json((await stats.publicVenueStats(ctx)) satisfies VenueStats));

  r.get('/host/stats', async (c) => {
    const viewer = await requireRole(ctx, c, 'host');
    return c.json((await stats.hostStats(ctx, viewer)) satisfies HostStats);
  });

  r.get('/me/bookings/stats', async (c) => {
    const viewer = await requireRole(ctx, c, 'user');
    return c.json((await stats.guestStats(ctx, viewer)) satisfies GuestBookingStats);
  });

  r.get('/admin/stats', async (c) => {
    await requireRole(ctx, c, 'admin');
    return c.json((await stats.adminStats(ctx)) satisfies AdminStats);
  });

  r.get('/admin/mailbox', async (c) => {
    await requireRole(ctx, c, 'admin');
    const { limit } = readQuery(c, mailboxQuerySchema);
    c.header('cache-control', 'no-store');
    return c.json((await recentMail(ctx, limit)) satisfies Encoded<Mailbox>);
  });

  return r;
}
