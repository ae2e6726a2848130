/** Booking requests: the guest's request, the host's edit, the admin's edit, a reason (SPEC §4). */
import { z } from 'zod';
import { BOOKING_STATUSES } from '../booking';
import {
  BODY,
  endDiffersFromStart,
  gridTime,
  guestCount,
  isoDate,
  money,
  optionalPhone,
  optionalText,
  requiredText,
  uuidField,
} from './fields';

/** An optional free-text reason (rejecting a booking, deleting a venue); blank means none. */
export const optionalReasonSchema = z.object(
  { reason: optionalText('Reason', 2000).transform((v) => v ?? null) },
  BODY,
);
export type OptionalReason = z.output<typeof optionalReasonSchema>;

export const bookingRequestSchema = z
  .object(
    {
      venue_id: uuidField('Venue is required.', 'Invalid venue id.'),
      date: isoDate('Please choose a date.'),
      start_time: gridTime('Start time'),
      end_time: gridTime('End time'),
      guest_count: guestCount,
      special_requests: requiredText('Event details', 2000, 'Please describe your event.'),
      contact_phone: optionalPhone,
    },
    BODY,
  )
  .superRefine(endDiffersFromStart);
export type BookingRequest = z.output<typeof bookingRequestSchema>;

export const HOST_NOTES_REQUIRED = 'Please add a note for the guest explaining the changes.';

/** Host's Edit Booking: sends the booking back to the guest for approval. */
export const bookingEditSchema = z
  .object(
    {
      guest_count: guestCount,
      start_time: gridTime('Start time'),
      end_time: gridTime('End time'),
      total_price: money('Total price'),
      host_notes: requiredText('Host notes', 2000, HOST_NOTES_REQUIRED),
    },
    BODY,
  )
  .superRefine(endDiffersFromStart);
export type BookingEdit = z.output<typeof bookingEditSchema>;

export const adminBookingEditSchema = z
  .object(
    {
      guest_count: guestCount,
      start_time: gridTime('Start time'),
      end_time: gridTime('End time'),
      total_price: money('Total price'),
      status: z.enum(BOOKING_STATUSES, { error: 'Status must be pending, confirmed, cancelled or edited.' }),
      host_notes: optionalText('Host notes', 2000),
    },
    BODY,
  )
  .superRefine(endDiffersFromStart);
export type AdminBookingEdit = z.output<typeof adminBookingEditSchema>;

/**
 * The booking's updated_at as the caller's page read it (an ISO 8601 date-time, as the API
 * sends it): the action applies only to that version of the booking.
 */
const seenUpdatedAt = z
  .string({
    // Left out: the default message, which describeZodError turns into "Updated at is required."
    error: (issue) => (issue.input === undefined ? undefined : 'Updated at must be text.'),
  })
  .pipe(z.iso.datetime({ offset: true, error: 'Updated at must be an ISO 8601 date and time.' }))
  .transform((v) => new Date(v));

/** POST /bookings/:id/approve: optionally, the version of the booking the host saw. */
export const bookingApprovalSchema = z.object({ updated_at: seenUpdatedAt.optional() }, BODY);

/** POST /bookings/:id/approve-changes: the version of the booking whose changes the guest saw. */
export const changesApprovalSchema = z.object({ updated_at: seenUpdatedAt }, BODY);
