/**
 * The platform fee of new bookings (issue 29): PLATFORM_FEE_PERCENT, unless the admin changed
 * it in the dashboard (platform_settings, one row). A booking stores the rate it was requested
 * at (bookings.platform_fee_bps), so a change never touches booked money.
 */
import { eq, sql } from 'drizzle-orm';
import { percentToBps } from '@/domain/earnings';
import type { PlatformFeeInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import type { DbOrTx } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { recordAudit } from '../audit/record';

/** The rate (basis points) a booking requested now gets, as SQL for the insert itself. */
export const currentFeeBpsSql = (ctx: Pick<AppContext, 'config'>) =>
  sql<number>`coalesce((select platform_fee_bps from platform_settings where id = 1), ${percentToBps(ctx.config.PLATFORM_FEE_PERCENT)})`;

/** The fee of new bookings, in percent. */
export async function currentFeePercent(db: DbOrTx, ctx: Pick<AppContext, 'config'>): Promise<number> {
  const [row] = await db
    .select({ bps: platformSettings.platform_fee_bps })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  return row?.bps == null ? ctx.config.PLATFORM_FEE_PERCENT : row.bps / 100;
}

/** PUT /api/admin/platform-fee: the admin sets the fee of bookings requested from now on. */
export async function changePlatformFee(
  ctx: AppContext,
  viewer: Viewer,
  input: PlatformFeeInput,
): Promise<{ fee_percent: number }> {
  const bps = percentToBps(input.percent);
  return inTransaction(ctx.db, async (tx) => {
    // The row lock orders two admins changing it at once; the audit entry names both values.
    await tx.insert(platformSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx
      .select({ bps: platformSettings.platform_fee_bps })
      .from(platformSettings)
      .where(eq(platformSettings.id, 1))
      .for('update');
    const was = before?.bps == null ? ctx.config.PLATFORM_FEE_PERCENT : before.bps / 100;
    await tx
      .update(platformSettings)
      .set({ platform_fee_bps: bps, updated_at: new Date() })
      .where(eq(platformSettings.id, 1));
    await recordAudit(tx, viewer, {
      action: 'fee.changed',
      subject: { type: 'settings', id: 'platform_fee' },
      summary: `Platform fee of new bookings changed from ${was}% to ${bps / 100}%`,
      before: { percent: was },
      after: { percent: bps / 100 },
    });
    return { fee_percent: bps / 100 };
  });
}
