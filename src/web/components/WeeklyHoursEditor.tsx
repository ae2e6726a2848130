/*
 * The one weekly-hours editor (Add/Edit Venue's Hours of Operation, Manage Venue's weekly tab):
 * for each day, Monday first, a Closed switch and opening and closing times on the 15-minute
 * grid; with `pricing`, also the day's price and pricing type. Controlled: it edits a
 * WeeklyDraft and shows the errors it is given.
 */
import { WEEK_DAYS, dayLabel, type WeekDay } from '@/domain/calendar';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/utils';
import { PricingTypeSelect } from './PricingTypeSelect';
import { TimeSelect } from './TimeSelect';
import type { DayDraft, WeeklyDraft } from './weeklyDraft';

export interface WeeklyHoursEditorProps {
  value: WeeklyDraft;
  onChange: (draft: WeeklyDraft) => void;
  /** A message per day, shown under that day's row. */
  dayErrors?: Partial<Record<WeekDay, string | undefined>>;
  /** A message about the week as a whole. */
  error?: string | null;
  /** Show each day's price and pricing type. */
  pricing?: boolean;
  /** Prefix of the inputs' ids (unique on the page). */
  idPrefix?: string;
  onBlur?: () => void;
}

const COLUMNS = {
  times: 'lg:grid-cols-[7.5rem_6.5rem_minmax(0,1fr)_minmax(0,1fr)]',
  pricing: 'lg:grid-cols-[7.5rem_6.5rem_minmax(0,1fr)_minmax(0,1fr)_8.5rem_10.5rem]',
};

export function WeeklyHoursEditor({
  value,
  onChange,
  dayErrors,
  error,
  pricing = false,
  idPrefix = 'hours',
  onBlur,
}: WeeklyHoursEditorProps) {
  const update = (day: WeekDay, patch: Partial<DayDraft>) =>
    onChange({ ...value, [day]: { ...value[day], ...patch } });
  const columns = pricing ? COLUMNS.pricing : COLUMNS.times;

  return (
    <div className="flex flex-col gap-4" onBlur={onBlur}>
      <div
        className={cn(
          'hidden gap-4 px-4 text-xs font-semibold uppercase tracking-wide text-muted-foreground lg:grid',
          columns,
        )}
        aria-hidden="true"
      >
        <span>Day</span>
        <span>Closed</span>
        <span>Opens</span>
        <span>Closes</span>
        {pricing && <span>Price ($)</span>}
        {pricing && <span>Pricing type</span>}
      </div>
      <ul className="flex flex-col gap-3">
        {WEEK_DAYS.map((day) => {
          const d = value[day];
          const label = dayLabel(day);
          const id = (name: string) => `${idPrefix}-${day}-${name}`;
          const dayError = dayErrors?.[day];
          return (
            <li
              key={day}
              data-day={day}
              className={cn(
                'grid grid-cols-2 items-end gap-3 rounded-2xl border border-border bg-surface/90 p-4 lg:items-center lg:gap-4',
                pricing && 'sm:grid-cols-4',
                columns,
                dayError && 'border-danger/60',
              )}
            >
              <p className={cn('self-center font-semibold lg:col-span-1', pricing && 'sm:col-span-3')}>
                {label}
              </p>
              <div className="flex items-center gap-2 self-center justify-self-end lg:justify-self-start">
                <Checkbox
                  id={id('closed')}
                  checked={d.closed}
                  aria-label={`${label} closed`}
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
                  aria-invalid={dayError ? true : undefined}
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
                  aria-invalid={dayError ? true : undefined}
                />
              </div>
              {pricing && (
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
                    aria-invalid={dayError ? true : undefined}
                    onChange={(e) => update(day, { price: e.target.value })}
                  />
                </div>
              )}
              {pricing && (
                <div className="grid gap-1.5">
                  <Label htmlFor={id('type')} className="text-xs text-muted-foreground lg:sr-only">
                    Pricing type
                  </Label>
                  <PricingTypeSelect
                    id={id('type')}
                    value={d.pricing_type}
                    onChange={(type) => update(day, { pricing_type: type })}
                    label={`${label} pricing type`}
                  />
                </div>
              )}
              {dayError && (
                <p role="alert" className="col-span-full text-sm text-danger">
                  {dayError}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
