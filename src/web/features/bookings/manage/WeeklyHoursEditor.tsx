/*
 * Manage Venue, weekly tab: for each day (Monday first) open and close times on the 15-minute
 * grid, a Closed switch, the day's price and pricing type. Saved by the page's Save Changes.
 */
import { WEEK_DAYS, dayLabel, type WeekDay } from '@/domain/calendar';
import { defaultDayHours, weeklyHoursSchema, type WeeklyHours } from '@/domain/hours';
import { PRICING_TYPES, pricingTypeLabel, type PricingType } from '@/domain/pricing';
import { firstIssueMessage } from '@/domain/schemas';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { cn } from '@/web/lib/utils';
import { TimeSelect } from '../TimeSelect';

export interface DayDraft {
  open: string;
  close: string;
  closed: boolean;
  /** As typed; blank means 0 (no day price: the venue's base price applies). */
  price: string;
  pricing_type: PricingType;
}
export type WeeklyDraft = Record<WeekDay, DayDraft>;

export function toDraft(hours: WeeklyHours): WeeklyDraft {
  return Object.fromEntries(
    WEEK_DAYS.map((day) => {
      const h = hours[day] ?? defaultDayHours(day);
      return [day, { ...h, price: h.price ? String(h.price) : '' }];
    }),
  ) as WeeklyDraft;
}

/** The draft as WeeklyHours, or the first problem with the day it concerns. */
export function fromDraft(
  draft: WeeklyDraft,
): { ok: true; hours: WeeklyHours } | { ok: false; day: WeekDay | null; message: string } {
  const raw = Object.fromEntries(
    WEEK_DAYS.map((day) => {
      const d = draft[day];
      const text = d.price.trim();
      return [day, { ...d, price: text === '' ? 0 : Number(text) }];
    }),
  );
  const parsed = weeklyHoursSchema.safeParse(raw);
  if (parsed.success) return { ok: true, hours: parsed.data };
  const { field, message } = firstIssueMessage(parsed.error);
  const day = (WEEK_DAYS as readonly string[]).includes(field.split('.')[0] ?? '')
    ? (field.split('.')[0] as WeekDay)
    : null;
  return { ok: false, day, message };
}

export function WeeklyHoursEditor({
  draft,
  onChange,
  errorDay,
  error,
  basePrice,
}: {
  draft: WeeklyDraft;
  onChange: (draft: WeeklyDraft) => void;
  errorDay?: WeekDay | null;
  error?: string | null;
  basePrice: string;
}) {
  const update = (day: WeekDay, patch: Partial<DayDraft>) =>
    onChange({ ...draft, [day]: { ...draft[day], ...patch } });

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Set when guests can book each day and what that day costs. Leave a price empty (or 0) to use the
        venue&apos;s standard price of {basePrice}. Closing earlier than opening means the venue closes after
        midnight.
      </p>
      <div
        className="hidden gap-4 px-4 text-xs font-semibold uppercase tracking-wide text-muted-foreground lg:grid lg:grid-cols-[7.5rem_6.5rem_minmax(0,1fr)_minmax(0,1fr)_8.5rem_10.5rem]"
        aria-hidden="true"
      >
        <span>Day</span>
        <span>Closed</span>
        <span>Opens</span>
        <span>Closes</span>
        <span>Price ($)</span>
        <span>Pricing type</span>
      </div>
      <ul className="flex flex-col gap-3">
        {WEEK_DAYS.map((day) => {
          const d = draft[day];
          const label = dayLabel(day);
          const id = (name: string) => `hours-${day}-${name}`;
          const hasError = errorDay === day;
          return (
            <li
              key={day}
              data-day={day}
              className={cn(
                'grid grid-cols-2 items-end gap-3 rounded-2xl border border-border bg-surface/90 p-4 sm:grid-cols-4 lg:grid-cols-[7.5rem_6.5rem_minmax(0,1fr)_minmax(0,1fr)_8.5rem_10.5rem] lg:items-center lg:gap-4',
                hasError && 'border-danger/60',
              )}
            >
              <p className="self-center font-semibold sm:col-span-3 lg:col-span-1">{label}</p>
              <div className="flex items-center gap-2 self-center justify-self-end sm:justify-self-start">
                <Checkbox
                  id={id('closed')}
                  checked={d.closed}
                  onCheckedChange={(checked) => update(day, { closed: checked === true })}
                />
                <Label htmlFor={id('closed')}>Closed</Label>
              </div>
              <div className="col-span-2 grid gap-1.5 min-[480px]:col-span-1">
                <Label htmlFor={id('open')} className="text-xs text-muted-foreground lg:sr-only">
                  Opens
                </Label>
                <TimeSelect
                  id={id('open')}
                  value={d.open}
                  onChange={(open) => update(day, { open })}
                  disabled={d.closed}
                  aria-label={`${label} opening time`}
                />
              </div>
              <div className="col-span-2 grid gap-1.5 min-[480px]:col-span-1">
                <Label htmlFor={id('close')} className="text-xs text-muted-foreground lg:sr-only">
                  Closes
                </Label>
                <TimeSelect
                  id={id('close')}
                  value={d.close}
                  onChange={(close) => update(day, { close })}
                  after={d.open}
                  disabled={d.closed}
                  aria-label={`${label} closing time`}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={id('price')} className="text-xs text-muted-foreground lg:sr-only">
                  Price ($)
                </Label>
                <Input
                  id={id('price')}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  placeholder="0"
                  value={d.price}
                  aria-label={`${label} price in dollars`}
                  aria-invalid={hasError || undefined}
                  onChange={(e) => update(day, { price: e.target.value })}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={id('type')} className="text-xs text-muted-foreground lg:sr-only">
                  Pricing type
                </Label>
                <Select
                  value={d.pricing_type}
                  onValueChange={(value) => update(day, { pricing_type: value as PricingType })}
                >
                  <SelectTrigger id={id('type')} aria-label={`${label} pricing type`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {PRICING_TYPES.map((type) => (
                      <SelectItem key={type} value={type}>
                        {pricingTypeLabel(type)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              {hasError && error && (
                <p role="alert" className="col-span-full text-sm text-danger">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {error && !errorDay && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
