/** The price of a booking request as the guest chooses times: the same quoteBooking the server uses. */
import { Info } from 'lucide-react';
import { dayLabel, weekDayOf } from '@/domain/calendar';
import { formatUsd, pricingTypeLabel, type BookingQuote as Quote } from '@/domain/pricing';

const RATE_SOURCE: Record<'override' | 'weekly' | 'base', (date: string) => string> = {
  override: () => 'Special rate for this date',
  weekly: (date) => `${dayLabel(weekDayOf(date))} rate`,
  base: () => 'Standard rate',
};

export function BookingQuote({ quote, date }: { quote: Quote | null; date: string }) {
  return (
    <section
      aria-label="Price"
      className="grid gap-2 rounded-2xl border border-accent/30 bg-accent/10 p-4 text-sm"
      data-testid="booking-quote"
    >
      {quote ? (
        <>
          <div className="flex items-center justify-between gap-3 text-muted-foreground">
            <span>
              {RATE_SOURCE[quote.source](date)} · {pricingTypeLabel(quote.pricing_type)}
            </span>
            <span className="whitespace-nowrap tabular-nums text-foreground">
              {formatUsd(quote.price)}
              {quote.pricing_type === 'hourly_rate' ? '/hour' : ' min.'}
            </span>
          </div>
          {quote.pricing_type === 'hourly_rate' && (
            <div className="flex items-center justify-between gap-3 text-muted-foreground">
              <span>Hours (rounded up)</span>
              <span className="whitespace-nowrap tabular-nums text-foreground">
                {quote.hours} {quote.hours === 1 ? 'hour' : 'hours'}
              </span>
            </div>
          )}
          <div className="mt-1 flex items-center justify-between gap-3 border-t border-accent/25 pt-2 text-base font-semibold">
            <span>Total</span>
            <span className="whitespace-nowrap tabular-nums" data-testid="booking-total">
              {formatUsd(quote.total)}
            </span>
          </div>
          {quote.pricing_type === 'minimum_spend' && (
            <p className="flex items-start gap-2 text-xs leading-relaxed text-muted-foreground">
              <Info className="mt-0.5 size-3.5 shrink-0 text-accent-soft" aria-hidden="true" />
              Minimum spend: nothing is charged now. Your card is kept on file and charged only if your
              group&apos;s spend at the venue doesn&apos;t reach the {formatUsd(quote.price)} minimum.
            </p>
          )}
        </>
      ) : (
        <p className="text-muted-foreground">Choose a start and an end time to see the total.</p>
      )}
    </section>
  );
}
