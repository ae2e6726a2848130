/*
 * What the venue's modification changed (issue 12 item 7): old → new for the date, the times,
 * the guests and the price, from the terms stored with the modification.
 */
import { ArrowRight } from 'lucide-react';
import { termChanges } from '@/domain/booking-changes';
import type { Booking } from '@/domain/contract';

export function BookingChanges({ booking }: { booking: Booking }) {
  const changes = termChanges(booking.previous_terms, booking, booking.venue.pricing_type);
  if (changes.length === 0) return null;
  return (
    <div className="text-sm" data-testid="booking-changes">
      <p className="font-semibold text-foreground">What changed</p>
      <dl className="mt-2 grid gap-2">
        {changes.map((c) => (
          <div
            key={c.field}
            className="grid gap-1 rounded-xl bg-background/40 px-3 py-2 sm:grid-cols-[7rem_1fr] sm:items-center"
            data-testid={`change-${c.field}`}
          >
            <dt className="text-muted-foreground">{c.label}</dt>
            <dd className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <span className="sr-only">from </span>
              <s className="break-words text-muted-foreground">{c.from}</s>
              <ArrowRight className="size-3.5 shrink-0 text-warning" aria-hidden="true" />
              <span className="sr-only"> to </span>
              <strong className="break-words font-semibold">{c.to}</strong>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
