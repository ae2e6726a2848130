/*
 * Host "Earnings" tab (issue 29): what each booking brought, the platform fee at the rate it was
 * requested at, and the net; the balance available now and what is still pending (until the
 * event ended PAYOUT_HOLD_DAYS ago); net earnings per month as a bar chart with a table
 * alternative; and a CSV statement for any date range.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import type { HostEarnings } from '@/domain/contract';
import { formatCents } from '@/domain/payments';
import { LoadError } from '@/web/components/LoadError';
import { Badge } from '@/web/components/ui/badge';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { DateRangeDownload, rangeQuery } from '@/web/components/DateRangeDownload';
import { MonthlyBarChart } from '@/web/components/MonthlyBarChart';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';
import { StripeConnectCard } from './StripeConnectCard';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function paidOutNote(payouts: HostEarnings['payouts']): string {
  const last = payouts[0];
  return last
    ? `Last payout ${formatCents(last.amount_cents)} on ${longDate(last.created_at)}.`
    : 'Nothing paid out yet.';
}

/** Pending, available or paid out; a change after a payout says what it does to the next one. */
function EarningStatus({ row }: { row: HostEarnings['rows'][number] }) {
  if (row.status === 'pending') {
    return (
      <Badge tone="warning" title={`Available ${longDate(row.available_at)}`}>
        Pending
      </Badge>
    );
  }
  if (row.status === 'paid_out') return <Badge tone="info">Paid out</Badge>;
  if (row.paid_out_cents === 0) return <Badge tone="success">Available</Badge>;
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={row.due_cents < 0 ? 'danger' : 'success'}>
        {row.due_cents < 0 ? 'Refund after payout' : 'Charge after payout'}
      </Badge>
      <span className="text-xs text-muted-foreground">
        {formatCents(row.paid_out_cents)} paid out;{' '}
        {row.due_cents < 0
          ? `${formatCents(-row.due_cents)} comes off your next payout`
          : `${formatCents(row.due_cents)} more in your next payout`}
      </span>
    </span>
  );
}

/** Where a payout went: a bank account, or a Stripe transfer (tr_…) or its reversal (trr_…, decision 88). */
function payoutDestination(p: HostEarnings['payouts'][number]): string {
  if (p.bank_reference.startsWith('trr_')) return 'taken back from your Stripe account (a refund)';
  if (p.bank_reference.startsWith('tr_')) return 'to your Stripe account';
  return p.bank_account_last4 ? `to •••• ${p.bank_account_last4}` : 'to your bank';
}

