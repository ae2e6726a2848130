/*
 * The final step of Report Additional Charge (issue 30): the host reads back the amount, the guest
 * and the reason, and only Confirm charges the card; Back returns to the form as it was filled.
 */
import { Loader2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { DialogFooter } from '@/web/components/ui/dialog';
import { formatCents } from './format';

export function ChargeConfirmStep({
  amountCents,
  guestName,
  reason,
  pending,
  onBack,
  onConfirm,
}: {
  amountCents: number;
  guestName: string;
  reason: string;
  pending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className="grid gap-4" data-testid="charge-confirm">
      <p className="rounded-md border border-border bg-muted/40 p-4 text-base font-medium break-words">
        Charge {formatCents(amountCents)} to {guestName}&apos;s card for {reason}?
      </p>
      <p className="text-sm text-muted-foreground">
        The guest is emailed the amount and reason and can dispute the charge within 48 hours.
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button onClick={onConfirm} disabled={pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Confirm
        </Button>
      </DialogFooter>
    </div>
  );
}
