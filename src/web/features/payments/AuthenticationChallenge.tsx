/*
 * The bank's authentication step (3-D Secure) as the local processor stages it: the guest
 * completes or fails it, and the processor answers as a real issuer would.
 */
import { ShieldCheck } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { formatCents } from './format';

export function AuthenticationChallenge({
  open,
  amountCents,
  isMinimumSpend,
  pending,
  onOutcome,
}: {
  open: boolean;
  amountCents: number;
  isMinimumSpend: boolean;
  pending: boolean;
  onOutcome: (outcome: 'complete' | 'fail') => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing the bank's window counts as failing the check, as with a real issuer.
        if (!next && !pending) onOutcome('fail');
      }}
    >
      <DialogContent className="max-w-sm" hideClose data-testid="authentication-challenge">
        <DialogHeader className="items-center pr-0 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-info/15 text-info">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle className="mt-2">Confirm with your bank</DialogTitle>
          <DialogDescription>
            {isMinimumSpend
              ? 'Your bank asks you to confirm saving this card with Velvet. Nothing is charged now.'
              : `Your bank asks you to confirm this payment of ${formatCents(amountCents)} to Velvet.`}
          </DialogDescription>
        </DialogHeader>
        <p className="rounded-xl border border-border bg-surface-raised/60 px-4 py-3 text-center text-xs text-muted-foreground">
          Test bank — this step stands in for your bank&apos;s own verification page.
        </p>
        <DialogFooter className="sm:justify-center">
          <Button variant="outline" disabled={pending} onClick={() => onOutcome('fail')}>
            Fail authentication
          </Button>
          <Button disabled={pending} onClick={() => onOutcome('complete')}>
            Complete authentication
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
