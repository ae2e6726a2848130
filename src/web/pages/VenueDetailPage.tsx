/*
 * /venue/:id — venue detail and booking (SPEC §2 "Venue detail"). Active venues for everyone;
 * the owner and the admin may preview an inactive one. The booking column is the bookings
 * feature's <BookingPanel>.
 */
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ArrowLeft,
  CreditCard,
  Eye,
  MapPin,
  MessageSquare,
  Pencil,
  SearchX,
  Sparkles,
  Users,
} from 'lucide-react';
import { normalizeWeeklyHours } from '@/domain/hours';
import { PRICING_TYPE_LABELS, formatPriceWithUnit, formatUsdCompact } from '@/domain/pricing';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Container } from '@/web/components/Container';
import { pageTitle } from '@/domain/pages';
import { isApiError } from '@/web/lib/api';
import { formatCount } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';
import { useStickyTop } from '@/web/lib/useStickyTop';
import { useAuth } from '@/web/features/auth';
import { BookingPanel } from '@/web/features/bookings';
import {
  SaveVenueButton,
  ShareVenueButton,
  useVenue,
  VenueAmenities,
  VenueBookingBar,
  VenueGallery,
  VenueHoursTable,
  VenueRatesTable,
  VenueSection,
} from '@/web/features/venues';
import type { Venue } from '@/domain/contract';
import { VenueRatingLink, VenueReviews } from '@/web/features/reviews';
import { CancellationPolicyNote } from '@/web/features/payments';

export default function VenueDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // A change to this venue (edited, approved, deactivated, removed) refreshes the page (live table).
  const venue = useVenue(id, { enabled: id !== '' });

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
        <title>{pageTitle('Venue not found')}</title>
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

function VenueDetail({ venue }: { venue: Venue }) {
  const { profile, isAdmin } = useAuth();
  const canManage = isAdmin || (profile?.role === 'host' && profile.id === venue.host_id);
  const hours = normalizeWeeklyHours(venue.hours);
  const isMinimumSpend = venue.pricing_type === 'minimum_spend';
  const price = formatPriceWithUnit(venue.base_price, venue.pricing_type);
  const bookingColumn = useStickyTop<HTMLElement>();

  return (
    <>
      <title>{pageTitle(venue.name)}</title>
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
                <VenueRatingLink venueId={venue.id} />
                {venue.open_to_flexible_hours && (
                  <Badge tone="info">
                    <Sparkles aria-hidden="true" />
                    Flexible Hours
                  </Badge>
                )}
              </div>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <h1 className="font-display text-4xl font-semibold tracking-tight sm:text-5xl">
                  {venue.name}
                </h1>
                <div className="flex items-center gap-2">
                  <ShareVenueButton venueName={venue.name} />
                  <SaveVenueButton venueId={venue.id} venueName={venue.name} />
                </div>
              </div>
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
              <VenueHoursTable hours={hours} timeZone={venue.time_zone} />
              <VenueRatesTable hours={hours} venue={venue} />
            </div>

            <VenueAmenities amenities={venue.amenities ?? []} />

            <VenueSection id="reviews-heading" title="Customer Reviews" icon={MessageSquare}>
              <VenueReviews
                venueId={venue.id}
                isOwner={profile?.role === 'host' && profile.id === venue.host_id}
              />
            </VenueSection>
          </div>

          {/* From lg up the column stays in view (sticky): below the navigation bar when it fits
              the screen, else it scrolls with the page until its end shows and sticks there, so
              nothing of it is cut off (useStickyTop). Below lg the booking bar at the bottom
              leads to it. */}
          <aside
            ref={bookingColumn.ref}
            style={bookingColumn.style}
            id="booking"
            aria-label="Booking"
            tabIndex={-1}
            data-testid="booking-column"
            className="flex scroll-mt-24 flex-col gap-6 focus-visible:outline-none lg:sticky lg:top-[var(--sticky-top,6rem)] lg:self-start"
          >
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
      <VenueBookingBar label={PRICING_TYPE_LABELS[venue.pricing_type]} price={price} targetId="booking" />
    </>
  );
}
