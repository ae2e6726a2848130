/*
 * The venue detail page's fact sections: the weekly hours, the daily rates and the amenities,
 * each a titled card.
 */
import type { ReactNode } from 'react';
import { CalendarDays, Clock, Sparkles } from 'lucide-react';
import { amenityLabel, sortAmenities } from '@/domain/amenities';
import type { Venue } from '@/domain/contract';
import { WEEK_DAYS, dayLabel, formatDayHours, type WeeklyHours } from '@/domain/hours';
import { formatPriceWithUnit } from '@/domain/pricing';
import { TimeZoneTag } from '@/web/components/TimeZoneTag';
import { cn } from '@/web/lib/utils';
import { amenityIcon } from './amenityIcons';

/** A titled card of the venue detail page. */
export function VenueSection({
  id,
  title,
  icon: Icon,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: typeof Clock;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('rounded-2xl border border-border bg-surface/80 p-5 sm:p-6', className)}
    >
      <h2 id={id} className="mb-4 flex items-center gap-2.5 text-lg font-semibold">
        <Icon className="size-5 text-accent-soft" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Hours of Operation: each day's opening hours, local to the venue. */
export function VenueHoursTable({ hours, timeZone }: { hours: WeeklyHours; timeZone: string }) {
  return (
    <VenueSection id="hours-heading" title="Hours of Operation" icon={Clock}>
      <dl className="grid gap-2 text-sm">
        {WEEK_DAYS.map((day) => (
          <div key={day} className="flex items-center justify-between gap-4">
            <dt className="text-muted-foreground">{dayLabel(day)}</dt>
            <dd className={cn('tabular-nums', hours[day].closed ? 'text-muted-foreground' : 'font-medium')}>
              {formatDayHours(hours[day])}
            </dd>
          </div>
        ))}
      </dl>
      {timeZone && (
        <p className="mt-4 text-xs text-muted-foreground">
          Times are local to the venue ({timeZone.replaceAll('_', ' ')}).
          <TimeZoneTag zone={timeZone} className="ml-1 font-medium text-accent-soft before:content-['·_']" />
        </p>
      )}
    </VenueSection>
  );
}

/** Daily Rates: each day's price, or the venue's base price when the day has none. */
export function VenueRatesTable({
  hours,
  venue,
}: {
  hours: WeeklyHours;
  venue: Pick<Venue, 'base_price' | 'pricing_type'>;
}) {
  return (
    <VenueSection id="rates-heading" title="Daily Rates" icon={CalendarDays}>
      <dl className="grid gap-2 text-sm">
        {WEEK_DAYS.map((day) => {
          const d = hours[day];
          const rate =
            d.price > 0
              ? formatPriceWithUnit(d.price, d.pricing_type)
              : formatPriceWithUnit(venue.base_price, venue.pricing_type);
          return (
            <div key={day} className="flex items-center justify-between gap-4">
              <dt className="text-muted-foreground">{dayLabel(day)}</dt>
              <dd className={cn('tabular-nums', d.closed ? 'text-muted-foreground' : 'font-medium')}>
                {d.closed ? 'Closed' : rate}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-4 text-xs text-muted-foreground">
        Specific dates may differ; the calendar shows each date&apos;s price.
      </p>
    </VenueSection>
  );
}

/** Amenities: the known ones in their order with icons, then any others. */
export function VenueAmenities({ amenities: listed }: { amenities: string[] }) {
  const amenities = sortAmenities(listed);
  const otherAmenities = listed.filter((a) => !(amenities as string[]).includes(a));
  return (
    <VenueSection id="amenities-heading" title="Amenities" icon={Sparkles}>
      {amenities.length + otherAmenities.length === 0 ? (
        <p className="text-sm text-muted-foreground">No amenities listed.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3">
          {[...amenities, ...otherAmenities].map((a) => {
            const Icon = amenityIcon(a);
            return (
              <li
                key={a}
                className="flex items-center gap-3 rounded-xl border border-border bg-surface-raised/60 px-3.5 py-3 text-sm"
              >
                <Icon className="size-4 shrink-0 text-accent-soft" aria-hidden="true" />
                {amenityLabel(a)}
              </li>
            );
          })}
        </ul>
      )}
    </VenueSection>
  );
}
