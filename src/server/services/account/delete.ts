/**
 * POST /api/account/delete (issue 31, decision 67). The password is asked again. Refused (409)
 * while the person has an upcoming booking that is not cancelled or, for a host, a venue has
 * one: those need an answer or a refund first. Otherwise, in one transaction: the account
 * can no longer sign in (its password and every session are gone), its name, email and phone
 * are removed from the profile, the sign-in user and its bookings' contact fields, its saved
 * venues, waitlist places and open links are deleted, a host's venues leave the public list;
 * bookings, payments, reviews and messages stay for the hosts' records and the ledger, now
 * under "Deleted account". The old address is told.
 */
import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import { conflict, forbidden } from '@/domain/errors';
import { EMAIL_PREFERENCE_KINDS } from '@/domain/email-preferences';
import type { DeleteAccountInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import {
  authAccounts,
  authSessions,
  authUsers,
  bookings,
  emailChanges,
  emailConfirmations,
  passwordResets,
  profiles,
  savedVenues,
  venues,
  waitlistEntries,
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { accountDeletedEmail } from '../../mail/templates';
import { checkCurrentPassword } from './shared';

export const DELETED_NAME = 'Deleted account';
export const DELETE_MESSAGES = {
  admin: 'The admin account cannot be deleted.',
  upcoming:
    'You have upcoming bookings. Cancel them, or wait until they have taken place, before deleting your account.',
  hostUpcoming:
    'Your venues have upcoming bookings. Answer or cancel them, or wait until they have taken place, before deleting your account.',
} as const;

/** The address a deleted account keeps: unique, never deliverable (.invalid, RFC 2606). */
export const deletedAddress = (profileId: string) => `deleted-${profileId}@deleted.invalid`;

export async function deleteAccount(ctx: AppContext, viewer: Viewer, input: DeleteAccountInput) {
  const { profile } = viewer;
  if (profile.role === 'admin') throw forbidden(DELETE_MESSAGES.admin, 'ADMIN_ACCOUNT');
  await checkCurrentPassword(ctx, viewer.userId, input.current_password);
  await inTransaction(ctx.db, async (tx) => {
    // Locked: a booking request or approval cannot slip in between the check and the deletion.
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profile.id)).for('update');
    const now = ctx.now();
    const live = and(ne(bookings.status, 'cancelled'), gt(bookings.ends_at, now));
    const [mine] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.user_id, profile.id), live))
      .limit(1);
    if (mine) throw conflict(DELETE_MESSAGES.upcoming, 'UPCOMING_BOOKINGS');
    const owned = await tx
      .select({ id: venues.id })
      .from(venues)
      .where(eq(venues.host_id, profile.id))
      .for('update');
    if (owned.length) {
      const [hosted] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            inArray(
              bookings.venue_id,
              owned.map((v) => v.id),
            ),
            live,
          ),
        )
        .limit(1);
      if (hosted) throw conflict(DELETE_MESSAGES.hostUpcoming, 'VENUE_UPCOMING_BOOKINGS');
      await tx
        .update(venues)
        .set({ is_active: false, updated_at: now })
        .where(eq(venues.host_id, profile.id));
    }
    const address = deletedAddress(profile.id);
    await enqueueEmail(
      tx,
      'account_deleted',
      profile.email,
      accountDeletedEmail({
        name: profile.full_name ?? '',
        url: new URL('/', ctx.config.PUBLIC_URL).toString(),
      }),
    );
    await tx.delete(authSessions).where(eq(authSessions.userId, viewer.userId));
    await tx.delete(authAccounts).where(eq(authAccounts.userId, viewer.userId));
    await tx.delete(emailChanges).where(eq(emailChanges.user_id, viewer.userId));
    await tx.delete(passwordResets).where(eq(passwordResets.user_id, viewer.userId));
    await tx.delete(emailConfirmations).where(eq(emailConfirmations.user_id, viewer.userId));
    await tx.delete(savedVenues).where(eq(savedVenues.profile_id, profile.id));
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.user_id, profile.id));
    await tx
      .update(bookings)
      .set({ contact_email: address, contact_phone: null })
      .where(eq(bookings.user_id, profile.id));
    await tx
      .update(authUsers)
      .set({ email: address, name: DELETED_NAME, emailVerified: false, image: null, updatedAt: now })
      .where(eq(authUsers.id, viewer.userId));
    await tx
      .update(profiles)
      .set({
        email: address,
        full_name: DELETED_NAME,
        phone: null,
        business_name: null,
        email_opt_out: [...EMAIL_PREFERENCE_KINDS],
        deleted_at: now,
        updated_at: now,
      })
      .where(eq(profiles.id, profile.id));
  });
  return { ok: true as const };
}
