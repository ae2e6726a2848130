/*
 * /venue-management/:id?tab=weekly|calendar|bookings — Manage Venue (SPEC §2): the owning host
 * edits weekly hours and pricing (saved with Save Changes) and date overrides, and handles the
 * venue's bookings (approve, reject, edit), refreshed live. The admin's "Venue Bookings" link
 * opens the bookings tab here too: the admin reads and acts on bookings (hours stay the host's).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, Clock, MapPin, Save, Ticket } from 'lucide-react';
import { isAwaitingGuest } from '@/domain/booking';
import { normalizeWeeklyHours, type WeeklyHours } from '@/domain/hours';
import { formatUsd } from '@/domain/pricing';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { PageHeader } from '@/web/components/ui/page-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useUnsavedChanges } from '@/web/components/UnsavedChanges';
import { Container } from '@/web/components/Container';
import { pageTitle } from '@/domain/pages';
import { WeeklyHoursEditor } from '@/web/components/WeeklyHoursEditor';
import { fromDraft, toDraft, type WeeklyDraft } from '@/web/components/weeklyDraft';
import type { Venue } from '@/domain/contract';
import { useAuth } from '@/web/features/auth';
import {
  bookingsApi,
  DateOverridesTab,
  invalidateCalendar,
  useVenueBookings,
  useVenueOverrides,
  VenueBookingsTab,
} from '@/web/features/bookings';
import { CalendarFeedCard } from '@/web/features/calendar';
import { useVenue } from '@/web/features/venues';
import type { WeekDay } from '@/domain/calendar';
import { errorMessage } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';
import { toast } from '@/web/lib/toast';
import { useTabParam } from '@/web/lib/useTabParam';

const TABS = ['weekly', 'calendar', 'bookings'] as const;

export const HOURS_SAVED = 'Venue availability updated successfully.';
export const HOURS_SAVE_FAILED = 'Failed to save changes.';
export const VENUE_LOAD_FAILED = 'Failed to load venue data.';

export default function VenueManagementPage() {
  const { id = '' } = useParams();
  const { profile, isAdmin } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [hostTab, setTab] = useTabParam(TABS, 'weekly');
  // The admin reads and acts on bookings only: hours and overrides are the host's to change.
  const tab = isAdmin ? 'bookings' : hostTab;
  const dashboard = isAdmin ? '/admin-dashboard?tab=bookings' : '/host-dashboard';

  const venueQuery = useVenue(id);
  const raw = venueQuery.data;
  const owned = raw && profile && (isAdmin || raw.host_id === profile.id) ? raw : null;
  const venue = owned ? { ...owned, hours: normalizeWeeklyHours(owned.hours) } : null;
  const failed = venueQuery.isError || (raw !== undefined && !owned);

  // SPEC §8: 'Failed to load venue data.' and back to the host dashboard.
  const reported = useRef(false);
  useEffect(() => {
    if (!failed || reported.current) return;
    reported.current = true;
    toast.error(VENUE_LOAD_FAILED);
    navigate(dashboard, { replace: true });
  }, [failed, navigate, dashboard]);

  const bookings = useVenueBookings(id, Boolean(venue));
  const overrides = useVenueOverrides(id, Boolean(venue));

  const bookingsReported = useRef(false);
  useEffect(() => {
    if (bookings.isError && !bookingsReported.current) {
      bookingsReported.current = true;
      toast.error('Failed to load bookings.');
    }
    if (!bookings.isError) bookingsReported.current = false;
  }, [bookings.isError]);

  const [draft, setDraft] = useState<WeeklyDraft | null>(null);
  const [hoursError, setHoursError] = useState<{ day: WeekDay | null; message: string } | null>(null);
  // Nothing typed is lost: leaving with unsaved weekly hours asks first.
  const leave = useUnsavedChanges(draft !== null);

  const save = useMutation({
    mutationFn: (hours: WeeklyHours) => bookingsApi.saveHours(id, hours),
    onSuccess: (_updated, hours) => {
      queryClient.setQueryData<Venue>(queryKeys.venue(id), (old) => (old ? { ...old, hours } : old));
      void queryClient.invalidateQueries({ queryKey: queryKeys.venue(id) });
      invalidateCalendar(queryClient, id);
      setDraft(null);
      toast.success(HOURS_SAVED);
    },
    onError: (error) => toast.error(HOURS_SAVE_FAILED, errorMessage(error, '') || undefined),
  });

  if (venueQuery.isPending || (!venue && !failed)) {
    return (
      <>
        <title>{pageTitle('Manage Venue')}</title>
        <Container className="flex flex-col gap-6 py-10 sm:py-14">
          <p role="status" className="text-sm font-medium text-muted-foreground">
            Loading venue data...
          </p>
          <Skeleton className="h-10 w-72 max-w-full" />
          <Skeleton className="h-11 w-96 max-w-full" />
          <Skeleton className="h-72" />
        </Container>
      </>
    );
  }

  if (!venue) {
    return (
      <>
        <title>{pageTitle('Manage Venue')}</title>
        <Container className="py-10 sm:py-14">
          <EmptyState
            titleAs="h1"
            title="Venue not found."
            action={
              <Button asChild variant="outline">
                <Link to={dashboard}>Back to Dashboard</Link>
              </Button>
            }
          />
        </Container>
      </>
    );
  }

  const currentDraft = draft ?? toDraft(venue.hours);
  const dirty = draft !== null;
  const pendingCount = (bookings.data ?? []).filter(
    (b) => b.status === 'pending' && !isAwaitingGuest(b),
  ).length;

  function saveChanges() {
    const result = fromDraft(currentDraft);
    if (!result.ok) {
      setHoursError({ day: result.day, message: result.message });
      setTab('weekly');
      toast.error(HOURS_SAVE_FAILED, result.message);
      return;
    }
    setHoursError(null);
    save.mutate(result.hours);
  }

  return (
    <>
      <title>{pageTitle(`Manage ${venue.name}`)}</title>
      {leave.dialog}
      <Container className="flex flex-col gap-8 py-10 sm:py-14">
        <PageHeader
          eyebrow="Manage Venue"
          title={venue.name}
          description={
            <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <span className="inline-flex items-center gap-1.5">
                <MapPin className="size-4" aria-hidden="true" />
                {venue.address}, {venue.city}
              </span>
              <Badge tone={venue.is_active ? 'success' : 'warning'}>
                {venue.is_active ? 'Active' : 'Pending Approval'}
              </Badge>
            </span>
          }
          actions={
            <>
              <Button asChild variant="outline">
                <Link to={dashboard}>
                  <ArrowLeft aria-hidden="true" />
                  Back to Dashboard
                </Link>
              </Button>
              {!isAdmin && (
                <Button onClick={saveChanges} disabled={save.isPending}>
                  <Save aria-hidden="true" />
                  {save.isPending ? 'Saving...' : 'Save Changes'}
                </Button>
              )}
            </>
          }
        />

        <Tabs value={tab} onValueChange={setTab}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <TabsList aria-label="Manage venue sections">
              {!isAdmin && (
                <>
                  <TabsTrigger value="weekly" className="relative max-sm:px-3 max-sm:[&>svg]:hidden">
                    <Clock aria-hidden="true" />
                    Weekly Hours
                    {dirty && (
                      <span className="size-2 rounded-full bg-warning" aria-label="unsaved changes" />
                    )}
                  </TabsTrigger>
                  <TabsTrigger value="calendar" className="relative max-sm:px-3 max-sm:[&>svg]:hidden">
                    <CalendarDays aria-hidden="true" />
                    Calendar
                  </TabsTrigger>
                </>
              )}
              <TabsTrigger value="bookings" className="relative max-sm:px-3 max-sm:[&>svg]:hidden">
                <Ticket aria-hidden="true" />
                Bookings
                {pendingCount > 0 && (
                  <span className="rounded-full bg-accent/30 px-1.5 text-xs font-semibold text-foreground">
                    {pendingCount}
                    <span className="sr-only"> waiting for you</span>
                  </span>
                )}
              </TabsTrigger>
            </TabsList>
            {isAdmin && (
              <p className="text-sm text-muted-foreground">
                Viewing as admin: weekly hours and date overrides are managed by the venue’s host.
              </p>
            )}
            {dirty && tab === 'weekly' && (
              <p className="text-sm text-warning" role="status">
                Unsaved changes — press Save Changes to keep them.
              </p>
            )}
          </div>
          <TabsContent value="weekly">
            <h2 className="sr-only">Weekly Hours</h2>
            <p className="mb-4 text-sm text-muted-foreground">
              Set when guests can book each day and what that day costs. Leave a price empty (or 0) to use the
              venue&apos;s standard price of {formatUsd(venue.base_price)}. Closing earlier than opening means
              the venue closes after midnight.
            </p>
            <WeeklyHoursEditor
              pricing
              value={currentDraft}
              onChange={(next) => {
                setDraft(next);
                setHoursError(null);
              }}
              dayErrors={hoursError?.day ? { [hoursError.day]: hoursError.message } : undefined}
              error={hoursError && !hoursError.day ? hoursError.message : null}
            />
          </TabsContent>
          <TabsContent value="calendar">
            <h2 className="sr-only">Calendar</h2>
            <DateOverridesTab venue={venue} hours={venue.hours} />
          </TabsContent>
          <TabsContent value="bookings">
            <h2 className="sr-only">Bookings</h2>
            {!isAdmin && <CalendarFeedCard venueId={venue.id} />}
            <VenueBookingsTab
              venue={venue}
              hours={venue.hours}
              overrides={overrides.data ?? []}
              bookings={bookings.data}
              loading={bookings.isPending}
              error={bookings.isError}
              onRetry={() => void bookings.refetch()}
              asAdmin={isAdmin}
            />
          </TabsContent>
        </Tabs>
      </Container>
    </>
  );
}
