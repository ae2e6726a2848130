/*
 * Venues' bank details for the admin (issue 9): account, routing and tax numbers masked to their
 * last 4; Reveal asks the server for one venue's full numbers (each reveal is logged there) and
 * Hide forgets them again.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Eye, EyeOff, Landmark, Loader2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { LoadError } from '@/web/components/LoadError';
import {
  paymentsApi,
  useBankDetails,
  type MaskedBankDetails,
  type RevealedBankDetails,
} from '@/web/features/payments';
import { toast } from '@/web/lib/toast';
import { TwoFactorRequired, twoFactorRequiredMessage } from '@/web/components/TwoFactorRequired';
import { ListSearch } from '@/web/components/ListControls';

const masked = (last4: string | null) => (last4 ? `•••• ${last4}` : '—');

export function BankDetailsPanel() {
  const [q, setQ] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const details = useBankDetails(q, cursor);

  return (
    <section aria-labelledby="bank-heading" className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="bank-heading" className="text-xl font-semibold">
            Bank Details
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Where each venue is paid after its events. Numbers are masked; revealing one is logged.
          </p>
        </div>
        <ListSearch
          value={q}
          onChange={(text) => {
            setQ(text);
            setCursors([]);
          }}
          label="Search bank details"
          placeholder="Search venue or host"
        />
      </div>
      {details.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading bank details">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : details.isError ? (
        <LoadError message="Failed to load bank details." onRetry={() => void details.refetch()} />
      ) : details.data.items.length === 0 ? (
        <EmptyState
          icon={Landmark}
          title="No bank details"
          description="Venues' payout accounts will appear here."
        />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label="Venue bank details">
            {details.data.items.map((item) => (
              <li key={item.venue_id}>
                <BankDetailsCard item={item} />
              </li>
            ))}
          </ul>
          {(cursors.length > 0 || details.data.next_cursor) && (
            <div className="flex justify-end gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={cursors.length === 0}
                onClick={() => setCursors((c) => c.slice(0, -1))}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!details.data.next_cursor}
                onClick={() => setCursors((c) => [...c, details.data.next_cursor!])}
              >
                Next
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function BankDetailsCard({ item }: { item: MaskedBankDetails }) {
  const [revealed, setRevealed] = useState<RevealedBankDetails | null>(null);
  const reveal = useMutation({
    mutationFn: () => paymentsApi.revealBankDetails(item.venue_id),
    onSuccess: setRevealed,
    onError: (error) => {
      if (!twoFactorRequiredMessage(error)) toast.error('Failed to reveal bank details.');
    },
  });
  const needsTwoFactor = twoFactorRequiredMessage(reveal.error);

  const rows: Array<[string, string]> = [
    ['Account holder', (revealed?.bank_account_holder_name ?? item.bank_account_holder_name) || '—'],
    ['Account number', revealed ? revealed.bank_account_number || '—' : masked(item.bank_account_last4)],
    ['Routing number', revealed ? revealed.bank_routing_number || '—' : masked(item.bank_routing_last4)],
    ['Tax id', revealed ? revealed.tax_id || '—' : masked(item.tax_id_last4)],
  ];

  return (
    <Card className="flex h-full flex-col gap-4 p-5" data-testid="bank-details" data-venue-id={item.venue_id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold" title={item.venue_name}>
            {item.venue_name}
          </p>
          <p className="truncate text-sm text-muted-foreground" title={item.host_name || 'Host'}>
            {item.host_name || 'Host'}
          </p>
        </div>
        {revealed ? (
          <Button variant="ghost" size="sm" onClick={() => setRevealed(null)}>
            <EyeOff aria-hidden="true" />
            Hide
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={() => reveal.mutate()} disabled={reveal.isPending}>
            {reveal.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Eye aria-hidden="true" />
            )}
            Reveal
          </Button>
        )}
      </div>
      {needsTwoFactor && <TwoFactorRequired message={needsTwoFactor} />}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd
              className={`min-w-0 truncate text-right ${label === 'Account holder' ? '' : 'font-mono'}`}
              title={typeof value === 'string' ? value : undefined}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
