import type { TimeOption } from '@/domain/bookable-times';
import { TIME_CHOICES, formatTime12, timeToMinutes } from '@/domain/time';
import { NativeSelect } from './NativeSelect';

export interface TimeSelectProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  /** For an end time: choices at or before this start are marked as the next day. */
  after?: string;
  /**
   * The judged choices (src/domain/bookable-times.ts), in their order: an unavailable time stays
   * in the list, disabled, with its reason. Without them every grid time is offered.
   */
  options?: readonly TimeOption[];
  disabled?: boolean;
  placeholder?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

/**
 * A time on the 15-minute grid, stored 'HH:MM' and shown as 12-hour AM/PM (SPEC §3). The one
 * time picker of every form. A native <select>: 96 choices stay fast even when a week of them is
 * on screen, and every keyboard, screen reader and phone picker knows how to use it.
 */
export function TimeSelect({
  id,
  value,
  onChange,
  after,
  options,
  disabled,
  placeholder = 'Select time',
  className,
  ...aria
}: TimeSelectProps) {
  const startMinutes = after ? timeToMinutes(after) : null;
  return (
    <NativeSelect
      id={id}
      className={className}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      {...aria}
    >
      {value === '' && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options
        ? options.map((o) => (
            <option key={o.time} value={o.time} disabled={!o.available}>
              {formatTime12(o.time)}
              {o.nextDay ? ' (next day)' : ''}
              {o.available ? '' : ` — ${o.reason}`}
            </option>
          ))
        : TIME_CHOICES.map((time) => (
            <option key={time} value={time}>
              {formatTime12(time)}
              {startMinutes !== null && timeToMinutes(time) < startMinutes ? ' (next day)' : ''}
            </option>
          ))}
    </NativeSelect>
  );
}
