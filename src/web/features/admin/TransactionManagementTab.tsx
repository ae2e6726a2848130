/*
 * Admin "Transaction Management" tab (issue 9): every payment, card setup, additional charge and
 * refund with booking, venue, guest, amount, status, provider id and time — filtered and paged
 * by the server (GET /api/admin/transactions), filters kept in the URL so a view can be shared
 * or reloaded — and the venues' bank details, masked to the last 4 unless revealed.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Receipt } from 'lucide-react';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { LoadError } from '@/web/components/LoadError';
import {
  formatCents,
  formatDateTime,
  useTransactions,
  type Transaction,
  type TransactionFilters,
} from '@/web/features/payments';
import { BankDetailsPanel } from './BankDetailsPanel';
import { DisputesPanel } from './DisputesPanel';
import { ListSearch, ListSelect } from '@/web/components/ListControls';

const PAGE_SIZE = 20;

const KINDS = [
  { value: 'all', label: 'All types' },
  { value: 'payment', label: 'Payments' },
  { value: 'setup', label: 'Cards on file' },
  { value: 'additional_charge', label: 'Additional charges' },
  { value: 'refund', label: 'Refunds' },
] as const;

const STATUSES = [
  { value: 'all', label: 'All statuses' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'processing', label: 'Processing' },
  { value: 'requires_action', label: 'Requires action' },
  { value: 'requires_payment_method', label: 'Awaiting card' },
  { value: 'failed', label: 'Failed' },
  { value: 'canceled', label: 'Canceled' },
  { value: 'pending', label: 'Pending' },
] as const;

const KIND_LABELS: Record<string, string> = {
  payment: 'Payment',
  setup: 'Card on file',
  additional_charge: 'Additional charge',
  refund: 'Refund',
};

function statusTone(status: string): BadgeTone {
  if (status === 'succeeded') return 'success';
  if (status === 'failed' || status === 'canceled') return 'danger';
  if (status === 'processing' || status === 'pending') return 'info';
  return 'warning';
}

/** Filters live in the URL (tx_kind, tx_status, tx_q, tx_cursor) next to the tab parameter. */
function useTransactionParams() {
  const [params, setParams] = useSearchParams();
  const filters: TransactionFilters = {
    kind: params.get('tx_kind') ?? undefined,
    status: params.get('tx_status') ?? undefined,
    q: params.get('tx_q') ?? undefined,
    cursor: params.get('tx_cursor') ?? undefined,
    limit: PAGE_SIZE,
  };
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value && value !== 'all') next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return [filters, update] as const;
}

export function TransactionManagementTab() {
  const [filters, update] = useTransactionParams();
  // Cursors of the pages before this one, for "Previous".
  const [previous, setPrevious] = useState<string[]>([]);
  const transactions = useTransactions(filters);

  const setFilter = (key: 'tx_kind' | 'tx_status', value: string) => {
    setPrevious([]);
    update({ [key]: value, tx_cursor: null });
  };

  const data = transactions.data;
  return (
    <div className="flex flex-col gap-10">
      <DisputesPanel />
      <section aria-labelledby="transactions-heading" className="flex flex-col gap-5">
        <div>
          <h2 id="transactions-heading" className="text-xl font-semibold">
            Transactions
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Every payment, card on file, additional charge and refund, newest first.
          </p>
        </div>
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <ListSearch
            value={filters.q ?? ''}
            onChange={(q) => {
              setPrevious([]);
              update({ tx_q: q || null, tx_cursor: null });
            }}
            label="Search transactions"
            placeholder="Search venue, guest, booking or provider id"
          />
          <div className="grid grid-cols-2 gap-3 sm:flex">
            <ListSelect
              value={filters.kind ?? 'all'}
              onChange={(v) => setFilter('tx_kind', v)}
              options={KINDS}
              label="Filter by type"
            />
            <ListSelect
              value={filters.status ?? 'all'}
              onChange={(v) => setFilter('tx_status', v)}
              options={STATUSES}
              label="Filter by status"
              className="sm:w-44"
            />
          </div>
          {data && (
            <p className="text-sm text-muted-foreground lg:ml-auto" aria-live="polite">
              {data.total} {data.total === 1 ? 'transaction' : 'transactions'}
            </p>
          )}
        </div>

        {transactions.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading transactions">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : transactions.isError ? (
          <LoadError message="Failed to load transactions." onRetry={() => void transactions.refetch()} />
        ) : data!.items.length === 0 ? (
          <EmptyState
            icon={Receipt}
            title={
              filters.kind || filters.status || filters.q ? 'No transactions match' : 'No transactions yet'
            }
            description={
              filters.kind || filters.status || filters.q
                ? 'Try another search, type or status.'
                : 'Card payments, cards on file, additional charges and refunds will appear here.'
            }
          />
        ) : (
          <>
            <TransactionTable items={data!.items} stale={transactions.isPlaceholderData} />
            {(previous.length > 0 || data!.next_cursor) && (
              <div className="flex items-center justify-end gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={previous.length === 0}
                  onClick={() => {
                    const before = previous.slice(0, -1);
                    const cursor = previous[previous.length - 1] || null;
                    setPrevious(before);
                    update({ tx_cursor: cursor });
                  }}
                >
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!data!.next_cursor}
                  onClick={() => {
                    setPrevious((p) => [...p, filters.cursor ?? '']);
                    update({ tx_cursor: data!.next_cursor });
                  }}
                >
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
            )}
          </>
        )}
      </section>

      <BankDetailsPanel />
    </div>
  );
}

