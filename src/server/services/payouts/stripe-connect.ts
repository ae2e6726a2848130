/**
 * A host's Stripe connected account (issue 29, decision 88): GET /api/host/stripe-connect reads
 * it, POST /api/host/stripe-connect/onboarding creates it when the host has none and answers
 * Stripe's hosted onboarding page, and each `account.updated` event keeps its status current.
 * With the built-in processor there is no such account: the admin pays hosts by bank (409).
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { StripeConnectInfo, StripeOnboardingLink } from '@/domain/contract';
import { CONNECT_MESSAGES, connectStatus } from '@/domain/connect';
import { conflict } from '@/domain/errors';
import { pageHref } from '@/domain/pages';
import type { ConnectPayouts } from '../../adapters/payments/types';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { connectAccounts, type ConnectAccount } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Viewer } from '../../viewer';

function connectOf(ctx: AppContext): ConnectPayouts {
  if (!ctx.payments.connect) throw conflict(CONNECT_MESSAGES.notStripe, 'STRIPE_CONNECT_OFF');
  return ctx.payments.connect;
}

export function connectInfoOf(account: ConnectAccount | null): StripeConnectInfo {
  const status = connectStatus(account);
  return {
    status,
    payouts_enabled: account?.payouts_enabled ?? false,
    details_submitted: account?.details_submitted ?? false,
    message: CONNECT_MESSAGES.status[status],
  };
}

export async function connectAccountOf(db: DbOrTx, hostId: string): Promise<ConnectAccount | null> {
  const [row] = await db.select().from(connectAccounts).where(eq(connectAccounts.host_id, hostId));
  return row ?? null;
}

/** The host's account as the Earnings tab shows it; null when payouts do not go through Stripe. */
export async function hostConnectInfo(ctx: AppContext, hostId: string): Promise<StripeConnectInfo | null> {
  if (!ctx.payments.connect) return null;
  return connectInfoOf(await connectAccountOf(ctx.db, hostId));
}

/** GET /api/host/stripe-connect. */
export async function stripeConnectStatus(ctx: AppContext, viewer: Viewer): Promise<StripeConnectInfo> {
  connectOf(ctx);
  return connectInfoOf(await connectAccountOf(ctx.db, viewer.profile.id));
}

/**
 * POST /api/host/stripe-connect/onboarding. The account is created once: its idempotency key is
 * the host's, so two clicks at once get Stripe's one account, and the row's primary key keeps
 * one per host. The link is new each time (Stripe's links are single-use and expire).
 */
export async function startStripeOnboarding(ctx: AppContext, viewer: Viewer): Promise<StripeOnboardingLink> {
  const connect = connectOf(ctx);
  const hostId = viewer.profile.id;
  const account = await inTransaction(ctx.db, async (tx) => {
    const existing = await connectAccountOf(tx, hostId);
    if (existing) return existing;
    const stripeAccountId = await connect.createAccount({
      email: viewer.profile.email,
      hostId,
      idempotencyKey: `connect-account:${hostId}`,
    });
    await tx
      .insert(connectAccounts)
      .values({ host_id: hostId, stripe_account_id: stripeAccountId })
      .onConflictDoNothing();
    return (await connectAccountOf(tx, hostId))!;
  });
  const back = (stripe: string) =>
    new URL(pageHref('/host-dashboard', {}, { tab: 'earnings', stripe }), ctx.config.PUBLIC_URL).toString();
  const url = await connect.onboardingLink({
    accountId: account.stripe_account_id,
    returnUrl: back('return'),
    refreshUrl: back('refresh'),
  });
  return { url, status: connectStatus(account) };
}

/**
 * An `account.updated` event: the account's status as of the event. Applied only when newer than
 * the last one applied, so Stripe's retries and duplicates (also concurrent ones: the row lock
 * orders them, and the second finds the condition false) change nothing, and neither does a late
 * older event. An account Velvet does not know is ignored.
 */
export async function applyAccountUpdated(
  ctx: AppContext,
  event: { accountId: string; payoutsEnabled: boolean; detailsSubmitted: boolean; occurredAt: Date },
): Promise<boolean> {
  const changed = await ctx.db
    .update(connectAccounts)
    .set({
      payouts_enabled: event.payoutsEnabled,
      details_submitted: event.detailsSubmitted,
      status_at: event.occurredAt,
      updated_at: sql`now()`,
    })
    .where(
      and(
        eq(connectAccounts.stripe_account_id, event.accountId),
        or(isNull(connectAccounts.status_at), lt(connectAccounts.status_at, event.occurredAt)),
      ),
    )
    .returning({ host_id: connectAccounts.host_id });
  return changed.length > 0;
}
