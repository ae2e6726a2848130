import { Headphones, Sparkles, Wine, Zap } from 'lucide-react';
import { Container } from '@/web/components/Container';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatCount } from '@/web/lib/format';
import { useVenueStats } from './data';

function VenueCount() {
  const { data, isPending } = useVenueStats();
  if (isPending) return <Skeleton className="h-7 w-24" />;
  const n = data?.active_venues ?? 0;
  if (n === 0) {
    return (
      <span className="flex items-center gap-2 text-base font-semibold">
        <Sparkles className="size-5 shrink-0 text-accent-soft" aria-hidden="true" />
        Premium Venues Coming Soon
      </span>
    );
  }
  return (
    <span className="flex items-center gap-2 text-base font-semibold sm:text-lg">
      <Sparkles className="size-5 text-accent-soft" aria-hidden="true" />
      <span className="whitespace-nowrap">
        <span className="tabular-nums">{formatCount(n)}+</span> Premium Venues
      </span>
    </span>
  );
}

/** Home hero: headline, the instant booking / 24/7 support promises and the active venue count. */
export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-56 left-1/2 h-[36rem] w-[64rem] -translate-x-1/2 glow-purple"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute right-[-14rem] top-12 size-[26rem] glow-fuchsia"
      />
      <Container className="relative pb-12 pt-14 text-center sm:pb-16 sm:pt-24">
        <p className="inline-flex items-center gap-2 rounded-full border border-accent/30 bg-accent/10 px-4 py-1.5 text-xs font-semibold uppercase tracking-[0.16em] text-accent-soft">
          <Wine className="size-3.5" aria-hidden="true" />
          Book the night, not the hassle
        </p>
        <h1
          id="hero-heading"
          className="mx-auto mt-6 max-w-4xl font-display text-5xl font-semibold leading-[1.05] tracking-tight sm:text-7xl"
        >
          Premium Nightlife <span className="text-gradient">Venues</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground sm:text-xl">
          Discover the city&apos;s best bars, clubs and lounges, and book the perfect space for your next
          private event or night out.
        </p>

        <dl className="mx-auto mt-12 grid max-w-4xl grid-cols-1 gap-3 sm:grid-cols-3">
          <div className="flex items-center justify-center gap-3 rounded-2xl border border-border bg-surface/70 px-5 py-4 sm:flex-col sm:gap-1">
            <dt className="flex min-h-7 items-center">
              <VenueCount />
            </dt>
            <dd className="text-sm text-muted-foreground">Hand-picked bars and clubs</dd>
          </div>
          <div className="flex items-center justify-center gap-3 rounded-2xl border border-border bg-surface/70 px-5 py-4 sm:flex-col sm:gap-1">
            <dt className="flex items-center gap-2 text-base font-semibold sm:text-lg">
              <Zap className="size-5 text-accent-soft" aria-hidden="true" />
              Instant Booking
            </dt>
            <dd className="text-sm text-muted-foreground">Request in minutes</dd>
          </div>
          <div className="flex items-center justify-center gap-3 rounded-2xl border border-border bg-surface/70 px-5 py-4 sm:flex-col sm:gap-1">
            <dt className="flex items-center gap-2 text-base font-semibold sm:text-lg">
              <Headphones className="size-5 text-accent-soft" aria-hidden="true" />
              24/7 Support
            </dt>
            <dd className="text-sm text-muted-foreground">We&apos;re here day and night</dd>
          </div>
        </dl>
      </Container>
    </section>
  );
}
