/*
 * /venue/:id — venue detail and booking (SPEC §2 "Venue detail"). Active venues for everyone;
 * the owner and the admin may preview an inactive one. The booking column is the bookings
 * feature's <BookingPanel>.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  CalendarDays,
  Clock,
  CreditCard,
  Eye,
  MapPin,
  MessageSquare,
  Pencil,
  SearchX,
  Sparkles,
  Users,
} from 'lucide-react';
import { amenityLabel, sortAmenities } from '@/domain/amenities';
import { WEEK_DAYS, dayLabel, formatDayHours, normalizeWeeklyHours } from '@/domain/hours';
import { PRICING_TYPE_LABELS, formatPriceWithUnit, formatUsdCompact } from '@/domain/pricing';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Container } from '@/web/components/Container';
import { DocumentTitle } from '@/web/components/DocumentTitle';
import { isApiError } from '@/web/lib/api';
import { formatCount } from '@/web/lib/format';
import { useLiveEvents } from '@/web/lib/live';
import { toast } from '@/web/lib/toast';
import { cn } from '@/web/lib/utils';
import { useAuth } from '@/web/features/auth/useAuth';
import { BookingPanel } from '@/web/features/bookings/BookingPanel';
import { amenityIcon } from '@/web/features/venues/amenityIcons';
import { venueKeys, venuesApi } from '@/web/features/venues/api';
import type { Venue } from '@/web/features/venues/types';
import { VenueGallery } from '@/web/features/venues/VenueGallery';
// Imported from its own module: the payments feature's index would pull its panels in too.
import { CancellationPolicyNote } from '@/web/features/payments/CancellationPolicyNote';

export default function VenueDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const venue = useQuery({
    queryKey: venueKeys.detail(id),
    queryFn: ({ signal }) => venuesApi.get(id, signal),
    enabled: id !== '',
  });
  // A change to this venue (edited, approved, deactivated, removed) refreshes the page.
  const queryClient = useQueryClient();
  useLiveEvents('venue', (event) => {
    if (event.id === id) void queryClient.invalidateQueries({ queryKey: venueKeys.detail(id) });
  });

  const notFound = id === '' || (isApiError(venue.error) && venue.error.status === 404);
  const failed = venue.isError && !venue.data && !notFound;
  const reported = useRef(false);
  useEffect(() => {
    if (!failed || reported.current) return;
    reported.current = true;
    console.error('Failed to load venue details', venue.error);
    toast.error('Failed to load venue details.');
    navigate('/', { replace: true });
  }, [failed, venue.error, navigate]);

  if (notFound || (venue.isError && !venue.data)) {
    return (
      <>
        <DocumentTitle title="Venue not found" />
        <Container className="flex flex-col gap-6 py-10 sm:py-14">
          <EmptyState
            icon={SearchX}
            titleAs="h1"
            title="Venue not found"
            description="This venue does not exist or is not open for bookings."
            action={
              <Button asChild>
                <Link to="/">Go back to search</Link>
              </Button>
            }
          />
        </Container>
      </>
    );
  }

  if (!venue.data) return <DetailSkeleton />;
  return <VenueDetail venue={venue.data} />;
}

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to="/">
        <ArrowLeft aria-hidden="true" />
        Back to search
      </Link>
    </Button>
  );
}

function DetailSkeleton() {
  return (
    <Container className="flex flex-col gap-6 py-8 sm:py-12" aria-busy="true">
      <span className="sr-only" role="status">
        Loading venue
      </span>
      <Skeleton className="h-9 w-36" />
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid gap-6">
          <Skeleton className="aspect-[16/10] w-full rounded-2xl" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-32" />
        </div>
        <div className="grid content-start gap-4">
          <Skeleton className="h-40" />
          <Skeleton className="h-96" />
        </div>
      </div>
    </Container>
  );
}

function Section({
  id,
  title,
  icon: Icon,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: typeof Clock;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('rounded-2xl border border-border bg-surface/80 p-5 sm:p-6', className)}
    >
      <h2 id={id} className="mb-4 flex items-center gap-2.5 text-lg font-semibold">
        <Icon className="size-5 text-accent-soft" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}

function VenueDetail({ venue }: { venue: Venue }) {
  const { profile, isAdmin } = useAuth();
  const canManage = isAdmin || (profile?.role === 'host' && profile.id === venue.host_id);
  const hours = normalizeWeeklyHours(venue.hours);
  const amenities = sortAmenities(venue.amenities ?? []);
  const otherAmenities = (venue.amenities ?? []).filter((a) => !(amenities as string[]).includes(a));
  const isMinimumSpend = venue.pricing_type === 'minimum_spend';
  const price = formatPriceWithUnit(venue.base_price, venue.pricing_type);

  return (
    <>
      <DocumentTitle title={venue.name} />
      <Container className="flex flex-col gap-6 py-8 sm:py-12">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <BackLink />
          {canManage && (
            <Button asChild variant="outline" size="sm">
              <Link to={`/edit-venue/${venue.id}`}>
                <Pencil aria-hidden="true" />
                Edit venue
              </Link>
            </Button>
          )}
        </div>

        {!venue.is_active && (
          <div
            role="status"
            className="flex items-start gap-3 rounded-2xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-warning"
          >
            <Eye className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>
              <span className="font-semibold">Pending approval — only you can see this page</span>{' '}
              <span className="text-warning/90">Guests will see it once the venue is approved.</span>
            </p>
          </div>
        )}

        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
          <div className="flex min-w-0 flex-col gap-8">
            <VenueGallery images={venue.images ?? []} name={venue.name} />

            <header className="flex flex-col gap-4">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone="accent">{PRICING_TYPE_LABELS[venue.pricing_type]}</Badge>
                {venue.open_to_flexible_hours && (
                  <Badge tone="info">
                    <Sparkles aria-hidden="true" />
                    Flexible Hours
                  </Badge>
                )}
              </div>
              <h1 className="font-display text-4xl font-semibold tracking-tight sm:text-5xl">{venue.name}</h1>
              <dl className="grid gap-2 text-muted-foreground sm:grid-cols-2">
                <div className="flex items-start gap-2">
                  <dt className="sr-only">Address</dt>
                  <MapPin className="mt-0.5 size-4 shrink-0 text-accent-soft" aria-hidden="true" />
                  <dd>
                    {venue.address}
                    <span className="block text-foreground">{venue.city}</span>
                  </dd>
                </div>
                <div className="flex items-start gap-2">
                  <dt className="sr-only">Capacity</dt>
                  <Users className="mt-0.5 size-4 shrink-0 text-accent-soft" aria-hidden="true" />
                  <dd>Up to {formatCount(venue.capacity)} guests</dd>
                </div>
              </dl>
              <a
                href="#booking"
                className="inline-flex w-fit items-center gap-2 rounded-xl bg-accent-gradient px-5 py-2.5 text-sm font-semibold text-white shadow-lg shadow-fuchsia-950/40 lg:hidden"
              >
                <CalendarDays className="size-4" aria-hidden="true" />
                Check availability · {price}
              </a>
            </header>

            {isMinimumSpend && (
              <div className="flex items-start gap-3 rounded-2xl border border-info/30 bg-info/5 p-4 text-sm">
                <CreditCard className="mt-0.5 size-5 shrink-0 text-info" aria-hidden="true" />
                <div>
                  <p className="font-semibold text-info">How the minimum spend works</p>
                  <p className="mt-1 text-muted-foreground">
                    Book with a card on file — nothing is charged now. On the night, what your group spends at
                    the bar counts toward the {formatUsdCompact(venue.base_price)} minimum. Your card is
                    charged only if the minimum is not met, and only for the difference.
                  </p>
                </div>
              </div>
            )}

            {venue.open_to_flexible_hours && (
              <div className="flex items-start gap-3 rounded-2xl border border-accent/30 bg-accent/5 p-4 text-sm">
                <Sparkles className="mt-0.5 size-5 shrink-0 text-accent-soft" aria-hidden="true" />
                <div>
                  <p className="font-semibold text-accent-soft">Open to flexible hours</p>
                  <p className="mt-1 text-muted-foreground">
                    This venue can host events outside its regular opening hours. Mention the times you need
                    in your booking request.
                  </p>
                </div>
              </div>
            )}

            {venue.description && (
              <section aria-labelledby="about-heading">
                <h2 id="about-heading" className="mb-3 text-lg font-semibold">
                  About this venue
                </h2>
                <p className="whitespace-pre-line leading-relaxed text-muted-foreground">
                  {venue.description}
                </p>
              </section>
            )}

            <div className="grid gap-6 md:grid-cols-2">
              <Section id="hours-heading" title="Hours of Operation" icon={Clock}>
                <dl className="grid gap-2 text-sm">
                  {WEEK_DAYS.map((day) => (
                    <div key={day} className="flex items-center justify-between gap-4">
                      <dt className="text-muted-foreground">{dayLabel(day)}</dt>
                      <dd
                        className={cn(
                          'tabular-nums',
                          hours[day].closed ? 'text-muted-foreground' : 'font-medium',
                        )}
                      >
                        {formatDayHours(hours[day])}
                      </dd>
                    </div>
                  ))}
                </dl>
                {venue.time_zone && (
                  <p className="mt-4 text-xs text-muted-foreground">
                    Times are local to the venue ({venue.time_zone.replaceAll('_', ' ')}).
                  </p>
                )}
              </Section>

              <Section id="rates-heading" title="Daily Rates" icon={CalendarDays}>
                <dl className="grid gap-2 text-sm">
                  {WEEK_DAYS.map((day) => {
                    const d = hours[day];
                    const rate =
                      d.price > 0
                        ? formatPriceWithUnit(d.price, d.pricing_type)
                        : formatPriceWithUnit(venue.base_price, venue.pricing_type);
                    return (
                      <div key={day} className="flex items-center justify-between gap-4">
                        <dt className="text-muted-foreground">{dayLabel(day)}</dt>
                        <dd
                          className={cn('tabular-nums', d.closed ? 'text-muted-foreground' : 'font-medium')}
                        >
                          {d.closed ? 'Closed' : rate}
                        </dd>
                      </div>
                    );
                  })}
                </dl>
                <p className="mt-4 text-xs text-muted-foreground">
                  Specific dates may differ; the calendar shows each date&apos;s price.
                </p>
              </Section>
            </div>

            <Section id="amenities-heading" title="Amenities" icon={Sparkles}>
              {amenities.length + otherAmenities.length === 0 ? (
                <p className="text-sm text-muted-foreground">No amenities listed.</p>
              ) : (
                <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3">
                  {[...amenities, ...otherAmenities].map((a) => {
                    const Icon = amenityIcon(a);
                    return (
                      <li
                        key={a}
                        className="flex items-center gap-3 rounded-xl border border-border bg-surface-raised/60 px-3.5 py-3 text-sm"
                      >
                        <Icon className="size-4 shrink-0 text-accent-soft" aria-hidden="true" />
                        {amenityLabel(a)}
                      </li>
                    );
                  })}
                </ul>
              )}
            </Section>

            <Section id="reviews-heading" title="Customer Reviews" icon={MessageSquare}>
              <div className="rounded-xl border border-dashed border-border px-4 py-8 text-center">
                <p className="font-medium">No reviews yet</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  Guests can review this venue after their event.
                </p>
              </div>
            </Section>
          </div>

          <aside id="booking" aria-label="Booking" className="flex scroll-mt-24 flex-col gap-6">
            <div className="rounded-2xl border border-border bg-surface/90 p-5 shadow-xl shadow-black/30 sm:p-6">
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                {PRICING_TYPE_LABELS[venue.pricing_type]}
              </p>
              <p className="mt-1 text-3xl font-semibold tabular-nums">{price}</p>
              <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
                <Users className="size-4" aria-hidden="true" />
                Up to {formatCount(venue.capacity)} guests
              </p>
              {isMinimumSpend && (
                <p className="mt-3 flex items-start gap-2 text-xs text-info">
                  <CreditCard className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  Card on file - charged only if minimum not met
                </p>
              )}
              <CancellationPolicyNote
                policy={venue.cancellation_policy}
                className="mt-4 border-t border-border pt-4 text-xs"
              />
            </div>
            {venue.is_active ? (
              <BookingPanel
                venue={{
                  id: venue.id,
                  name: venue.name,
                  capacity: venue.capacity,
                  base_price: venue.base_price,
                  pricing_type: venue.pricing_type,
                  hours,
                  open_to_flexible_hours: venue.open_to_flexible_hours,
                  time_zone: venue.time_zone,
                  cancellation_policy: venue.cancellation_policy,
                }}
              />
            ) : (
              <p className="rounded-2xl border border-dashed border-border p-5 text-sm text-muted-foreground">
                Bookings open once the venue is approved.
              </p>
            )}
          </aside>
        </div>
      </Container>
    </>
  );
}
