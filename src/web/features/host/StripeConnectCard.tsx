/*
 * The host's Stripe payouts on the Earnings tab (decision 88, PAYMENT_PROVIDER=stripe): whether
 * Stripe sends them their payouts yet, and the button to Stripe's hosted onboarding — "Connect
 * payouts with Stripe" the first time, "Finish Stripe setup" while Stripe needs more details.
 */
import { useMutation } from '@tanstack/react-query';
import type { StripeConnectInfo, StripeOnboardingLink } from '@/domain/contract';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { api, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';

const BADGE = {
  not_connected: { tone: 'muted', text: 'Not connected' },
  needs_details: { tone: 'warning', text: 'Stripe needs more details' },
  payouts_enabled: { tone: 'success', text: 'Payouts enabled' },
} as const;

export function StripeConnectCard({
  info,
  go = (url) => window.location.assign(url),
}: {
  info: StripeConnectInfo;
  /** Where the browser goes with Stripe's link (tests watch it). */
  go?: (url: string) => void;
}) {
  const onboard = useMutation({
    mutationFn: () => api.post<StripeOnboardingLink>('/api/host/stripe-connect/onboarding'),
    onSuccess: (link) => go(link.url),
    onError: (error) => toast.error('Could not open Stripe', errorMessage(error, 'Please try again.')),
  });
  const badge = BADGE[info.status];
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-5" data-testid="stripe-connect">
      <div className="grid gap-1">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          Stripe payouts <Badge tone={badge.tone}>{badge.text}</Badge>
        </h3>
        <p className="text-sm text-muted-foreground">{info.message}</p>
      </div>
      {info.status !== 'payouts_enabled' && (
        <Button onClick={() => onboard.mutate()} disabled={onboard.isPending}>
          {info.status === 'not_connected' ? 'Connect payouts with Stripe' : 'Finish Stripe setup'}
        </Button>
      )}
    </Card>
  );
}
