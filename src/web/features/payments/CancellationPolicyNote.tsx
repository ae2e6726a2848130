import { ShieldCheck } from 'lucide-react';
import { cn } from '@/web/lib/utils';
import { CANCELLATION_POLICY_LABELS, CANCELLATION_POLICY_SUMMARIES, policyOf } from './format';

/** The venue's cancellation policy in one line (venue page, booking request dialog). */
export function CancellationPolicyNote({
  policy,
  className,
}: {
  policy: string | null | undefined;
  className?: string;
}) {
  const p = policyOf(policy);
  return (
    <p className={cn('flex items-start gap-2 text-sm', className)} data-testid="cancellation-policy">
      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-accent-soft" aria-hidden="true" />
      <span>
        <span className="font-semibold">{CANCELLATION_POLICY_LABELS[p]} cancellation</span>
        <span className="text-muted-foreground"> — {CANCELLATION_POLICY_SUMMARIES[p]}</span>
      </span>
    </p>
  );
}
