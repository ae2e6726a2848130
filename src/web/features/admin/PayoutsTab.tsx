/*
 * The admin's Payouts section (issue 29, decision 0079): the platform fee of new bookings; each
 * host's balances with the bank account's last 4 digits, and "Record payout" with the bank's
 * reference (the server pays the whole available balance, atomically, and emails the host);
 * recent payouts and a CSV batch for the bank; the monthly report and its reconciliation, whose
 * difference is an alarm, never hidden, and the ledger's own check beside it (decision 83): its
 * entries sum to zero and each host's payable is their earnings. Kept live by the change feed
 * (payments and payouts).
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Landmark, Loader2, Send } from 'lucide-react';
import type { AdminPayouts, HostBalance, MoneyReport, PayoutRecord } from '@/domain/contract';
import { formatCents } from '@/domain/payments';
import { PLATFORM_FEE_MESSAGE, platformFeeSchema, recordPayoutSchema } from '@/domain/schemas';
import { DateRangeDownload } from '@/web/components/DateRangeDownload';
import { LoadError } from '@/web/components/LoadError';
import { TwoFactorRequired, twoFactorRequiredMessage } from '@/web/components/TwoFactorRequired';
import { MonthlyBarChart, monthLabel } from '@/web/components/MonthlyBarChart';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { api, errorMessage } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';
import { toast } from '@/web/lib/toast';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const account = (last4: string | null) => (last4 ? `•••• ${last4}` : 'No bank account');

function usePayouts() {
  return useQuery({
    queryKey: queryKeys.admin.payouts,
    queryFn: ({ signal }) => api.get<AdminPayouts>('/api/admin/payouts', { signal }),
  });
}

function useMoneyReport() {
  return useQuery({
    queryKey: queryKeys.admin.money,
    queryFn: ({ signal }) => api.get<MoneyReport>('/api/admin/money', { signal }),
  });
}

function FeeForm({ data }: { data: AdminPayouts }) {
  const client = useQueryClient();
  const [value, setValue] = useState(String(data.fee_percent));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (percent: number) => api.put<{ fee_percent: number }>('/api/admin/platform-fee', { percent }),
    onSuccess: (r) => {
      toast.success('Platform fee saved', `Bookings requested from now on pay ${r.fee_percent}%.`);
      void client.invalidateQueries({ queryKey: queryKeys.admin.payouts });
    },
    onError: (e) => setError(errorMessage(e, 'Could not save the fee.')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = platformFeeSchema.safeParse({ percent: value.trim() === '' ? NaN : Number(value) });
    if (!parsed.success) {
      setError(PLATFORM_FEE_MESSAGE);
      return;
    }
    setError(null);
    save.mutate(parsed.data.percent);
  };
  return (
    <Card className="grid gap-3 p-5">
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <div className="grid gap-1.5">
          <Label htmlFor="platform-fee">Platform fee of new bookings (%)</Label>
          <Input
            id="platform-fee"
            inputMode="decimal"
            className="sm:w-40"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby="platform-fee-note"
          />
        </div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Save fee
        </Button>
      </form>
      <p id="platform-fee-note" className={error ? 'text-sm text-danger' : 'text-sm text-muted-foreground'}>
        {error ??
          `Taken from the host's side of each booking's money. Each booking keeps the rate it was requested at (default ${data.default_fee_percent}%). Earnings are available ${data.hold_days} days after each event.`}
      </p>
    </Card>
  );
}

function RecordPayoutDialog({ host, onClose }: { host: HostBalance | null; onClose: () => void }) {
  const client = useQueryClient();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const record = useMutation({
    mutationFn: (body: { host_id: string; bank_reference: string }) =>
      api.post<PayoutRecord>('/api/admin/payouts', body, {
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    onSuccess: (p) => {
      toast.success(
        'Payout recorded',
        `${formatCents(p.amount_cents)} to ${p.host_name}. They have been emailed.`,
      );
      void client.invalidateQueries({ queryKey: queryKeys.admin.payouts });
      void client.invalidateQueries({ queryKey: queryKeys.admin.money });
      setReference('');
      onClose();
    },
    onError: (e) => setError(errorMessage(e, 'Could not record the payout.')),
  });
  const close = () => {
    if (record.isPending) return;
    setReference('');
    setError(null);
    record.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!host) return;
    const parsed = recordPayoutSchema.safeParse({ host_id: host.host_id, bank_reference: reference });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the bank reference.');
      return;
    }
    setError(null);
    record.mutate(parsed.data);
  };
  return (
    <Dialog open={host !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Record a payout to {host?.host_name}</DialogTitle>
            <DialogDescription>
              Send {host ? formatCents(host.available_cents) : ''} to{' '}
              {host ? account(host.bank_account_last4) : ''} by bank transfer first, then record it here with
              the bank&apos;s reference. The host&apos;s available earnings become paid out and they are
              emailed.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="payout-reference">Bank reference</Label>
            <Input
              id="payout-reference"
              value={reference}
              maxLength={100}
              onChange={(e) => setReference(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'payout-reference-error' : undefined}
              disabled={record.isPending}
            />
            {error && !twoFactorRequiredMessage(record.error) && (
              <p id="payout-reference-error" className="text-sm text-danger">
                {error}
              </p>
            )}
          </div>
          {twoFactorRequiredMessage(record.error) && (
            <TwoFactorRequired message={twoFactorRequiredMessage(record.error)!} />
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={close} disabled={record.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Send aria-hidden="true" />
              )}
              Record payout
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Balances({ data }: { data: AdminPayouts }) {
  const [paying, setPaying] = useState<HostBalance | null>(null);
  return (
    <section aria-labelledby="balances-heading" className="grid gap-3">
      <h3 id="balances-heading" className="text-lg font-semibold">
        Host balances
      </h3>
      {data.balances.length === 0 ? (
        <EmptyState icon={Landmark} title="No host money yet" description="Paid bookings appear here." />
      ) : (
        <ul className="grid gap-3" aria-label="Host balances">
          {data.balances.map((b) => (
            <li key={b.host_id} data-testid="host-balance">
              <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{b.host_name}</p>
                  <p className="text-sm text-muted-foreground break-all">{b.host_email}</p>
                  <p className="text-sm text-muted-foreground">{account(b.bank_account_last4)}</p>
                </div>
                <dl className="grid grid-cols-3 gap-3 text-sm md:gap-6">
                  <div>
                    <dt className="text-muted-foreground">Available</dt>
                    <dd className="font-semibold tabular-nums" data-testid="balance-available">
                      {formatCents(b.available_cents)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Pending</dt>
                    <dd className="tabular-nums">{formatCents(b.pending_cents)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Paid out</dt>
                    <dd className="tabular-nums">{formatCents(b.paid_out_cents)}</dd>
                  </div>
                </dl>
                <Button
                  onClick={() => setPaying(b)}
                  disabled={b.available_cents <= 0}
                  aria-label={`Record payout to ${b.host_name}`}
                >
                  <Send aria-hidden="true" />
                  Record payout
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <RecordPayoutDialog host={paying} onClose={() => setPaying(null)} />
    </section>
  );
}

function RecentPayouts({ payouts }: { payouts: PayoutRecord[] }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <section aria-labelledby="payouts-heading" className="grid gap-3">
      <h3 id="payouts-heading" className="text-lg font-semibold">
        Recent payouts
      </h3>
      <Card className="p-4">
        <DateRangeDownload
          id="payouts"
          from={from}
          to={to}
          onFrom={setFrom}
          onTo={setTo}
          csvPath="/api/admin/payouts.csv"
          label="Download payouts (CSV)"
        />
      </Card>
      {payouts.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payouts recorded yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Recent payouts">
          {payouts.map((p) => (
            <li key={p.id} data-testid="admin-payout">
              <Card className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
                <span className="font-semibold tabular-nums">{formatCents(p.amount_cents)}</span>
                <span className="min-w-0 break-words text-muted-foreground">
                  {p.host_name} · {account(p.bank_account_last4)} · reference {p.bank_reference} ·{' '}
                  {longDate(p.created_at)}
                </span>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The ledger's own check (decision 83): balanced, or the alarm with what differs. */
