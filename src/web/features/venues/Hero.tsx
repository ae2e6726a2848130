import type { ReactNode } from 'react';
import { ShieldCheck, Sparkles, Zap } from 'lucide-react';
import { Container } from '@/web/components/Container';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatCount } from '@/web/lib/format';
import { useVenueStats } from './data';

function VenueCount() {
  const { data, isPending } = useVenueStats();
  if (isPending) return <Skeleton className="h-5 w-32" />;
  const n = data?.active_venues ?? 0;
  if (n === 0) {
    return (
      <span className="flex items-center gap-1.5">
        <Sparkles className="size-4 shrink-0 text-accent-soft" aria-hidden="true" />
        Premium Venues Coming Soon
      </span>
    );
  }
  return (
    <span className="flex items-center gap-1.5">
      <Sparkles className="size-4 text-accent-soft" aria-hidden="true" />
      <span className="whitespace-nowrap">
        <span className="tabular-nums">{formatCount(n)}+</span> Premium Venues
      </span>
    </span>
  );
}

/** One fact of the hero: its title always shown, its detail from sm up (read aloud everywhere). */
function Fact({ title, detail }: { title: ReactNode; detail: string }) {
  return (
    <div className="flex items-center gap-2 text-sm sm:rounded-full sm:border sm:border-border sm:bg-surface/70 sm:px-4 sm:py-1.5">
      <dt className="flex min-h-6 items-center font-semibold">{title}</dt>
      <dd className="sr-only text-muted-foreground sm:not-sr-only">· {detail}</dd>
    </div>
  );
}

/**
 * Home hero: headline, what booking on Velvet is (a request the venue answers; payment once it
 * confirms; issue 31: no promise of instant booking or round-the-clock support) and the active
 * venue count — compact, so that the first venue cards sit in the first screen on a phone and
 * on a laptop (decision 78).
 */
export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-64 left-1/2 h-[28rem] w-[56rem] -translate-x-1/2 glow-purple"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute right-[-14rem] top-0 size-[20rem] glow-fuchsia"
      />
      <Container className="relative flex flex-col gap-3 pb-5 pt-6 sm:items-center sm:gap-4 sm:pb-8 sm:pt-10 sm:text-center">
        <h1
          id="hero-heading"
          className="font-display text-[1.75rem] font-semibold leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl"
        >
          Premium Nightlife <span className="text-gradient">Venues</span>
        </h1>
        <p className="max-w-2xl text-sm text-muted-foreground sm:text-lg">
          Discover the city&apos;s best bars, clubs and lounges, and book the perfect space for your next
          private event or night out.
        </p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 sm:justify-center sm:gap-2">
          <Fact title={<VenueCount />} detail="Hand-picked bars and clubs" />
          <Fact
            title={
              <>
                <Zap className="mr-1.5 size-4 text-accent-soft" aria-hidden="true" />
                Request in Minutes
              </>
            }
            detail="The venue approves or declines"
          />
          <Fact
            title={
              <>
                <ShieldCheck className="mr-1.5 size-4 text-accent-soft" aria-hidden="true" />
                Pay Once Confirmed
              </>
            }
            detail="No charge for a request"
          />
        </dl>
      </Container>
    </section>
  );
}
