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
import { recordAudit } from '../audit/record';
import { accountConfirmationEmail, accountExistsEmail } from '../../mail/templates';

export const CONFIRMATION_TTL_HOURS = 24;
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MINUTES = 15;
/** Failed sign-ins on one account, from any address, after which every attempt on it is slowed. */
export const SIGN_IN_SLOW_AFTER = 10;
/** The slow-down: this much per failure past SIGN_IN_SLOW_AFTER, at most SIGN_IN_SLOW_MAX_MS. */
export const SIGN_IN_SLOW_STEP_MS = 250;
export const SIGN_IN_SLOW_MAX_MS = 3000;
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

/**
 * Tells a confirmed account's owner that someone signed up with their address or asked for a
 * new confirmation link; the caller answers as it would for a new address.
 */
export async function notifyAccountExists(
  ctx: AppContext,
  tx: Tx,
  p: { email: string; name: string; role: Profile['role'] },
) {
  const signIn = p.role === 'host' ? '/host-auth' : '/user-auth';
  await enqueueEmail(
    tx,
    'account_exists',
    p.email,
    accountExistsEmail({
      name: p.name,
      signInUrl: new URL(signIn, ctx.config.PUBLIC_URL).toString(),
      resetUrl: new URL('/forgot-password', ctx.config.PUBLIC_URL).toString(),
    }),
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
    await recordAudit(tx, 'system', {
      action: 'role.changed',
      subject: { type: 'account', id: profile.id },
      summary: `${email} became the admin (its verified address is ADMIN_EMAIL)`,
      before: { role: profile.role },
      after: { role: 'admin' },
    });
    return updated!;
  }
  return profile;
}

/**
 * Sends a new confirmation link. The count of recent links and the new one are one
 * transaction, the user's row locked, so concurrent requests cannot pass the limit together.
 */
