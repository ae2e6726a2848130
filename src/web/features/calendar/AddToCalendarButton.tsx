/** "Add to calendar": downloads the booking as an .ics file (venue, address, time zone). */
import { CalendarPlus } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { bookingIcsUrl } from './data';

export function AddToCalendarButton({ bookingId, className }: { bookingId: string; className?: string }) {
  return (
    <Button asChild variant="outline" size="sm" className={className}>
      <a href={bookingIcsUrl(bookingId)} download>
        <CalendarPlus aria-hidden="true" />
        Add to calendar
      </a>
    </Button>
  );
}
