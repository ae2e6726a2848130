/**
 * What the account use cases share: the limits, the email normal form, the confirmation token
 * (random, single-use, expiring; only its hash is stored) and the ADMIN_EMAIL rule.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { notFound } from '@/domain/errors';
import { RETURN_PARAM } from '@/domain/return-path';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { emailConfirmations, profiles, type Profile } from '../../db/schema';
import { enqueueEmail } from '../../mail/outbox';
import { accountConfirmationEmail } from '../../mail/templates';

export const CONFIRMATION_TTL_HOURS = 24;
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MINUTES = 15;
export const RESENDS_PER_HOUR = 5;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Creates a random, single-use, expiring token, and queues the email that carries it. */
export async function issueConfirmation(
  ctx: AppContext,
  tx: Tx,
  p: { userId: string; email: string; name: string; role: Profile['role']; redirect?: string },
) {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailConfirmations).values({
    token_hash: sha256(token),
    user_id: p.userId,
    email: p.email,
    expires_at: new Date(ctx.now().getTime() + CONFIRMATION_TTL_HOURS * 3600_000),
  });
  const url = new URL('/confirm-email', ctx.config.PUBLIC_URL);
  url.searchParams.set('token', token);
  url.searchParams.set('email', p.email);
  url.searchParams.set('role', p.role === 'host' ? 'host' : 'user');
  // The page to come back to after signing in (already a safe path: the schema checked it).
  if (p.redirect) url.searchParams.set(RETURN_PARAM, p.redirect);
  await enqueueEmail(
    tx,
    'account_confirmation',
    p.email,
    accountConfirmationEmail({ name: p.name, url: url.toString(), role: p.role }),
  );
}

/** The account whose verified email equals ADMIN_EMAIL is the admin. */
export async function grantAdminIfConfigured(ctx: AppContext, tx: Tx, userId: string, email: string) {
  const [profile] = await tx.select().from(profiles).where(eq(profiles.user_id, userId));
  if (!profile) throw notFound('Profile not found.');
  if (email === normalizeEmail(ctx.config.ADMIN_EMAIL) && profile.role !== 'admin') {
    const [updated] = await tx
      .update(profiles)
      .set({ role: 'admin', updated_at: ctx.now() })
      .where(eq(profiles.id, profile.id))
      .returning();
    return updated!;
  }
  return profile;
}

/**
 * Sends a new confirmation link. The count of recent links and the new one are one
 * transaction, the user's row locked, so concurrent requests cannot pass the limit together.
 */
