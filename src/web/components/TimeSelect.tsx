import { TIME_CHOICES, formatTime12, timeToMinutes } from '@/domain/time';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';

export interface TimeSelectProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  /** For an end time: choices at or before this start are marked as the next day. */
  after?: string;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

/** A time on the 15-minute grid, stored 'HH:MM' and shown as 12-hour AM/PM (SPEC §3). */
export function TimeSelect({
  id,
  value,
  onChange,
  after,
  disabled,
  placeholder = 'Select time',
  className,
  ...aria
}: TimeSelectProps) {
  const startMinutes = after ? timeToMinutes(after) : null;
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger id={id} className={className} {...aria}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {TIME_CHOICES.map((time) => (
          <SelectItem key={time} value={time}>
            {formatTime12(time)}
            {startMinutes !== null && timeToMinutes(time) < startMinutes ? ' (next day)' : ''}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
