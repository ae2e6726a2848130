/**
 * A host's earnings (issue 29): what each booking brought, what the platform keeps and what the
 * host is owed. Pure, over integer cents; the server reads the money from the payments and
 * refunds tables and the fee rate each booking was requested at.
 *
 * - The platform fee is the booking's rate (basis points, stored at request time) of the money
 *   kept: payments and additional charges, less refunds. Rounded half up to the cent, never
 *   below 0. The host's net is the rest.
 * - An earning is `pending` until the event has ended plus the hold window (PAYOUT_HOLD_DAYS),
 *   then `available`, and `paid_out` once payouts have paid its whole net. A refund or a charge
 *   after a payout changes the net, not what was paid: the difference (`due_cents`, negative for
 *   a late refund) is available again and carries into the host's next payout.
 * - A payout pays every available earning's due at once (`payoutPlan`); a balance at or below
 *   zero pays nothing and waits for later earnings.
 */

export const DEFAULT_PLATFORM_FEE_PERCENT = 10;
export const DEFAULT_PAYOUT_HOLD_DAYS = 2;
/** The highest fee the admin (or PLATFORM_FEE_PERCENT) may set. */
export const MAX_PLATFORM_FEE_PERCENT = 50;

export type EarningStatus = 'pending' | 'available' | 'paid_out';

export interface EarningInput {
  booking_id: string;
  venue_name: string;
  date: string;
  ends_at: Date;
  payment_cents: number;
  charges_cents: number;
  refunds_cents: number;
  fee_bps: number;
  /** What payouts have paid of this booking so far. */
  paid_out_cents: number;
}

export interface Earning {
  booking_id: string;
  venue_name: string;
  date: string;
  gross_cents: number;
  charges_cents: number;
  refunds_cents: number;
  fee_cents: number;
  net_cents: number;
  fee_percent: number;
  /** What payouts have paid of the net so far. */
  paid_out_cents: number;
  /** What is still owed: net − paid out (negative after a refund that came after a payout). */
  due_cents: number;
  status: EarningStatus;
  available_at: string;
}

/** The platform's fee on `cents` at `bps` basis points (1000 = 10 %), half up, never negative. */
export function platformFeeCents(cents: number, bps: number): number {
  if (cents <= 0 || bps <= 0) return 0;
  return Math.floor((cents * bps + 5000) / 10000);
}

export const percentToBps = (percent: number) => Math.round(percent * 100);

export function earningOf(input: EarningInput, now: Date, holdDays: number): Earning {
  const kept = input.payment_cents + input.charges_cents - input.refunds_cents;
  const fee = platformFeeCents(kept, input.fee_bps);
  const availableAt = new Date(input.ends_at.getTime() + holdDays * 86_400_000);
  const net = kept - fee;
  const due = net - input.paid_out_cents;
  const held = now.getTime() < availableAt.getTime();
  return {
    booking_id: input.booking_id,
    venue_name: input.venue_name,
    date: input.date,
    gross_cents: input.payment_cents,
    charges_cents: input.charges_cents,
    refunds_cents: input.refunds_cents,
    fee_cents: fee,
    net_cents: net,
    fee_percent: input.fee_bps / 100,
    paid_out_cents: input.paid_out_cents,
    due_cents: due,
    status: held && input.paid_out_cents === 0 ? 'pending' : due === 0 ? 'paid_out' : 'available',
    available_at: availableAt.toISOString(),
  };
}

export interface EarningsTotals {
  gross_cents: number;
  charges_cents: number;
  refunds_cents: number;
  fee_cents: number;
  net_cents: number;
  /** The balance a payout would pay now: every available earning's due (may be negative). */
  available_cents: number;
  pending_cents: number;
  paid_out_cents: number;
}

export function totalsOf(rows: readonly Earning[]): EarningsTotals {
  const t: EarningsTotals = {
    gross_cents: 0,
    charges_cents: 0,
    refunds_cents: 0,
    fee_cents: 0,
    net_cents: 0,
    available_cents: 0,
    pending_cents: 0,
    paid_out_cents: 0,
  };
  for (const r of rows) {
    t.gross_cents += r.gross_cents;
    t.charges_cents += r.charges_cents;
    t.refunds_cents += r.refunds_cents;
    t.fee_cents += r.fee_cents;
    t.net_cents += r.net_cents;
    t.paid_out_cents += r.paid_out_cents;
    if (r.status === 'pending') t.pending_cents += r.net_cents;
    else t.available_cents += r.due_cents;
  }
  return t;
}

export interface PayoutPlan {
  amount_cents: number;
  items: Array<{ booking_id: string; amount_cents: number }>;
}

/**
 * What a payout recorded now pays: each available earning's due, late refunds netted against new
 * money. Nothing when the balance is zero or below (it waits for later earnings).
 */
export function payoutPlan(rows: readonly Earning[]): PayoutPlan | null {
  const items = rows
    .filter((r) => r.status === 'available' && r.due_cents !== 0)
    .map((r) => ({ booking_id: r.booking_id, amount_cents: r.due_cents }));
  const amount = items.reduce((sum, i) => sum + i.amount_cents, 0);
  return amount > 0 ? { amount_cents: amount, items } : null;
}

/** Net earnings per month of the event ('YYYY-MM'), oldest first, every month in between included. */
export function monthlyNet(rows: readonly Earning[]): Array<{ month: string; net_cents: number }> {
  if (rows.length === 0) return [];
  const by = new Map<string, number>();
  for (const r of rows) by.set(r.date.slice(0, 7), (by.get(r.date.slice(0, 7)) ?? 0) + r.net_cents);
  const months = [...by.keys()].sort();
  const out: Array<{ month: string; net_cents: number }> = [];
  let [y, m] = months[0]!.split('-').map(Number) as [number, number];
  const last = months.at(-1)!;
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push({ month: key, net_cents: by.get(key) ?? 0 });
    if (key === last) return out;
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const csvCell = (v: string) => (/[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The statement as CSV: one row per booking and a total row; cells that could be formulas are quoted. */
export function earningsCsv(rows: readonly Earning[]): string {
  const head = [
    'Date',
    'Venue',
    'Booking',
    'Gross',
    'Additional charges',
    'Refunds',
    'Platform fee',
    'Net',
    'Paid out',
    'Status',
  ];
  const lines = rows.map((r) =>
    [
      r.date,
      csvCell(r.venue_name),
      r.booking_id,
      dollars(r.gross_cents),
      dollars(r.charges_cents),
      dollars(r.refunds_cents),
      dollars(r.fee_cents),
      dollars(r.net_cents),
      dollars(r.paid_out_cents),
      r.status,
    ].join(','),
  );
  const t = totalsOf(rows);
  lines.push(
    [
      'Total',
      '',
      '',
      dollars(t.gross_cents),
      dollars(t.charges_cents),
      dollars(t.refunds_cents),
      dollars(t.fee_cents),
      dollars(t.net_cents),
      dollars(t.paid_out_cents),
      '',
    ].join(','),
  );
  return [head.join(','), ...lines].join('\r\n') + '\r\n';
}
