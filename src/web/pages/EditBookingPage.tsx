/*
 * /edit-booking/:id — the admin's booking editor (SPEC §2 lists it as a link target): guests,
 * times, price, status and notes, sent as PATCH /api/admin/bookings/:id.
 */
import { useUnsavedChanges } from '@/web/components/UnsavedChanges';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { BOOKING_STATUSES, bookingBadge, guestCountProblem, shortId } from '@/domain/booking';
import { formatLongDate } from '@/domain/calendar';
import { adminBookingEditSchema, type AdminBookingEdit } from '@/domain/schemas';
import { normalizeTime } from '@/domain/time';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { FormField } from '@/web/components/ui/form-field';
import { PageHeader } from '@/web/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Textarea } from '@/web/components/ui/textarea';
import { Container } from '@/web/components/Container';
import {
  BookingFacts,
  bookingsApi,
  BookingStatusBadge,
  BookingEditFields,
  invalidateBookingViews,
  useBooking,
} from '@/web/features/bookings';
import { LoadError } from '@/web/components/LoadError';
import type { Booking } from '@/domain/contract';
import { errorMessage, isApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';

const BACK = '/admin-dashboard?tab=bookings';
const STATUS_LABELS: Record<(typeof BOOKING_STATUSES)[number], string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  edited: 'Edited',
};

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={BACK}>
        <ArrowLeft aria-hidden="true" />
        Back to Admin Dashboard
      </Link>
    </Button>
  );
}

export default function EditBookingPage() {
  const { id = '' } = useParams();
  const booking = useBooking(id);
  const notFound =
    booking.isError &&
    isApiError(booking.error) &&
    (booking.error.status === 404 || booking.error.status === 400);

  return (
    <>
      <Container className="flex max-w-4xl flex-col gap-8 py-10 sm:py-14">
        <BackLink />
        {booking.isPending ? (
          <div className="flex flex-col gap-6" aria-busy="true">
            <span className="sr-only" role="status">
              Loading booking
            </span>
            <Skeleton className="h-10 w-72" />
            <Skeleton className="h-40" />
            <Skeleton className="h-80" />
          </div>
        ) : notFound ? (
          <EmptyState
            icon={SearchX}
            titleAs="h1"
            title="Booking not found"
            description="It may have been deleted together with its venue."
            action={
              <Button asChild>
                <Link to={BACK}>Back to Admin Dashboard</Link>
              </Button>
            }
          />
        ) : booking.isError ? (
          <LoadError message="Failed to load booking details." onRetry={() => void booking.refetch()} />
        ) : (
          <EditBookingForm key={booking.data.updated_at} booking={booking.data} />
        )}
      </Container>
    </>
  );
}

interface FormValues {
  guest_count: string;
  start_time: string;
  end_time: string;
  total_price: string;
  status: string;
  host_notes: string;
}

function EditBookingForm({ booking }: { booking: Booking }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const capacity = booking.venue.capacity > 0 ? booking.venue.capacity : 100;
  const schema = useMemo(
    () =>
      adminBookingEditSchema.superRefine((value, ctx) => {
        const problem = guestCountProblem(value.guest_count, capacity);
        if (problem) ctx.addIssue({ code: 'custom', path: ['guest_count'], message: problem });
      }),
    [capacity],
  );
  const form = useForm<FormValues, unknown, AdminBookingEdit>({
    resolver: zodResolver(schema) as unknown as Resolver<FormValues, unknown, AdminBookingEdit>,
    defaultValues: {
      guest_count: String(booking.guest_count),
      start_time: normalizeTime(booking.start_time),
      end_time: normalizeTime(booking.end_time),
      total_price: booking.total_price.toFixed(2),
      status: booking.status,
      host_notes: booking.host_notes ?? '',
    },
  });
  const { errors, isDirty } = form.formState;
  const [start, status, notes] = useWatch({
    control: form.control,
    name: ['start_time', 'status', 'host_notes'],
  });

  // Nothing typed is lost: leaving with unsaved changes asks first.
  const leave = useUnsavedChanges(isDirty);
  const save = useMutation({
    mutationFn: (body: AdminBookingEdit) => bookingsApi.adminUpdate(booking.id, body),
    onSuccess: () => {
      invalidateBookingViews(queryClient, booking.venue_id);
      toast.success('Booking updated successfully.');
      leave.allowNavigation();
      navigate(BACK);
    },
    onError: (error) => toast.error('Failed to update booking.', errorMessage(error, '') || undefined),
  });

  const id = (name: string) => `admin-booking-${name}`;

  return (
    <>
      {leave.dialog}
      <PageHeader
        eyebrow="Admin"
        title="Edit Booking"
        description={
          <>
            #{shortId(booking.id)} · {booking.venue.name} · {formatLongDate(booking.date)}
          </>
        }
      />
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold leading-tight tracking-tight">
              {booking.guest?.full_name || 'Guest'}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {booking.guest?.email ?? booking.contact_email}
            </p>
          </div>
          <BookingStatusBadge booking={booking} />
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <BookingFacts booking={booking} />
          {booking.special_requests && (
            <div className="text-sm">
              <p className="font-medium text-muted-foreground">Special requests</p>
              <p className="mt-1 whitespace-pre-line break-words">{booking.special_requests}</p>
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight tracking-tight">Booking details</h2>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            aria-label="Edit booking"
            className="grid gap-5"
            onSubmit={form.handleSubmit((values) => save.mutate(values))}
          >
            <BookingEditFields
              control={form.control}
              errors={errors}
              register={form.register}
              id={id}
              start={start}
              timeZone={booking.venue.time_zone}
              maxGuests={capacity}
              extra={
                <Controller
                  control={form.control}
                  name="status"
                  render={({ field }) => (
                    <FormField
                      id={id('status')}
                      label="Status"
                      error={errors.status?.message}
                      hint={`Shown as '${bookingBadge({ status, host_notes: notes })}'`}
                    >
                      <StatusSelect value={field.value} onChange={field.onChange} />
                    </FormField>
                  )}
                />
              }
            />
            <FormField
              id={id('notes')}
              label="Host Notes"
              error={errors.host_notes?.message}
              hint="Optional. A pending booking with notes waits for the customer to approve the changes."
            >
              <Textarea rows={3} {...form.register('host_notes')} />
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <Link to={BACK}>Cancel</Link>
              </Button>
              <Button type="submit" disabled={save.isPending || !isDirty}>
                {save.isPending ? 'Saving...' : 'Save Booking'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </>
  );
}

function StatusSelect({
  id,
  value,
  onChange,
  ...aria
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {BOOKING_STATUSES.map((s) => (
          <SelectItem key={s} value={s}>
            {STATUS_LABELS[s]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