/** The payouts Velvet sent, newest first. */
function PayoutList({ payouts }: { payouts: HostEarnings['payouts'] }) {
  return (
    <section aria-labelledby="host-payouts-heading" className="grid gap-3">
      <h3 id="host-payouts-heading" className="text-lg font-semibold">
        Payouts
      </h3>
      {payouts.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No payouts yet. Velvet pays your available balance to your bank account.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Payouts">
          {payouts.map((p) => (
            <li key={p.id} data-testid="host-payout">
              <Card className="flex flex-wrap items-center justify-between gap-2 p-4">
                <span className="font-semibold tabular-nums">{formatCents(p.amount_cents)}</span>
                <span className="text-sm text-muted-foreground">
                  {longDate(p.created_at)} · {payoutDestination(p)} · reference {p.bank_reference} ·{' '}
                  {p.bookings} {p.bookings === 1 ? 'booking' : 'bookings'}
                </span>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function EarningsTab() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = rangeQuery(from, to);
  const earnings = useQuery({
    queryKey: queryKeys.host.earnings(query),
    queryFn: ({ signal }) =>
      api.get<HostEarnings>(`/api/host/earnings${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });

  if (earnings.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <span className="sr-only" role="status">
          Loading earnings
        </span>
        <Skeleton className="h-28" />
        <Skeleton className="h-52" />
      </div>
    );
  }
  if (earnings.isError) {
    return (
      <LoadError
        message="Could not load your earnings"
        description="Please check your connection and try again."
        onRetry={() => void earnings.refetch()}
      />
    );
  }
  const d = earnings.data;
  const tiles: Array<[string, string, string]> = [
    [
      'Available now',
      formatCents(d.totals.available_cents),
      d.totals.available_cents < 0
        ? 'A refund after a payout: it comes off your next payout.'
        : d.stripe_connect
          ? 'Transferred to your Stripe account once Stripe has enabled your payouts.'
          : 'Paid to your bank account with the next payout.',
    ],
    [
      'Pending',
      formatCents(d.totals.pending_cents),
      d.next_available_at
        ? `Next available ${longDate(d.next_available_at)} (${d.hold_days} days after each event).`
        : `Earnings become available ${d.hold_days} days after each event.`,
    ],
    [
      'Net earnings',
      formatCents(d.totals.net_cents),
      `After Velvet's fee of ${formatCents(d.totals.fee_cents)}.`,
    ],
    ['Paid out', formatCents(d.totals.paid_out_cents), paidOutNote(d.payouts)],
  ];
  return (
    <section aria-labelledby="earnings-heading" className="grid gap-6">
      <div className="flex flex-col gap-1">
        <h2 id="earnings-heading" className="text-xl font-semibold">
          Earnings
        </h2>
        <p className="text-sm text-muted-foreground">
          Velvet keeps {d.fee_percent}% of what guests pay for new bookings; each booking keeps the rate it
          was requested at.
        </p>
      </div>
      {d.stripe_connect && <StripeConnectCard info={d.stripe_connect} />}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Balances">
        {tiles.map(([label, value, note]) => (
          <li key={label}>
            <Card className="flex h-full flex-col gap-1 p-5">
              <p className="text-sm text-muted-foreground">{label}</p>
              <p
                className="text-2xl font-semibold tabular-nums"
                data-testid={`earnings-${label.toLowerCase().replace(/ /g, '-')}`}
              >
                {value}
              </p>
              <p className="text-xs text-muted-foreground">{note}</p>
            </Card>
          </li>
        ))}
      </ul>

      <Card className="grid gap-4 p-5">
        <DateRangeDownload
          id="earnings"
          from={from}
          to={to}
          onFrom={setFrom}
          onTo={setTo}
          csvPath="/api/host/earnings.csv"
          label="Download statement (CSV)"
        />
        {d.monthly.length > 0 && (
          <MonthlyBarChart
            id="earnings-chart"
            title="Net earnings per month"
            months={d.monthly.map((m) => ({ month: m.month, cents: m.net_cents }))}
          />
        )}
      </Card>

      {d.rows.length === 0 ? (
        <EmptyState
          icon={Wallet}
          title="No earnings yet"
          description="Paid bookings of your venues appear here, with Velvet's fee and what you earn."
        />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-border">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Earnings by booking</caption>
            <thead className="bg-surface text-muted-foreground">
              <tr>
                {['Event', 'Venue', 'Gross', 'Extra charges', 'Refunds', 'Fee', 'Net', 'Status'].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.booking_id} className="border-t border-border" data-testid="earning-row">
                  <td className="px-3 py-2 whitespace-nowrap">{longDate(`${r.date}T12:00:00Z`)}</td>
                  <td className="min-w-40 px-3 py-2">{r.venue_name}</td>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatCents(r.gross_cents)}</td>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatCents(r.charges_cents)}</td>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                    {r.refunds_cents ? `−${formatCents(r.refunds_cents)}` : formatCents(0)}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                    −{formatCents(r.fee_cents)}{' '}
                    <span className="text-xs text-muted-foreground">({r.fee_percent}%)</span>
                  </td>
                  <td className="px-3 py-2 font-semibold whitespace-nowrap tabular-nums">
                    {formatCents(r.net_cents)}
                  </td>
                  <td className="px-3 py-2">
                    <EarningStatus row={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PayoutList payouts={d.payouts} />
    </section>
  );
}
