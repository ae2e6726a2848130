/**
 * Stripe Connect payouts (issue 29, decision 88): a host connects a Stripe account through
 * Stripe-hosted onboarding; once Stripe has enabled its payouts, each booking's available due is
 * sent to it as a Stripe transfer after the hold window, and a refund after that reverses the
 * transfer in proportion. Pure, over integer cents.
 */

/** A host's connected account as Velvet last heard of it (`account.updated`). */
export interface ConnectAccountState {
  payouts_enabled: boolean;
  details_submitted: boolean;
}

/** The transfer group of a booking's charge and transfers at Stripe. */
export const transferGroupOf = (bookingId: string) => `booking_${bookingId}`;

export type ConnectStatus = 'not_connected' | 'needs_details' | 'payouts_enabled';

export const CONNECT_MESSAGES = {
  notStripe: 'Stripe payouts are not in use: Velvet pays hosts by bank transfer.',
  onlyHosts: 'Only hosts connect a Stripe account for payouts.',
  status: {
    not_connected: 'Connect a Stripe account to receive your payouts.',
    needs_details: 'Stripe needs more details before it can send you payouts. Your balance waits for you.',
    payouts_enabled: 'Payouts enabled: your available balance is transferred to your Stripe account.',
  },
} as const;

export function connectStatus(account: ConnectAccountState | null): ConnectStatus {
  if (!account) return 'not_connected';
  return account.payouts_enabled ? 'payouts_enabled' : 'needs_details';
}

/** Whether a transfer may be sent to the account: only once Stripe has enabled its payouts. */
export const canReceiveTransfers = (account: ConnectAccountState | null) =>
  connectStatus(account) === 'payouts_enabled';

/**
 * What the transfer job does with a booking's earning: send its due once it is available,
 * or reverse from its transfers what a refund after them took off its net (a negative due).
 * The reversal is the refund's proportion of the transfer at the booking's own fee rate — the
 * host gives back the refund less the fee Velvet gave back — so the books stay to the cent.
 */
export function transferAction(
  earning: { status: 'pending' | 'available' | 'paid_out'; due_cents: number },
  transferred_cents: number,
): { kind: 'transfer'; amount_cents: number } | { kind: 'reverse'; amount_cents: number } | null {
  if (earning.due_cents > 0 && earning.status === 'available')
    return { kind: 'transfer', amount_cents: earning.due_cents };
  if (earning.due_cents < 0 && transferred_cents > 0)
    return { kind: 'reverse', amount_cents: Math.min(transferred_cents, -earning.due_cents) };
  return null;
}
