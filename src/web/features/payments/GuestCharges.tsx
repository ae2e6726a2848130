/*
 * A guest booking card's additional charges (issue 30, decision 82): each with its amount and
 * reason, 'Dispute this charge' while the server says it can be disputed (48 hours, once), and
 * the dispute's state afterwards.
 */
import { lazy, Suspense, useState } from 'react';
import { Receipt } from 'lucide-react';
import { CHARGE_REASON_LABELS, type ChargeReason } from '@/domain/charges';
import type { GuestCharge } from '@/domain/contract/payments';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { useGuestCharges } from './disputes-api';
import { formatCents, formatDateTime } from './format';

const DisputeChargeDialog = lazy(() => import('./DisputeChargeDialog'));

const DISPUTE_STATE: Record<NonNullable<GuestCharge['dispute']>['status'], string> = {
  open: 'Disputed — under review',
  upheld: 'Dispute decided: charge upheld',
  refunded: 'Dispute decided: refunded',
};

export function GuestCharges({ bookingId }: { bookingId: string }) {
  const { data } = useGuestCharges();
  const charges = (data?.items ?? []).filter((c) => c.booking_id === bookingId);
  const [disputing, setDisputing] = useState<GuestCharge | null>(null);
  if (charges.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Additional charges" data-testid="guest-charges">
      {charges.map((c) => (
        <li
          key={c.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3 text-sm"
        >
          <div className="flex min-w-0 items-start gap-2">
            <Receipt className="mt-0.5 size-4 shrink-0 text-accent-soft" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-medium">
                Additional charge {formatCents(c.amount_cents)}
                {c.reason ? ` — ${CHARGE_REASON_LABELS[c.reason as ChargeReason] ?? c.reason}` : ''}
              </p>
              {c.description && <p className="break-words text-muted-foreground">{c.description}</p>}
              <p className="text-xs text-muted-foreground">
                Charged {formatDateTime(c.created_at)}
                {c.can_dispute ? ` · can be disputed until ${formatDateTime(c.dispute_until)}` : ''}
              </p>
              {c.dispute?.admin_note && (
                <p className="break-words text-xs text-muted-foreground">Note: {c.dispute.admin_note}</p>
              )}
            </div>
          </div>
          {c.dispute ? (
            <Badge
              tone={
                c.dispute.status === 'refunded'
                  ? 'success'
                  : c.dispute.status === 'open'
                    ? 'warning'
                    : 'muted'
              }
            >
              {DISPUTE_STATE[c.dispute.status]}
            </Badge>
          ) : c.can_dispute ? (
            <Button size="sm" variant="outline" onClick={() => setDisputing(c)}>
              Dispute this charge
            </Button>
          ) : null}
        </li>
      ))}
      {disputing && (
        <Suspense fallback={null}>
          <DisputeChargeDialog
            charge={disputing}
            open={Boolean(disputing)}
            onOpenChange={(open) => !open && setDisputing(null)}
          />
        </Suspense>
      )}
    </ul>
  );
}
