/*
 * Transaction Management › Disputes (issue 30, decision 82): disputed additional charges, open
 * first, each with the guest's reason and Uphold / Refund; decided ones with their outcome.
 */
import { lazy, Suspense, useState } from 'react';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { LoadError } from '@/web/components/LoadError';
import {
  formatCents,
  formatDateTime,
  useAdminDisputes,
  type ChargeDisputeItem,
} from '@/web/features/payments';

const DisputeDecideDialog = lazy(() => import('./DisputeDecideDialog'));

const STATUS: Record<ChargeDisputeItem['status'], { label: string; tone: 'warning' | 'muted' | 'success' }> =
  {
    open: { label: 'Open', tone: 'warning' },
    upheld: { label: 'Upheld', tone: 'muted' },
    refunded: { label: 'Refunded', tone: 'success' },
  };

export function DisputesPanel() {
  const { data, isPending, isError, refetch } = useAdminDisputes();
  const [deciding, setDeciding] = useState<{
    dispute: ChargeDisputeItem;
    decision: 'uphold' | 'refund';
  } | null>(null);
  const items = data?.items ?? [];
  const open = items.filter((d) => d.status === 'open').length;
  return (
    <section aria-labelledby="disputes-heading" className="flex flex-col gap-4" data-testid="disputes-panel">
      <div>
        <h2 id="disputes-heading" className="text-xl font-semibold">
          Disputes
        </h2>
        <p className="text-sm text-muted-foreground">
          Additional charges guests disputed within 48 hours. {open > 0 ? `${open} open.` : 'None open.'}
        </p>
      </div>
      {isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : isError ? (
        <LoadError message="Could not load the disputes." onRetry={() => void refetch()} />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No disputed charges.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((d) => (
            <li key={d.id}>
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-words">
                    {formatCents(d.amount_cents)} at {d.venue_name}
                    {d.charge_description ? ` — ${d.charge_description}` : ''}
                  </p>
                  <p className="text-muted-foreground break-words">
                    {d.guest_name || d.guest_email} · disputed {formatDateTime(d.created_at)} · booking{' '}
                    {d.booking_id.slice(0, 8)}
                  </p>
                  <p className="mt-1 break-words whitespace-pre-line">“{d.reason}”</p>
                  {d.admin_note && (
                    <p className="mt-1 break-words text-muted-foreground">Note: {d.admin_note}</p>
                  )}
                </div>
                <div className="flex shrink-0 flex-wrap items-center gap-2">
                  <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge>
                  {d.status === 'open' && (
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setDeciding({ dispute: d, decision: 'uphold' })}
                      >
                        Uphold
                      </Button>
                      <Button size="sm" onClick={() => setDeciding({ dispute: d, decision: 'refund' })}>
                        Refund
                      </Button>
                    </>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {deciding && (
        <Suspense fallback={null}>
          <DisputeDecideDialog
            dispute={deciding.dispute}
            decision={deciding.decision}
            onClose={() => setDeciding(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
