/** PUT /api/account/email-preferences: which optional emails the person gets (issue 31). */
import { eq } from 'drizzle-orm';
import { EMAIL_PREFERENCE_KINDS } from '@/domain/email-preferences';
import type { EmailPreferencesInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { profiles } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { accountSettings } from './shared';

export async function setEmailPreferences(ctx: AppContext, viewer: Viewer, input: EmailPreferencesInput) {
  const updated = await inTransaction(ctx.db, async (tx) => {
    const [current] = await tx
      .select({ opt_out: profiles.email_opt_out })
      .from(profiles)
      .where(eq(profiles.id, viewer.profile.id))
      .for('update');
    const off = EMAIL_PREFERENCE_KINDS.filter((k) =>
      input[k] === undefined ? current!.opt_out.includes(k) : !input[k],
    );
    const [row] = await tx
      .update(profiles)
      .set({ email_opt_out: off, updated_at: ctx.now() })
      .where(eq(profiles.id, viewer.profile.id))
      .returning();
    return row!;
  });
  return accountSettings(ctx, updated);
}
