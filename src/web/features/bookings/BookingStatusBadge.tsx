import { bookingBadge, bookingBadgeTone, guestBookingBadge, type BookingState } from '@/domain/booking';
import { Badge } from '@/web/components/ui/badge';

/** The SPEC §4 status badge: host/admin wording by default, the guest's with `audience="guest"`. */
export function BookingStatusBadge({
  booking,
  audience = 'venue',
  className,
}: {
  booking: BookingState;
  audience?: 'venue' | 'guest';
  className?: string;
}) {
  const text = audience === 'guest' ? guestBookingBadge(booking) : bookingBadge(booking);
  return (
    <Badge tone={bookingBadgeTone(booking)} className={className} data-testid="booking-status">
      {text}
    </Badge>
  );
}
