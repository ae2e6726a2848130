/*
 * The booking calendar and booking dialog shown on /venue/:id (SPEC §2 Venue detail, §4
 * Calendar day states): a Sunday-first month calendar judged in the venue's time zone with
 * the server's `today`, a legend, the times confirmed bookings already hold on the chosen day,
 * and the request dialog for signed-in guests.
 */
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { dayState, type DayState } from '@/domain/availability';
import { findOverride } from '@/domain/pricing';
import { signInUrlFor } from '@/domain/return-path';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader } from '@/web/components/ui/card';
import { useAuth } from '@/web/features/auth';
import { toast } from '@/web/lib/toast';
import { preloadable, whenIdle } from '@/web/lib/preloadable';
import { CalendarLegend, MonthCalendar } from './MonthCalendar';
import { addMonths, firstDay, lastDay, monthOf, safeToday } from './month';
import { DayDetails, type BookingPanelVenue } from './DayDetails';

export type { BookingPanelVenue };
import { useAvailability, useGuestBookings } from './data';

// The request form (react-hook-form, the quote, the dialog) is not part of the first paint: a
// signed-in guest's browser fetches it when idle, and a chosen date asks for it at once.
const BookingRequestDialog = preloadable(
  () => import('./BookingRequestDialog'),
  (m) => m.BookingRequestDialog,
);

export const SIGN_IN_REQUIRED_TITLE = 'Sign In Required';
export const SIGN_IN_REQUIRED_TEXT = 'Please create an account or sign in to book this venue.';
/** How far ahead the calendar pages (months after the venue's current month). */
const MONTHS_AHEAD = 12;
/** One empty list, so the dialog's judged times are not recomputed on every render. */
const NONE: never[] = [];

export function BookingPanel({ venue }: { venue: BookingPanelVenue }) {
  const { user, role, loading: authLoading } = useAuth();
  const navigate = useNavigate();
  const [clientToday] = useState(() => safeToday(venue.time_zone));
  const [month, setMonth] = useState(() => monthOf(clientToday));
  const [selected, setSelected] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const availability = useAvailability(venue.id, firstDay(month), lastDay(month));

  const data = availability.data;
  const today = data?.today ?? clientToday;
  const hours = data?.hours ?? venue.hours;
  const overrides = data?.overrides ?? NONE;
  const taken = data?.taken ?? NONE;
  const currentMonth = monthOf(today);
  const isGuest = role === 'user';
  // The guest's own confirmed bookings here: a time only they hold offers no waitlist.
  const guestBookings = useGuestBookings(isGuest);
  const mine = useMemo(
    () => (guestBookings.data ?? NONE).filter((b) => b.venue_id === venue.id && b.status === 'confirmed'),
    [guestBookings.data, venue.id],
  );
  useEffect(() => (isGuest ? whenIdle(() => void BookingRequestDialog.preload()) : undefined), [isGuest]);

  const stateOf = (date: string) => dayState({ date, today, hours, override: findOverride(overrides, date) });

  function choose(date: string, state: DayState) {
    if (state === 'past' || state === 'unavailable') return;
    setSelected(date);
    if (authLoading) return;
    if (!user) {
      // Signing in from here comes back to this venue (issue 12).
      toast.error(SIGN_IN_REQUIRED_TITLE, SIGN_IN_REQUIRED_TEXT, {
        action: { label: 'Sign In', onClick: () => navigate(signInUrlFor(`/venue/${venue.id}`)) },
      });
      return;
    }
    if (isGuest) {
      void BookingRequestDialog.preload();
      setDialogOpen(true);
    }
  }

  // A selection from another month (or one that became unavailable) is not shown.
  const selectedState = selected && monthOf(selected) === month && data ? stateOf(selected) : null;
  const activeDate = selectedState === 'available' || selectedState === 'override' ? selected : null;

  return (
    <section aria-labelledby="booking-heading" data-venue-id={venue.id} className="@container">
      <Card>
        <CardHeader className="pb-4">
          <h2 id="booking-heading" className="font-display text-2xl">
            Book this venue
          </h2>
          <p className="text-sm text-muted-foreground">
            Pick an available date to see booked times and request your event. Dates follow the venue&apos;s
            local time ({venue.time_zone.replace(/_/g, ' ')}).
          </p>
        </CardHeader>
        <CardContent className="grid gap-6 @2xl:grid-cols-[minmax(0,1fr)_minmax(16rem,20rem)]">
          <div className="flex min-w-0 flex-col gap-4">
            {availability.isError && !data ? (
              <div
                role="alert"
                className="flex flex-col items-start gap-3 rounded-2xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger"
              >
                Failed to load venue availability.
                <Button variant="outline" size="sm" onClick={() => void availability.refetch()}>
                  <RefreshCw aria-hidden="true" />
                  Try again
                </Button>
              </div>
            ) : (
              <MonthCalendar
                label="Availability calendar"
                month={month}
                onMonthChange={(m) => {
                  setMonth(m);
                  setDialogOpen(false);
                }}
                minMonth={currentMonth}
                maxMonth={addMonths(currentMonth, MONTHS_AHEAD)}
                today={today}
                stateOf={stateOf}
                canSelect={(_date, state) => state === 'available' || state === 'override'}
                selected={activeDate}
                onSelect={choose}
                describe={(date) => {
                  const n = taken.filter((t) => t.date === date).length;
                  return n > 0 ? `${n} confirmed ${n === 1 ? 'booking' : 'bookings'}` : undefined;
                }}
                loading={availability.isPending}
              />
            )}
            <CalendarLegend />
          </div>

          <DayDetails
            venue={venue}
            date={activeDate}
            state={selectedState}
            hours={hours}
            overrides={overrides}
            taken={taken}
            mine={mine}
            loading={availability.isPending}
            signedIn={Boolean(user)}
            isGuest={isGuest}
            onBook={() => setDialogOpen(true)}
          />
        </CardContent>
      </Card>

      {activeDate && isGuest && (
        <Suspense fallback={null}>
          <BookingRequestDialog
            key={activeDate}
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            venue={venue}
            date={activeDate}
            hours={hours}
            overrides={overrides}
            taken={taken}
            mine={mine}
          />
        </Suspense>
      )}
    </section>
  );
}
