/*
 * The booking calendar and booking dialog shown on /venue/:id (SPEC §2 Venue detail, §4
 * Calendar day states): a Sunday-first month calendar judged in the venue's time zone with
 * the server's `today`, a legend, the times confirmed bookings already hold on the chosen day,
 * and the request dialog for signed-in guests.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { CalendarClock, Clock, Info, RefreshCw } from 'lucide-react';
import {
  DAY_STATE_LABELS,
  dayState,
  takenTimeSlots,
  todayInZone,
  type DayState,
} from '@/domain/availability';
import { addDaysToDate, formatLongDate } from '@/domain/calendar';
import { formatDayHours, hoursForDate, type WeeklyHours } from '@/domain/hours';
import { findOverride, formatUsd, rateForDate, type DateOverride, type PricingType } from '@/domain/pricing';
import { crossesMidnight, formatTime12 } from '@/domain/time';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAuth } from '@/web/features/auth/useAuth';
import { useLiveInvalidate } from '@/web/lib/live';
import { toast } from '@/web/lib/toast';
import { BookingRequestDialog } from './BookingRequestDialog';
import { CalendarLegend, MonthCalendar } from './MonthCalendar';
import { addMonths, firstDay, lastDay, monthOf } from './month';
import { bookingKeys, useAvailability } from './queries';

export interface BookingPanelVenue {
  id: string;
  name: string;
  capacity: number;
  base_price: number;
  pricing_type: PricingType;
  hours: WeeklyHours;
  open_to_flexible_hours: boolean;
  time_zone: string;
  /** Shown in the request dialog before booking (payments). */
  cancellation_policy?: string;
}

export const SIGN_IN_REQUIRED_TITLE = 'Sign In Required';
export const SIGN_IN_REQUIRED_TEXT = 'Please create an account or sign in to book this venue.';
/** How far ahead the calendar pages (months after the venue's current month). */
const MONTHS_AHEAD = 12;

function safeToday(timeZone: string): string {
  try {
    return todayInZone(timeZone);
  } catch {
    return todayInZone('UTC');
  }
}

const STATE_TONE: Record<DayState, 'success' | 'danger' | 'accent' | 'muted'> = {
  available: 'success',
  unavailable: 'danger',
  override: 'accent',
  past: 'muted',
};

export function BookingPanel({ venue }: { venue: BookingPanelVenue }) {
  const { user, role, loading: authLoading } = useAuth();
  const [clientToday] = useState(() => safeToday(venue.time_zone));
  const [month, setMonth] = useState(() => monthOf(clientToday));
  const [selected, setSelected] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const availability = useAvailability(venue.id, firstDay(month), lastDay(month));
  useLiveInvalidate('all', [bookingKeys.availability(venue.id)]);

  const data = availability.data;
  const today = data?.today ?? clientToday;
  const hours = data?.hours ?? venue.hours;
  const overrides = data?.overrides ?? [];
  const taken = data?.taken ?? [];
  const currentMonth = monthOf(today);
  const isGuest = role === 'user';

  const stateOf = (date: string) => dayState({ date, today, hours, override: findOverride(overrides, date) });

  function choose(date: string, state: DayState) {
    if (state === 'past' || state === 'unavailable') return;
    setSelected(date);
    if (authLoading) return;
    if (!user) {
      toast.error(SIGN_IN_REQUIRED_TITLE, SIGN_IN_REQUIRED_TEXT);
      return;
    }
    if (isGuest) setDialogOpen(true);
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
            loading={availability.isPending}
            signedIn={Boolean(user)}
            isGuest={isGuest}
            onBook={() => setDialogOpen(true)}
          />
        </CardContent>
      </Card>

      {activeDate && isGuest && (
        <BookingRequestDialog
          key={activeDate}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          venue={venue}
          date={activeDate}
          hours={hours}
          overrides={overrides}
          taken={taken}
        />
      )}
    </section>
  );
}

function DayDetails({
  venue,
  date,
  state,
  hours,
  overrides,
  taken,
  loading,
  signedIn,
  isGuest,
  onBook,
}: {
  venue: BookingPanelVenue;
  date: string | null;
  state: DayState | null;
  hours: WeeklyHours;
  overrides: readonly DateOverride[];
  taken: readonly { date: string; start_time: string; end_time: string }[];
  loading: boolean;
  signedIn: boolean;
  isGuest: boolean;
  onBook: () => void;
}) {
  if (loading) {
    return (
      <div className="flex flex-col gap-3" aria-hidden="true">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-36" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (!date || !state) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border bg-surface-raised/40 p-5 text-sm text-muted-foreground">
        <CalendarClock className="size-6 text-accent-soft" aria-hidden="true" />
        <p>Select a green date to see the times already booked and to request your event.</p>
        {!signedIn && (
          <p>
            <Link to="/user-auth" className="font-medium text-accent-soft underline-offset-4 hover:underline">
              Sign in
            </Link>{' '}
            to book this venue.
          </p>
        )}
      </div>
    );
  }

  const override = findOverride(overrides, date) ?? null;
  const day = hoursForDate(hours, date);
  const rate = rateForDate(
    { base_price: venue.base_price, pricing_type: venue.pricing_type, hours },
    date,
    override,
  );
  const previous = addDaysToDate(date, -1);
  const sameDay = takenTimeSlots(taken.filter((t) => t.date === date));
  const fromNightBefore = takenTimeSlots(
    taken.filter((t) => t.date === previous && crossesMidnight(t.start_time, t.end_time)),
  );

  return (
    <div
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface-raised/40 p-5"
      aria-live="polite"
    >
      <div className="flex flex-col gap-2">
        <p className="text-base font-semibold" data-testid="selected-date">
          {formatLongDate(date)}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATE_TONE[state]}>{DAY_STATE_LABELS[state]}</Badge>
          <span className="text-sm text-muted-foreground">
            {formatUsd(rate.price)}
            {rate.pricing_type === 'hourly_rate' ? '/hour' : ' minimum spend'}
          </span>
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          Open {formatDayHours({ ...day, closed: false })}
          {venue.open_to_flexible_hours ? ' · flexible hours' : ''}
        </p>
      </div>

      <div>
        <h3 className="mb-2 text-sm font-semibold">Already booked</h3>
        {sameDay.length === 0 && fromNightBefore.length === 0 ? (
          <p className="text-sm text-muted-foreground">No confirmed bookings on this date yet.</p>
        ) : (
          <ul className="flex flex-col gap-1.5" data-testid="taken-times">
            {fromNightBefore.map((slot) => (
              <li key={`prev-${slot.label}`} className={takenClass}>
                Until {formatTime12(slot.end)} (from the night before)
              </li>
            ))}
            {sameDay.map((slot) => (
              <li key={slot.label} className={takenClass}>
                {slot.label}
                {crossesMidnight(slot.start, slot.end) ? ' (next day)' : ''}
              </li>
            ))}
          </ul>
        )}
      </div>

      {isGuest ? (
        <Button onClick={onBook} className="w-full">
          Request to Book
        </Button>
      ) : signedIn ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0 text-accent-soft" aria-hidden="true" />
          Bookings are made from guest accounts. Host and admin accounts can view availability but cannot book
          venues.
        </p>
      ) : (
        <Button asChild className="w-full">
          <Link to="/user-auth">Sign In to Book</Link>
        </Button>
      )}
    </div>
  );
}

const takenClass =
  'rounded-lg border border-danger/30 bg-danger/10 px-3 py-1.5 text-sm tabular-nums text-red-200';
