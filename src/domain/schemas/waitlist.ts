/** The waitlist for a taken night: joining it (issue 14). */
import { z } from 'zod';
import { BODY, endDiffersFromStart, gridTime, isoDate, uuidField } from './fields';

/** POST /api/waitlist: the venue, date and time range the guest waits for. */
export const waitlistJoinSchema = z
  .object(
    {
      venue_id: uuidField('Venue is required.', 'Invalid venue id.'),
      date: isoDate('Please choose a date.'),
      start_time: gridTime('Start time'),
      end_time: gridTime('End time'),
    },
    BODY,
  )
  .superRefine(endDiffersFromStart);
export type WaitlistJoin = z.output<typeof waitlistJoinSchema>;
