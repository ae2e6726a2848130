/*
 * Dispute this charge (issue 30, decision 82): the guest says why, in 10 to 1000 characters; the
 * server checks the 48 hours and that it is not already disputed. Default export: loaded lazily.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { DISPUTE_REASON_MAX, DISPUTE_REASON_MIN } from '@/domain/charges';
import { disputeChargeSchema } from '@/domain/schemas';
import type { GuestCharge } from '@/domain/contract/payments';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Textarea } from '@/web/components/ui/textarea';
import { isApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { disputesApi, invalidateDisputeViews } from './disputes-api';
import { formatCents } from './format';

export default function DisputeChargeDialog({
  charge,
  open,
  onOpenChange,
}: {
  charge: GuestCharge;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dispute = useMutation({
    mutationFn: (text: string) => disputesApi.dispute(charge.id, text),
    onSuccess: () => {
      toast.success(
        'Charge disputed',
        'Velvet support will review it; you will get an email with the outcome.',
      );
      onOpenChange(false);
      setReason('');
    },
    onError: (e) => setError(isApiError(e) ? e.message : 'Could not send the dispute. Please try again.'),
    onSettled: () => invalidateDisputeViews(queryClient),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = disputeChargeSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid reason.');
      return;
    }
    setError(null);
    dispute.mutate(parsed.data.reason);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !dispute.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-lg" data-testid="dispute-dialog">
        <DialogHeader>
          <DialogTitle>Dispute this charge</DialogTitle>
          <DialogDescription>
            {charge.venue_name} charged {formatCents(charge.amount_cents)}
            {charge.description ? ` for “${charge.description}”` : ''}. Tell Velvet support why you think it
            is wrong; they will uphold it or refund it.
          </DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} noValidate className="grid gap-4">
          <FormField
            id={`${id}-reason`}
            label="Reason"
            error={error ?? undefined}
            hint={`${DISPUTE_REASON_MIN}–${DISPUTE_REASON_MAX} characters.`}
          >
            <Textarea
              rows={4}
              value={reason}
              maxLength={DISPUTE_REASON_MAX}
              onChange={(e) => setReason(e.target.value)}
            />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={dispute.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={dispute.isPending}>
            {dispute.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Send dispute
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
