import { CalendarDays, Clock, DollarSign, Users } from 'lucide-react';
import { formatLongDate } from '@/domain/calendar';
import { formatUsd } from '@/domain/pricing';
import { crossesMidnight, formatTimeRange } from '@/domain/time';
import { TimeZoneTag } from '@/web/components/TimeZoneTag';
import { cn } from '@/web/lib/utils';

/**
 * Date (long format), 12-hour time range, guests and total of a booking; the venue's zone after
 * the times when it is not the viewer's.
 */
export function BookingFacts({
  booking,
  className,
}: {
  booking: {
    date: string;
    start_time: string;
    end_time: string;
    guest_count: number;
    total_price: number;
    venue?: { time_zone: string };
  };
  className?: string;
}) {
  const overnight = crossesMidnight(booking.start_time, booking.end_time);
  const items = [
    { icon: CalendarDays, label: 'Date', value: formatLongDate(booking.date) },
    {
      icon: Clock,
      label: 'Time',
      value: (
        <>
          {formatTimeRange(booking.start_time, booking.end_time)}
          {overnight ? ' (next day)' : ''}
          <TimeZoneTag zone={booking.venue?.time_zone} className="ml-1.5 text-xs" />
        </>
      ),
    },
    {
      icon: Users,
      label: 'Guests',
      value: `${booking.guest_count} ${booking.guest_count === 1 ? 'guest' : 'guests'}`,
    },
    { icon: DollarSign, label: 'Total', value: formatUsd(booking.total_price) },
  ];
  return (
    <dl className={cn('grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2', className)}>
      {items.map(({ icon: Icon, label, value }) => (
        <div key={label} className="flex min-w-0 items-start gap-2.5">
          <dt className="shrink-0">
            <Icon className="mt-0.5 size-4 text-accent-soft" aria-hidden="true" />
            <span className="sr-only">{label}</span>
          </dt>
          <dd className="min-w-0 text-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
