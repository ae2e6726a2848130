/* The chosen day under the booking calendar: its state, hours, price, the times already taken, and the way to book it. */
import { Link } from 'react-router';
import { CalendarClock, Clock, Info } from 'lucide-react';
import { DAY_STATE_LABELS, type DayState } from '@/domain/availability';
import { formatLongDate } from '@/domain/calendar';
import { signInUrlFor } from '@/domain/return-path';
import { formatDayHours, hoursForDate, type WeeklyHours } from '@/domain/hours';
import { findOverride, formatUsd, rateForDate, type DateOverride, type PricingType } from '@/domain/pricing';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { TimeZoneTag } from '@/web/components/TimeZoneTag';
import { JoinWaitlistButton } from '@/web/features/waitlist';
import { TakenTimes } from './TakenTimes';

/** The venue fields the booking panel and its day details read. */
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

const STATE_TONE: Record<DayState, 'success' | 'danger' | 'accent' | 'muted'> = {
  available: 'success',
  unavailable: 'danger',
  override: 'accent',
  past: 'muted',
};

export function DayDetails({
  venue,
  date,
  state,
  hours,
  overrides,
  taken,
  mine,
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
  /** The signed-in guest's confirmed bookings of this venue (TakenTimes). */
  mine?: readonly { date: string; start_time: string; end_time: string }[];
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
            <Link
              to={signInUrlFor(`/venue/${venue.id}`)}
              className="font-medium text-accent-soft underline-offset-4 hover:underline"
            >
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
        {/* One run of text beside the icon: bare text in the flex row made each piece its own
            column when the line wrapped ('Open 6:00 PM -' / 'flexible hours' / '· Los Angeles time'). */}
        <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="day-hours">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0">
            Open {formatDayHours({ ...day, closed: false })}
            {venue.open_to_flexible_hours ? ' · flexible hours' : ''}{' '}
            <TimeZoneTag zone={venue.time_zone} className="before:content-['·_']" />
          </span>
        </p>
      </div>

      <TakenTimes
        date={date}
        taken={taken}
        mine={mine}
        zone={venue.time_zone}
        action={
          isGuest
            ? (slot) => (
                <JoinWaitlistButton
                  compact
                  venueId={venue.id}
                  date={date}
                  startTime={slot.start}
                  endTime={slot.end}
                />
              )
            : undefined
        }
      />

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
          <Link to={signInUrlFor(`/venue/${venue.id}`)}>Sign In to Book</Link>
        </Button>
      )}
    </div>
  );
}
