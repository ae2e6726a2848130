/*
 * The booking request dialog (SPEC §2 Venue detail, §5 Booking request): start and end on the
 * 15-minute grid shown as 12-hour times (the end may be after midnight), guests 1..capacity,
 * event details (required), the profile's contact email (read-only), an optional phone and the
 * total, priced live with the same quoteBooking the server uses.
 */
import { useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { bookingsOverlap, fitsOpeningHours } from '@/domain/availability';
import { guestCountProblem } from '@/domain/booking';
import { addDaysToDate, formatLongDate } from '@/domain/calendar';
import { formatDayHours, hoursForDate, type WeeklyHours } from '@/domain/hours';
import { findOverride, quoteBooking, type DateOverride, type PricingType } from '@/domain/pricing';
import { bookingRequestSchema, type BookingRequest } from '@/domain/schemas';
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
import { errorMessage, isApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { bookingsApi, invalidateBookingViews } from './data';
import { BookingQuote } from './BookingQuote';
import { CancellationPolicyNote } from '@/web/features/payments';
import { JoinWaitlistButton } from '@/web/features/waitlist';
import { BookingTimeFields } from './BookingTimeFields';
import { queryKeys } from '@/web/lib/queryKeys';

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
  cancellation_policy?: string;
  /** The venue's IANA zone: its times are that wall clock. */
  time_zone?: string;
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
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  venue: BookableVenue;
  date: string;
  hours: WeeklyHours;
  overrides: readonly DateOverride[];
  taken: readonly { date: string; start_time: string; end_time: string }[];
}) {
  const { user, profile } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const contactEmail = profile?.email?.trim() ?? '';
  const initial = defaultTimes(hours, date);

  const schema = useMemo(
    () =>
      bookingRequestSchema.superRefine((value, ctx) => {
        const problem = guestCountProblem(value.guest_count, venue.capacity);
        if (problem) ctx.addIssue({ code: 'custom', path: ['guest_count'], message: problem });
      }),
    [venue.capacity],
  );

  const form = useForm<FormValues, unknown, BookingRequest>({
    resolver: zodResolver(schema) as unknown as Resolver<FormValues, unknown, BookingRequest>,
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
  const { errors } = form.formState;
  const [start, end] = useWatch({ control: form.control, name: ['start_time', 'end_time'] });

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
  const outsideHours =
    timesValid && !venue.open_to_flexible_hours && !fitsOpeningHours(hours, overrides, date, start, end);
  const overlaps =
    timesValid && taken.some((t) => bookingsOverlap({ date, start_time: start, end_time: end }, t));

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

  const onSubmit = form.handleSubmit((values) => {
    if (!user) {
      toast.error(SIGN_IN_TO_BOOK);
      return;
    }
    mutation.mutate(values);
  });

  const ids = (name: string) => `booking-${name}`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" aria-describedby="booking-dialog-description">
        <DialogHeader>
          <DialogTitle>Request to Book {venue.name}</DialogTitle>
          <DialogDescription id="booking-dialog-description">
            {formatLongDate(date)} · Open {formatDayHours(openDay)}
            {venue.open_to_flexible_hours ? ' · Flexible hours welcome' : ''}
          </DialogDescription>
        </DialogHeader>

        <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Booking request">
          <BookingTimeFields
            control={form.control}
            errors={errors}
            id={ids}
            start={start}
            timeZone={venue.time_zone}
          />

          {(outsideHours || overlaps) && (
            <div className="grid gap-2" role="status">
              {overlaps && (
                <div className="flex flex-col gap-3 rounded-xl border border-danger/40 bg-danger/10 px-3 py-2">
                  <p className="flex items-start gap-2 text-sm text-danger">
                    <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    This time overlaps a confirmed booking. Please choose another time, or join the waitlist
                    and we will email you if it comes free.
                  </p>
                  {!outsideHours && (
                    <JoinWaitlistButton
                      venueId={venue.id}
                      date={date}
                      startTime={start}
                      endTime={end}
                      onJoined={() => onOpenChange(false)}
                    />
                  )}
                </div>
              )}
              {outsideHours && (
                <p className="flex items-start gap-2 rounded-xl border border-warning/35 bg-warning/10 px-3 py-2 text-sm text-warning">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  This time is outside the venue&apos;s opening hours ({formatDayHours(openDay)}).
                </p>
              )}
            </div>
          )}

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

          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending || !contactEmail}>
              {mutation.isPending ? 'Submitting...' : 'Submit Booking Request'}
            </Button>
          </DialogFooter>
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
