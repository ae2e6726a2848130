/** PATCH /api/account: name and phone; a host's business name too (issue 31). */
import { eq } from 'drizzle-orm';
import type { UpdateProfileInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { authUsers, profiles } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { accountSettings } from './shared';

export async function updateProfile(ctx: AppContext, viewer: Viewer, input: UpdateProfileInput) {
  const name = input.full_name.trim();
  const updated = await inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({
        full_name: name,
        phone: input.phone ?? null,
        // Only a host has a business name; a guest's stays as it is.
        ...(viewer.profile.role === 'host' ? { business_name: input.business_name ?? null } : {}),
        updated_at: ctx.now(),
      })
      .where(eq(profiles.id, viewer.profile.id))
      .returning();
    await tx.update(authUsers).set({ name, updatedAt: ctx.now() }).where(eq(authUsers.id, viewer.userId));
    return row!;
  });
  return accountSettings(ctx, updated);
}
