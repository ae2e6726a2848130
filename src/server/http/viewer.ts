import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppContext, AppEnv } from '../context';
import type { Viewer } from '../viewer';
import { profiles } from '../db/schema';
import type { Role } from '@/domain/access';
import { forbidden, unauthenticated } from '@/domain/errors';

export type { Role };

/** The signed-in user and their profile, read once per request (null when signed out). */
export async function getViewer(ctx: AppContext, c: Context<AppEnv>): Promise<Viewer | null> {
  const cached = c.get('viewer');
  if (cached !== undefined) return cached;
  let viewer: Viewer | null = null;
  if (c.req.header('cookie')) {
    const session = await ctx.auth.api.getSession({ headers: c.req.raw.headers });
    if (session) {
      const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.user_id, session.user.id));
      if (profile) viewer = { userId: session.user.id, profile };
    }
  }
  c.set('viewer', viewer);
  return viewer;
}

export async function requireViewer(ctx: AppContext, c: Context<AppEnv>): Promise<Viewer> {
  const viewer = await getViewer(ctx, c);
  if (!viewer) throw unauthenticated();
  return viewer;
}

const ROLE_MESSAGES: Record<Role, string> = {
  admin: 'Access denied. Admin privileges required.',
  host: 'Only hosts can do that.',
  user: 'Only guests can do that.',
};

/** 401 when signed out, 403 when the role does not match. */
export async function requireRole(ctx: AppContext, c: Context<AppEnv>, ...roles: Role[]): Promise<Viewer> {
  const viewer = await requireViewer(ctx, c);
  if (!roles.includes(viewer.profile.role)) {
    throw forbidden(roles.length === 1 ? ROLE_MESSAGES[roles[0]!] : 'You do not have permission to do that.');
  }
  return viewer;
}
