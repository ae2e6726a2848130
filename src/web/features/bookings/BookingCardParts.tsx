import type { ReactNode } from 'react';
import { Mail, UserRound } from 'lucide-react';
import { shortId } from '@/domain/booking';
import { BookingStatusBadge } from './BookingStatusBadge';
import type { Booking } from '@/domain/contract';

/** Title, short booking id (with optional extra text) and the status badge of a staff booking card. */
export function BookingCardHeader({
  booking,
  title,
  detail,
}: {
  booking: Booking;
  title: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 className="text-lg font-semibold leading-tight">{title}</h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Booking <span className="font-mono text-foreground/90">#{shortId(booking.id)}</span>
          {detail && <> · {detail}</>}
        </p>
      </div>
      <BookingStatusBadge booking={booking} className="w-fit" />
    </div>
  );
}

/** The guest's name and email, as the host and the admin see them. */
export function GuestContact({ booking }: { booking: Booking }) {
  const email = booking.guest?.email ?? booking.contact_email;
  return (
    <div className="flex flex-col gap-1.5 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
      <span className="inline-flex min-w-0 items-center gap-2">
        <UserRound className="size-4 shrink-0 text-accent-soft" aria-hidden="true" />
        <span className="truncate" title={booking.guest?.full_name || 'Guest'}>
          {booking.guest?.full_name || 'Guest'}
        </span>
      </span>
      <span className="inline-flex min-w-0 items-center gap-2">
        <Mail className="size-4 shrink-0 text-accent-soft" aria-hidden="true" />
        <a href={`mailto:${email}`} className="truncate hover:underline" title={email}>
          {email}
        </a>
      </span>
    </div>
  );
}
