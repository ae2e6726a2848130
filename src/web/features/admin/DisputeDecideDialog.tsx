/*
 * Uphold or refund a disputed charge (issue 30, decision 82), with an optional note the guest and
 * the host read in their email. Default export: loaded lazily.
 */
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
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
import {
  disputesApi,
  formatCents,
  invalidateDisputeViews,
  type ChargeDisputeItem,
} from '@/web/features/payments';

export default function DisputeDecideDialog({
  dispute,
  decision,
  onClose,
}: {
  dispute: ChargeDisputeItem;
  decision: 'uphold' | 'refund';
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const amount = formatCents(dispute.amount_cents);
  const decide = useMutation({
    mutationFn: () => disputesApi.decide(dispute.id, decision, note),
    onSuccess: () => {
      toast.success(
        decision === 'refund' ? `Refunded ${amount}` : 'Charge upheld',
        'The guest and the host were emailed.',
      );
      onClose();
    },
    onError: (e) => setError(isApiError(e) ? e.message : 'Could not save the decision. Please try again.'),
    onSettled: () => invalidateDisputeViews(queryClient),
  });
  return (
    <Dialog open onOpenChange={(next) => !next && !decide.isPending && onClose()}>
      <DialogContent className="max-w-lg" data-testid="dispute-decide-dialog">
        <DialogHeader>
          <DialogTitle>{decision === 'refund' ? `Refund ${amount}?` : 'Uphold the charge?'}</DialogTitle>
          <DialogDescription>
            {decision === 'refund'
              ? `The full ${amount} goes back to ${dispute.guest_name || dispute.guest_email}'s card.`
              : `The charge of ${amount} stands.`}{' '}
            The guest and the host are emailed the outcome.
          </DialogDescription>
        </DialogHeader>
        <FormField id={`${id}-note`} label="Note (optional)" error={error ?? undefined}>
          <Textarea rows={3} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button
            variant={decision === 'refund' ? 'default' : 'outline'}
            onClick={() => decide.mutate()}
            disabled={decide.isPending}
          >
            {decide.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {decision === 'refund' ? 'Refund' : 'Uphold'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