function TransactionTable({ items, stale }: { items: Transaction[]; stale: boolean }) {
  return (
    <Card className={stale ? 'opacity-70 transition-opacity' : undefined}>
      {/* Wide screens: a table. Phones: one stacked row per transaction. */}
      <table className="hidden w-full text-left text-sm lg:table" aria-label="Transactions">
        <thead className="border-b border-border text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th className="px-5 py-3 font-medium">Time</th>
            <th className="px-3 py-3 font-medium">Type</th>
            <th className="px-3 py-3 font-medium">Booking / venue</th>
            <th className="px-3 py-3 font-medium">Guest</th>
            <th className="px-3 py-3 text-right font-medium">Amount</th>
            <th className="px-3 py-3 font-medium">Status</th>
            <th className="px-5 py-3 font-medium">Provider id</th>
          </tr>
        </thead>
        <tbody>
          {items.map((t) => (
            <tr
              key={`${t.kind}-${t.id}`}
              className="border-b border-border/60 last:border-0"
              data-testid="transaction"
            >
              <td className="whitespace-nowrap px-5 py-3 text-muted-foreground">
                {formatDateTime(t.created_at)}
              </td>
              <td className="px-3 py-3">{KIND_LABELS[t.kind] ?? t.kind}</td>
              <td className="max-w-56 px-3 py-3">
                <p className="truncate font-medium" title={t.venue.name}>
                  {t.venue.name}
                </p>
                <p className="font-mono text-xs text-muted-foreground">#{t.booking_id.slice(0, 8)}</p>
              </td>
              <td className="max-w-56 px-3 py-3">
                <p className="truncate" title={t.guest.full_name || 'Guest'}>
                  {t.guest.full_name || 'Guest'}
                </p>
                <p className="truncate text-xs text-muted-foreground" title={t.guest.email}>
                  {t.guest.email}
                </p>
              </td>
              <td className="whitespace-nowrap px-3 py-3 text-right font-semibold tabular-nums">
                {t.kind === 'refund' ? '−' : ''}
                {formatCents(t.amount_cents)}
              </td>
              <td className="px-3 py-3">
                <Badge tone={statusTone(t.status)}>{t.status.replace(/_/g, ' ')}</Badge>
                {t.failure_code && <p className="mt-1 font-mono text-xs text-danger">{t.failure_code}</p>}
              </td>
              <td className="max-w-44 px-5 py-3">
                <span
                  className="block truncate font-mono text-xs text-muted-foreground"
                  title={`${t.provider}:${t.provider_id ?? '—'}`}
                >
                  {t.provider}:{t.provider_id ?? '—'}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-border lg:hidden" aria-label="Transactions">
        {items.map((t) => (
          <li key={`${t.kind}-${t.id}`} className="flex flex-col gap-2 p-4 text-sm" data-testid="transaction">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold">{KIND_LABELS[t.kind] ?? t.kind}</p>
                <p className="truncate text-muted-foreground" title={t.venue.name}>
                  {t.venue.name} · <span className="font-mono">#{t.booking_id.slice(0, 8)}</span>
                </p>
              </div>
              <p className="shrink-0 font-semibold tabular-nums">
                {t.kind === 'refund' ? '−' : ''}
                {formatCents(t.amount_cents)}
              </p>
            </div>
            <p
              className="truncate text-muted-foreground"
              title={`${t.guest.full_name || 'Guest'} · ${t.guest.email}`}
            >
              {t.guest.full_name || 'Guest'} · {t.guest.email}
            </p>
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge tone={statusTone(t.status)}>{t.status.replace(/_/g, ' ')}</Badge>
              {t.failure_code && <span className="font-mono text-danger">{t.failure_code}</span>}
              <span>{formatDateTime(t.created_at)}</span>
              <span className="min-w-0 truncate font-mono" title={`${t.provider}:${t.provider_id ?? '—'}`}>
                {t.provider}:{t.provider_id ?? '—'}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
