/*
 * The booking request dialog (SPEC §2 Venue detail, §5 Booking request): start and end on the
 * 15-minute grid shown as 12-hour times (the end may be after midnight), guests 1..capacity,
 * event details (required), the profile's contact email (read-only), an optional phone and the
 * total, priced live with the same quoteBooking the server uses.
 *
 * Longer than 300 lines: one form whose fields judge each other (times, guests, the live
 * quote, the waitlist beside taken times); split, each part would need the whole form state.
 */
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { endOptions, firstBookableTimes, startOptions, type BookableDay } from '@/domain/bookable-times';
import { addDaysToDate, formatLongDate } from '@/domain/calendar';
import { formatDayHours, hoursForDate, type WeeklyHours } from '@/domain/hours';
import { findOverride, formatUsd, quoteBooking, type DateOverride, type PricingType } from '@/domain/pricing';
import type { BookingRequest } from '@/domain/schemas';
import { durationMinutes, isOnTimeGrid, minutesToTime, timeToMinutes } from '@/domain/time';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { useAuth } from '@/web/features/auth';
import { useUnsavedChanges } from '@/web/components/UnsavedChanges';
import { errorMessage, isApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { bookingsApi, invalidateBookingViews } from './data';
import { BookingQuote } from './BookingQuote';
import { CancellationPolicyNote } from '@/web/features/payments';
import { JoinWaitlistButton } from '@/web/features/waitlist';
import { BookingTimeFields } from './BookingTimeFields';
import { TakenTimes } from './TakenTimes';
import { DiscardPrompt } from './DiscardPrompt';
import { queryKeys } from '@/web/lib/queryKeys';
import { lazyResolver } from '@/web/lib/lazyResolver';

const loadValidation = () => import('./bookingRequestValidation');

export const BOOKING_SUBMITTED =
  'Booking request submitted successfully. The venue will review and contact you soon.';
export const BOOKING_FAILED = 'Failed to submit booking request.';
export const SIGN_IN_TO_BOOK = 'Please sign in to make a booking.';

export interface BookableVenue {
  id: string;
  name: string;
  capacity: number;
  base_price: number;
  pricing_type: PricingType;
  open_to_flexible_hours: boolean;
  /** The venue's IANA zone: "past" and overlaps are judged there. */
  time_zone: string;
  cancellation_policy?: string;
}

interface FormValues {
  venue_id: string;
  date: string;
  start_time: string;
  end_time: string;
  guest_count: string;
  special_requests: string;
  contact_phone: string;
}

/** Default times: the day's opening time and up to three hours later (never past closing). */
export function defaultTimes(hours: WeeklyHours, date: string): { start: string; end: string } {
  const day = hoursForDate(hours, date);
  const window = durationMinutes(day.open, day.close) || 24 * 60;
  const start = timeToMinutes(day.open);
  return { start: day.open, end: minutesToTime(start + Math.min(180, window)) };
}

export function BookingRequestDialog({
  open,
  onOpenChange,
  venue,
  date,
  hours,
  overrides,
  taken,
  mine,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  venue: BookableVenue;
  date: string;
  hours: WeeklyHours;
  overrides: readonly DateOverride[];
  taken: readonly { date: string; start_time: string; end_time: string }[];
  /** The guest's own confirmed bookings of this venue (TakenTimes). */
  mine?: readonly { date: string; start_time: string; end_time: string }[];
}) {
  const { user, profile } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const contactEmail = profile?.email?.trim() ?? '';
  const now = useMinuteClock(open);

  // The bookable-times rule the server refuses requests with (src/domain/bookable-times.ts).
  const day = useMemo<BookableDay>(
    () => ({
      date,
      timeZone: venue.time_zone,
      now,
      hours,
      overrides,
      flexibleHours: venue.open_to_flexible_hours,
      confirmed: taken,
    }),
    [date, venue.time_zone, venue.open_to_flexible_hours, now, hours, overrides, taken],
  );
  const [initial] = useState(() => firstBookableTimes(day) ?? defaultTimes(hours, date));
  const nothingLeft = useMemo(() => !startOptions(day).some((o) => o.available), [day]);

  // The schema arrives in its own chunk (bookingRequestValidation.ts): fetched when the dialog
  // opens, awaited by a submit that comes first.
  useEffect(() => {
    if (open) void loadValidation();
  }, [open]);
  const resolver = useMemo(
    () =>
      lazyResolver(() =>
        loadValidation().then((m) => m.bookingRequestResolver<FormValues>(venue.capacity, day)),
      ),
    [venue.capacity, day],
  );

  const form = useForm<FormValues, unknown, BookingRequest>({
    resolver,
    defaultValues: {
      venue_id: venue.id,
      date,
      start_time: initial.start,
      end_time: initial.end,
      guest_count: '',
      special_requests: '',
      contact_phone: profile?.phone ?? '',
    },
  });
  const { errors, isDirty } = form.formState;
  const [start, end] = useWatch({ control: form.control, name: ['start_time', 'end_time'] });

  // A new start keeps the end when it is still bookable after it; otherwise the longest free
  // stretch up to three hours (never an end the list shows disabled).
  useEffect(() => {
    if (!isOnTimeGrid(start)) return;
    const ends = endOptions(day, start);
    if (ends.find((o) => o.time === form.getValues('end_time'))?.available) return;
    let next: string | null = null;
    for (const o of ends.slice(0, 12)) {
      if (!o.available) break;
      next = o.time;
    }
    if (next) form.setValue('end_time', next, { shouldDirty: true });
  }, [start, day, form]);

  const override = findOverride(overrides, date) ?? null;
  const timesValid = isOnTimeGrid(start) && isOnTimeGrid(end) && start !== end;
  const quote = timesValid
    ? quoteBooking(
        { base_price: venue.base_price, pricing_type: venue.pricing_type, hours },
        { date, start_time: start, end_time: end },
        override,
      )
    : null;
  const openDay = { ...hoursForDate(hours, date), closed: false };

  const mutation = useMutation({
    mutationFn: (body: BookingRequest) => bookingsApi.request(body),
    onSuccess: () => {
      invalidateBookingViews(queryClient, venue.id);
      toast.success(BOOKING_SUBMITTED, undefined, {
        action: { label: 'My Bookings', onClick: () => navigate('/user-dashboard') },
      });
      onOpenChange(false);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        toast.error(SIGN_IN_TO_BOOK);
        return;
      }
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.availability(venue.id) });
      }
      const detail = errorMessage(error, '');
      toast.error(BOOKING_FAILED, detail || undefined);
    },
  });

  // Nothing typed is lost: closing with unsaved details asks first (inline, so focus stays here).
  const [confirmingClose, setConfirmingClose] = useState(false);
  const requestClose = (next: boolean) => {
    if (next) return onOpenChange(true);
    if (isDirty && !mutation.isPending) setConfirmingClose(true);
    else onOpenChange(false);
  };
  const leave = useUnsavedChanges(open && isDirty && !mutation.isSuccess);

  const onSubmit = form.handleSubmit((values) => {
    if (!user) {
      toast.error(SIGN_IN_TO_BOOK);
      return;
    }
    mutation.mutate(values);
  });

  const ids = (name: string) => `booking-${name}`;

  return (
    <Dialog open={open} onOpenChange={requestClose}>
      {leave.dialog}
      <DialogContent
        className="max-w-xl pb-0"
        aria-describedby="booking-dialog-description"
        // The first thing to choose is the start time (the taken times and their Join Waitlist
        // buttons come before it in the reading order).
        onOpenAutoFocus={(event) => {
          const start = document.getElementById(ids('start'));
          if (start) {
            event.preventDefault();
            start.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Request to Book {venue.name}</DialogTitle>
          <DialogDescription id="booking-dialog-description">
            {formatLongDate(date)} · Open {formatDayHours(openDay)}
            {venue.open_to_flexible_hours ? ' · Flexible hours welcome' : ''}
          </DialogDescription>
        </DialogHeader>

        <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Booking request">
          <div className="grid gap-3 rounded-2xl border border-border bg-surface-raised/40 p-3">
            <TakenTimes
              date={date}
              taken={taken}
              mine={mine}
              compact
              zone={venue.time_zone}
              action={(slot) => (
                <JoinWaitlistButton
                  compact
                  venueId={venue.id}
                  date={date}
                  startTime={slot.start}
                  endTime={slot.end}
                  onJoined={() => onOpenChange(false)}
                />
              )}
            />
            {nothingLeft && (
              <p
                role="status"
                className="flex items-start gap-2 rounded-xl border border-warning/35 bg-warning/10 px-3 py-2 text-sm text-warning"
              >
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                No times are left to book on this date. Please choose another date, or join the waitlist for a
                taken time above.
              </p>
            )}
          </div>

          <BookingTimeFields
            control={form.control}
            errors={errors}
            id={ids}
            start={start}
            day={day}
            timeZone={venue.time_zone}
          />

          <FormField
            id={ids('guests')}
            label="Number of Guests"
            error={errors.guest_count?.message}
            hint={`Up to ${venue.capacity} guests`}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={venue.capacity}
              step={1}
              placeholder={`1 - ${venue.capacity}`}
              required
              {...form.register('guest_count')}
            />
          </FormField>

          <FormField
            id={ids('details')}
            label="Event Details / Special Requests"
            error={errors.special_requests?.message}
          >
            <Textarea
              required
              rows={3}
              placeholder="Tell the venue about your event: occasion, music, setup, timing…"
              {...form.register('special_requests')}
            />
          </FormField>

          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField
              id={ids('email')}
              label="Contact Email"
              error={contactEmail ? undefined : 'Your profile has no contact email. Add one before booking.'}
            >
              <Input type="email" value={contactEmail} readOnly aria-readonly="true" className="opacity-80" />
            </FormField>
            <FormField id={ids('phone')} label="Phone (optional)" error={errors.contact_phone?.message}>
              <Input
                type="tel"
                autoComplete="tel"
                placeholder="(555) 123-4567"
                {...form.register('contact_phone')}
              />
            </FormField>
          </div>

          <BookingQuote quote={quote} date={date} />

          <CancellationPolicyNote policy={venue.cancellation_policy} className="text-xs sm:text-sm" />

          {/* Sticky: on a phone the total and the submit button stay in view while the form scrolls. */}
          <div
            className="sticky bottom-0 z-10 -mx-6 flex flex-col gap-3 border-t border-border bg-surface/95 px-6 py-4 backdrop-blur supports-[backdrop-filter]:bg-surface/85"
            data-testid="booking-footer"
          >
            {confirmingClose ? (
              <DiscardPrompt
                message="Discard this booking request? What you typed will be lost."
                onKeep={() => setConfirmingClose(false)}
                onDiscard={() => onOpenChange(false)}
              />
            ) : (
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <p className="flex items-baseline justify-between gap-3 text-sm text-muted-foreground sm:flex-col sm:items-start sm:gap-0">
                  Total
                  <span
                    className="text-lg font-semibold tabular-nums text-foreground"
                    data-testid="footer-total"
                  >
                    {quote ? formatUsd(quote.total) : '—'}
                  </span>
                </p>
                <DialogFooter>
                  <Button variant="outline" onClick={() => requestClose(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={mutation.isPending || !contactEmail || nothingLeft}>
                    {mutation.isPending ? 'Submitting...' : 'Submit Booking Request'}
                  </Button>
                </DialogFooter>
              </div>
            )}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Bookings of `date` and the night before that run into it (for the taken-times list). */
export function takenOn(
  taken: readonly { date: string; start_time: string; end_time: string }[],
  date: string,
) {
  const previous = addDaysToDate(date, -1);
  return taken.filter(
    (t) =>
      t.date === date || (t.date === previous && timeToMinutes(t.end_time) < timeToMinutes(t.start_time)),
  );
}

/** "Now", refreshed every minute while the dialog is open, so times that pass become disabled. */
function useMinuteClock(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}