function LedgerCheck({ ledger }: { ledger: MoneyReport['reconciliation']['ledger'] }) {
  if (ledger.balanced) {
    return (
      <p
        className="flex items-start gap-2 rounded-xl border border-border bg-surface p-4 text-sm"
        data-testid="ledger-check"
      >
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        <span>
          The ledger balances: its entries sum to {formatCents(0)}, and each host’s payable in it (
          {formatCents(ledger.host_payable_cents)} in all) is what their earnings say they are owed.
        </span>
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-xl border border-danger bg-danger/10 p-4 text-sm"
      data-testid="ledger-check"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
      <div className="grid gap-1">
        <p>
          The ledger does not match
          {ledger.total_cents !== 0
            ? `: its entries sum to ${formatCents(ledger.total_cents)}, not $0.00`
            : ''}
          .
        </p>
        {ledger.host_mismatches.length > 0 && (
          <ul className="list-disc pl-5">
            {ledger.host_mismatches.map((m) => (
              <li key={m.host_id}>
                {m.host_name || m.host_id}: {formatCents(m.ledger_cents)} payable in the ledger,{' '}
                {formatCents(m.derived_cents)} owed by their earnings.
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function Report() {
  const report = useMoneyReport();
  if (report.isPending) return <Skeleton className="h-64" />;
  if (report.isError) {
    return <LoadError message="Could not load the money report." onRetry={() => void report.refetch()} />;
  }
  const { months, reconciliation: r } = report.data;
  const head = ['Month', 'Gross', 'Extra charges', 'Refunds', 'Fees earned', 'Payouts'];
  return (
    <section aria-labelledby="report-heading" className="grid gap-3">
      <h3 id="report-heading" className="text-lg font-semibold">
        Monthly report
      </h3>
      {r.balanced ? (
        <p
          className="flex items-start gap-2 rounded-xl border border-border bg-surface p-4 text-sm"
          data-testid="reconciliation"
        >
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <span>
            The books balance: {formatCents(r.captured_cents)} captured = {formatCents(r.refunded_cents)}{' '}
            refunded + {formatCents(r.fees_cents)} fees + {formatCents(r.host_balances_cents)} owed to hosts +{' '}
            {formatCents(r.paid_out_cents)} paid out.
          </span>
        </p>
      ) : (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-danger bg-danger/10 p-4 text-sm"
          data-testid="reconciliation"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
          <span>
            Out of balance by {formatCents(r.difference_cents)}: {formatCents(r.captured_cents)} captured, but{' '}
            {formatCents(r.refunded_cents)} refunded + {formatCents(r.fees_cents)} fees +{' '}
            {formatCents(r.host_balances_cents)} owed to hosts + {formatCents(r.paid_out_cents)} paid out.
          </span>
        </p>
      )}
      <LedgerCheck ledger={r.ledger} />
      {months.length > 0 && (
        <Card className="grid gap-4 p-5">
          <MonthlyBarChart
            id="fees-chart"
            title="Fees earned per month"
            months={months.map((m) => ({ month: m.month, cents: m.fees_cents }))}
          />
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">Money per month</caption>
              <thead className="text-muted-foreground">
                <tr>
                  {head.map((h) => (
                    <th key={h} scope="col" className="px-2 py-1 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.month} className="border-t border-border">
                    <th scope="row" className="px-2 py-1 text-left font-normal">
                      {monthLabel(m.month)}
                    </th>
                    {[m.gross_cents, m.charges_cents, m.refunds_cents, m.fees_cents, m.payouts_cents].map(
                      (c, i) => (
                        <td key={head[i + 1]} className="px-2 py-1 tabular-nums">
                          {formatCents(c)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </section>
  );
}

export function PayoutsTab() {
  const payouts = usePayouts();
  return (
    <section aria-labelledby="admin-payouts-heading" className="grid gap-8">
      <div className="flex flex-col gap-1">
        <h2 id="admin-payouts-heading" className="text-xl font-semibold">
          Payouts
        </h2>
        <p className="text-sm text-muted-foreground">
          What Velvet keeps, what each host is owed, and the payouts that settle it.
        </p>
      </div>
      {payouts.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only" role="status">
            Loading payouts
          </span>
          <Skeleton className="h-24" />
          <Skeleton className="h-40" />
        </div>
      ) : payouts.isError ? (
        <LoadError message="Could not load payouts." onRetry={() => void payouts.refetch()} />
      ) : (
        <>
          <FeeForm key={payouts.data.fee_percent} data={payouts.data} />
          <Balances data={payouts.data} />
          <RecentPayouts payouts={payouts.data.payouts} />
        </>
      )}
      <Report />
    </section>
  );
}
