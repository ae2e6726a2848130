/* The times confirmed bookings already hold on a date (and the night before's that run into it). */
import { takenTimeSlots } from '@/domain/availability';
import { addDaysToDate } from '@/domain/calendar';
import { crossesMidnight, formatTime12 } from '@/domain/time';
import { heldOnlyByViewer } from '@/domain/waitlist';
import type { ReactNode } from 'react';
import { TimeZoneTag } from '@/web/components/TimeZoneTag';
import { cn } from '@/web/lib/utils';

export function TakenTimes({
  date,
  taken,
  mine = [],
  compact = false,
  headingId,
  zone,
  action,
}: {
  date: string;
  taken: readonly { date: string; start_time: string; end_time: string }[];
  /** Smaller, for the booking dialog. */
  compact?: boolean;
  headingId?: string;
  /** The venue's time zone, named beside the heading when it is not the viewer's. */
  zone?: string;
  /** Something to offer beside each of the date's taken slots (the guest's Join Waitlist). */
  action?: (slot: { start: string; end: string }) => ReactNode;
  /**
   * The viewer's own confirmed bookings of this venue: a slot only they hold says "Your booking"
   * in place of the action (there is nothing to wait for; the server refuses the join). Judged in
   * `zone`.
   */
  mine?: readonly { date: string; start_time: string; end_time: string }[];
}) {
  const previous = addDaysToDate(date, -1);
  const sameDay = takenTimeSlots(taken.filter((t) => t.date === date));
  const fromNightBefore = takenTimeSlots(
    taken.filter((t) => t.date === previous && crossesMidnight(t.start_time, t.end_time)),
  );
  const itemClass = cn(
    'rounded-lg border border-danger/30 bg-danger/10 tabular-nums text-red-200',
    compact ? 'px-2 py-1 text-xs' : 'px-3 py-1.5 text-sm',
  );
  return (
    <div>
      <h3 id={headingId} className={cn('mb-2 font-semibold', compact ? 'text-xs' : 'text-sm')}>
        Already booked {zone && <TimeZoneTag zone={zone} className="text-xs font-normal" />}
      </h3>
      {sameDay.length === 0 && fromNightBefore.length === 0 ? (
        <p className={cn('text-muted-foreground', compact ? 'text-xs' : 'text-sm')}>
          No confirmed bookings on this date yet.
        </p>
      ) : (
        <ul className={cn('flex gap-1.5', compact ? 'flex-wrap' : 'flex-col')} data-testid="taken-times">
          {fromNightBefore.map((slot) => (
            <li key={`prev-${slot.label}`} className={itemClass}>
              Until {formatTime12(slot.end)} (from the night before)
            </li>
          ))}
          {sameDay.map((slot) => (
            <li
              key={slot.label}
              className={cn(itemClass, action && 'flex flex-wrap items-center justify-between gap-2')}
              data-taken-slot={`${slot.start}-${slot.end}`}
            >
              <span>
                {slot.label}
                {crossesMidnight(slot.start, slot.end) ? ' (next day)' : ''}
              </span>
              {action &&
                (zone &&
                heldOnlyByViewer({ date, start_time: slot.start, end_time: slot.end }, taken, mine, zone) ? (
                  <span className="shrink-0 rounded-md border border-success/40 bg-success/10 px-2 py-0.5 text-xs font-medium text-success">
                    Your booking
                  </span>
                ) : (
                  action(slot)
                ))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
