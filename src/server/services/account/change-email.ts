/**
 * Email change (issue 31, decision 67): the signed-in person gives the new address and their
 * password; a single-use link (24 hours; only its SHA-256 is stored) goes to the new address.
 * Opening it moves the account — Better Auth's user, the profile, every unanswered link voided
 * — and tells the old address. Until then nothing changes. A taken address gets the same
 * answer as a free one (nobody learns who has an account); its link then refuses.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { conflict, forbidden, invalid } from '@/domain/errors';
import {
  INVALID_EMAIL_CHANGE_LINK,
  type ChangeEmailInput,
  type ConfirmEmailChangeInput,
} from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { authUsers, emailChanges, profiles } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { emailChangeEmail, emailChangedEmail } from '../../mail/templates';
import { normalizeEmail, sha256 } from '../accounts/shared';
import { checkCurrentPassword } from './shared';

export const EMAIL_CHANGE_TTL_HOURS = 24;
export const SAME_EMAIL = 'That is already your email address.';
export const ADMIN_EMAIL_FIXED =
  'The admin’s address is set in the server’s configuration (ADMIN_EMAIL) and cannot be changed here.';
export const EMAIL_CHANGE_MESSAGES = {
  invalid: INVALID_EMAIL_CHANGE_LINK,
  used: 'This email change link has already been used.',
  expired: 'This email change link has expired. Ask for a new one from Settings.',
  taken: 'An account with this email already exists, so your address was not changed.',
} as const;

export async function requestEmailChange(ctx: AppContext, viewer: Viewer, input: ChangeEmailInput) {
  if (viewer.profile.role === 'admin') throw forbidden(ADMIN_EMAIL_FIXED, 'ADMIN_EMAIL');
  const email = normalizeEmail(input.email);
  if (email === normalizeEmail(viewer.profile.email)) throw invalid(SAME_EMAIL, 'email', 'SAME_EMAIL');
  await checkCurrentPassword(ctx, viewer.userId, input.current_password);
  const token = randomBytes(32).toString('base64url');
  await inTransaction(ctx.db, async (tx) => {
    // One open link at a time: a new request voids the earlier ones.
    await tx
      .update(emailChanges)
      .set({ used_at: ctx.now() })
      .where(and(eq(emailChanges.user_id, viewer.userId), isNull(emailChanges.used_at)));
    await tx.insert(emailChanges).values({
      token_hash: sha256(token),
      user_id: viewer.userId,
      new_email: email,
      expires_at: new Date(ctx.now().getTime() + EMAIL_CHANGE_TTL_HOURS * 3600_000),
    });
    const url = new URL('/account', ctx.config.PUBLIC_URL);
    url.searchParams.set('email_change', token);
    await enqueueEmail(
      tx,
      'email_change',
      email,
      emailChangeEmail({
        name: viewer.profile.full_name ?? '',
        url: url.toString(),
        ttlHours: EMAIL_CHANGE_TTL_HOURS,
      }),
    );
  });
  return { ok: true as const, email };
}

/** POST /api/account/email/confirm: the link is the credential (no session needed). */
export async function confirmEmailChange(ctx: AppContext, input: ConfirmEmailChangeInput) {
  const hash = sha256(input.token);
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx.select().from(emailChanges).where(eq(emailChanges.token_hash, hash)).for('update');
    if (!row) throw invalid(EMAIL_CHANGE_MESSAGES.invalid, undefined, 'INVALID_TOKEN');
    if (row.used_at) throw invalid(EMAIL_CHANGE_MESSAGES.used, undefined, 'TOKEN_USED');
    if (row.expires_at.getTime() <= ctx.now().getTime()) {
      throw invalid(EMAIL_CHANGE_MESSAGES.expired, undefined, 'TOKEN_EXPIRED');
    }
    const [profile] = await tx.select().from(profiles).where(eq(profiles.user_id, row.user_id)).for('update');
    if (!profile || profile.deleted_at)
      throw invalid(EMAIL_CHANGE_MESSAGES.invalid, undefined, 'INVALID_TOKEN');
    const [taken] = await tx
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(and(eq(authUsers.email, row.new_email), ne(authUsers.id, row.user_id)));
    const [takenProfile] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(sql`lower(${profiles.email}) = ${row.new_email}`, ne(profiles.id, profile.id)));
    if (taken || takenProfile) throw conflict(EMAIL_CHANGE_MESSAGES.taken, 'EMAIL_TAKEN');
    const now = ctx.now();
    await tx
      .update(emailChanges)
      .set({ used_at: now })
      .where(and(eq(emailChanges.user_id, row.user_id), isNull(emailChanges.used_at)));
    await tx
      .update(authUsers)
      .set({ email: row.new_email, emailVerified: true, updatedAt: now })
      .where(eq(authUsers.id, row.user_id));
    await tx
      .update(profiles)
      .set({ email: row.new_email, updated_at: now })
      .where(eq(profiles.id, profile.id));
    await enqueueEmail(
      tx,
      'email_changed',
      profile.email,
      emailChangedEmail({
        name: profile.full_name ?? '',
        newEmail: row.new_email,
        url: new URL('/forgot-password', ctx.config.PUBLIC_URL).toString(),
      }),
    );
    return { email: row.new_email, role: profile.role };
  });
}
