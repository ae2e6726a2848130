/**
 * The booking request form's validation: the API's own schema (zod, ~38 KB gzipped with every
 * request schema) plus the venue's capacity and the day's bookable times. Its own chunk, which
 * the dialog fetches when it opens and its resolver awaits on submit: the venue page shows and
 * opens the dialog without it (docs/performance.md, 2026-11-28).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import {
  bookingTimeError,
  bookingTimeProblem,
  startOptions,
  type BookableDay,
} from '@/domain/bookable-times';
import { guestCountProblem } from '@/domain/booking';
import { bookingRequestSchema, type BookingRequest } from '@/domain/schemas';

export function bookingRequestResolver<FormValues extends FieldValues>(
  capacity: number,
  day: BookableDay,
): Resolver<FormValues, unknown, BookingRequest> {
  const schema = bookingRequestSchema.superRefine((value, ctx) => {
    const problem = guestCountProblem(value.guest_count, capacity);
    if (problem) ctx.addIssue({ code: 'custom', path: ['guest_count'], message: problem });
    const timeProblem = bookingTimeProblem(day, value.start_time, value.end_time);
    if (timeProblem) {
      const startTaken = !startOptions(day).find((o) => o.time === value.start_time)?.available;
      ctx.addIssue({
        code: 'custom',
        path: [startTaken ? 'start_time' : 'end_time'],
        message: bookingTimeError(day, timeProblem).message,
      });
    }
  });
  return zodResolver(schema) as unknown as Resolver<FormValues, unknown, BookingRequest>;
}
