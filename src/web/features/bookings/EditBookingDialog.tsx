/*
 * The host's Edit Booking modal (SPEC §4 Booking, §5 Edit booking modal): guests (1..capacity,
 * fallback 100), start and end times, price (step 0.01) and host notes (required: send is
 * disabled while they are blank). Sending puts the booking back to pending with the notes, for
 * the customer to approve.
 */
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingTimeError, timesProblem, type BookableDay } from '@/domain/bookable-times';
import { guestCountProblem, shortId } from '@/domain/booking';
import { formatLongDate } from '@/domain/calendar';
import { defaultHours, type WeeklyHours } from '@/domain/hours';
import { findOverride, formatUsd, quoteBooking, type DateOverride, type PricingType } from '@/domain/pricing';
import { bookingEditSchema, type BookingEdit } from '@/domain/schemas';
import { isOnTimeGrid, normalizeTime } from '@/domain/time';
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
import { Textarea } from '@/web/components/ui/textarea';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { bookingsApi, invalidateBookingViews } from './data';
import { BookingEditFields } from './BookingEditFields';
import { DiscardPrompt } from './DiscardPrompt';
import { useUnsavedChanges } from '@/web/components/UnsavedChanges';
import type { Booking } from '@/domain/contract';

export const EDIT_SENT = 'Booking updated and sent to the customer for approval and payment.';
export const EDIT_FAILED = 'Failed to edit booking.';
/** SPEC §5: the guest limit when the venue's capacity is unknown. */
const FALLBACK_CAPACITY = 100;
const NO_BOOKINGS: never[] = [];

interface FormValues {
  guest_count: string;
  start_time: string;
  end_time: string;
  total_price: string;
  host_notes: string;
}

export interface PricingContext {
  base_price: number;
  pricing_type: PricingType;
  hours: WeeklyHours;
  overrides: readonly DateOverride[];
}

function safeTime(t: string): string {
  try {
    return normalizeTime(t);
  } catch {
    return t;
  }
}

export function EditBookingDialog({
  booking,
  capacity,
  pricing,
  confirmed = NO_BOOKINGS,
  open,
  onOpenChange,
}: {
  booking: Booking;
  capacity?: number | null;
  /** The venue's pricing, to offer the price these times would cost. */
  pricing?: PricingContext;
  /** The venue's confirmed bookings (this one is left out): their times are shown disabled. */
  confirmed?: readonly Pick<Booking, 'id' | 'starts_at' | 'ends_at'>[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const maxGuests = capacity && capacity > 0 ? capacity : FALLBACK_CAPACITY;

  // The host's edit is judged as the server judges it: only overlaps with other confirmed
  // bookings (and the clock change); the host may move a booking outside the usual hours.
  const [now] = useState(() => new Date());
  const day = useMemo<BookableDay>(
    () => ({
      date: booking.date,
      timeZone: booking.venue.time_zone,
      now,
      hours: pricing?.hours ?? defaultHours(),
      overrides: pricing?.overrides ?? [],
      flexibleHours: true,
      confirmed: confirmed.filter((b) => b.id !== booking.id),
      rules: { dates: false, past: false, hours: false },
    }),
    [booking.date, booking.venue.time_zone, booking.id, now, pricing, confirmed],
  );

  const schema = useMemo(
    () =>
      bookingEditSchema.superRefine((value, ctx) => {
        const problem = guestCountProblem(value.guest_count, maxGuests);
        if (problem) ctx.addIssue({ code: 'custom', path: ['guest_count'], message: problem });
        const timeProblem = timesProblem(day, value.start_time, value.end_time);
        if (timeProblem) {
          ctx.addIssue({
            code: 'custom',
            path: ['end_time'],
            message: bookingTimeError(day, timeProblem).message,
          });
        }
      }),
    [maxGuests, day],
  );

  const form = useForm<FormValues, unknown, BookingEdit>({
    resolver: zodResolver(schema) as unknown as Resolver<FormValues, unknown, BookingEdit>,
    defaultValues: {
      guest_count: String(booking.guest_count),
      start_time: safeTime(booking.start_time),
      end_time: safeTime(booking.end_time),
      total_price: booking.total_price.toFixed(2),
      host_notes: booking.host_notes ?? '',
    },
  });
  const { errors } = form.formState;
  const [start, end, notes] = useWatch({
    control: form.control,
    name: ['start_time', 'end_time', 'host_notes'],
  });
  const notesBlank = (notes ?? '').trim().length === 0;

  const suggested =
    pricing && isOnTimeGrid(start) && isOnTimeGrid(end) && start !== end
      ? quoteBooking(
          pricing,
          { date: booking.date, start_time: start, end_time: end },
          findOverride(pricing.overrides, booking.date) ?? null,
        ).total
      : null;

  const mutation = useMutation({
    mutationFn: (body: BookingEdit) => bookingsApi.edit(booking.id, body),
    onSuccess: () => {
      invalidateBookingViews(queryClient, booking.venue_id);
      toast.success(EDIT_SENT);
      onOpenChange(false);
    },
    onError: (error) => {
      const detail = errorMessage(error, '');
      toast.error(EDIT_FAILED, detail || undefined);
    },
  });

  const id = (name: string) => `edit-booking-${name}`;

  // Nothing typed is lost: closing with unsaved changes asks first.
  const [confirmingClose, setConfirmingClose] = useState(false);
  const requestClose = (next: boolean) => {
    if (next) return onOpenChange(true);
    if (form.formState.isDirty && !mutation.isPending) setConfirmingClose(true);
    else onOpenChange(false);
  };
  const leave = useUnsavedChanges(open && form.formState.isDirty && !mutation.isSuccess);

  return (
    <Dialog open={open} onOpenChange={requestClose}>
      {leave.dialog}
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Booking</DialogTitle>
          <DialogDescription>
            #{shortId(booking.id)} · {booking.guest?.full_name || booking.contact_email} ·{' '}
            {formatLongDate(booking.date)}. The customer is asked to approve your changes.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-5"
          aria-label="Edit booking"
          onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
        >
          <BookingEditFields
            control={form.control}
            errors={errors}
            register={form.register}
            id={id}
            start={start}
            day={day}
            timeZone={booking.venue.time_zone}
            maxGuests={maxGuests}
            priceHint={
              suggested !== null ? (
                <span className="inline-flex flex-wrap items-center gap-x-2">
                  Calculated for these times: {formatUsd(suggested)}
                  <button
                    type="button"
                    className="rounded font-medium text-accent-soft underline-offset-4 hover:underline"
                    onClick={() =>
                      form.setValue('total_price', suggested.toFixed(2), { shouldValidate: true })
                    }
                  >
                    Use
                  </button>
                </span>
              ) : undefined
            }
          />
          <FormField
            id={id('notes')}
            label="Notes for the Customer"
            error={errors.host_notes?.message}
            hint="Required. Explain what changed and why; the customer sees this note."
          >
            <Textarea
              rows={3}
              required
              placeholder="e.g. We moved you one hour later because…"
              {...form.register('host_notes')}
            />
          </FormField>
          {confirmingClose ? (
            <DiscardPrompt
              message="Discard your changes to this booking?"
              onKeep={() => setConfirmingClose(false)}
              onDiscard={() => onOpenChange(false)}
            />
          ) : (
            <DialogFooter>
              <Button variant="outline" onClick={() => requestClose(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={notesBlank || mutation.isPending}>
                {mutation.isPending ? 'Sending...' : 'Send to Customer'}
              </Button>
            </DialogFooter>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}
