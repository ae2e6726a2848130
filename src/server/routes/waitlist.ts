import { Hono } from 'hono';
import type { Encoded, WaitlistDemand, WaitlistEntry, WaitlistList } from '@/domain/contract';
import { waitlistJoinSchema } from '@/domain/schemas';
import { WAITLIST_MESSAGES } from '@/domain/waitlist';
import type { AppContext, AppEnv } from '../context';
import { readJson, uuidParam } from '../http/validate';
import { requireRole, requireViewer } from '../http/viewer';
import { VENUE_NOT_FOUND } from '../services/venues/shared';
import * as waitlist from '../services/waitlist';

/** The waitlist for a taken night (issue 14): join, the guest's list, leave, the host's demand. */
export function waitlistRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.post('/waitlist', async (c) => {
    const viewer = await requireRole(ctx, c, 'user');
    const input = await readJson(c, waitlistJoinSchema);
    return c.json((await waitlist.joinWaitlist(ctx, viewer, input)) satisfies Encoded<WaitlistEntry>, 201);
  });

  r.get('/me/waitlist', async (c) => {
    const viewer = await requireRole(ctx, c, 'user');
    c.header('cache-control', 'no-store');
    return c.json({ entries: await waitlist.listMyWaitlist(ctx, viewer) } satisfies Encoded<WaitlistList>);
  });

  r.delete('/waitlist/:id', async (c) => {
    const viewer = await requireViewer(ctx, c);
    await waitlist.leaveWaitlist(ctx, viewer, uuidParam(c, 'id', WAITLIST_MESSAGES.notFound));
    return c.body(null, 204);
  });

  r.get('/venues/:id/waitlist-demand', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = uuidParam(c, 'id', VENUE_NOT_FOUND);
    c.header('cache-control', 'no-store');
    return c.json((await waitlist.venueWaitlistDemand(ctx, viewer, id)) satisfies Encoded<WaitlistDemand>);
  });

  return r;
}
