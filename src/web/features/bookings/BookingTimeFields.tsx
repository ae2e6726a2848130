import { useMemo } from 'react';
import { Controller, type Control, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import { endOptions, startOptions, type BookableDay } from '@/domain/bookable-times';
import { isOnTimeGrid } from '@/domain/time';
import { FormField } from '@/web/components/ui/form-field';
import { TimeSelect } from '@/web/components/TimeSelect';
import { TimeZoneTag } from '@/web/components/TimeZoneTag';

interface TimeFieldValues extends FieldValues {
  start_time: string;
  end_time: string;
}

/**
 * Start and end selects on the 15-minute grid, shared by every booking form. Given the `day`,
 * the lists are judged by the bookable-times rule: a time that cannot be booked stays in the
 * list, disabled, with its reason ("Outside opening hours", "Overlaps a confirmed booking", …).
 */
export function BookingTimeFields<T extends TimeFieldValues, TOut = T>({
  control,
  errors,
  id,
  start,
  timeZone,
  day,
}: {
  control: Control<T, unknown, TOut>;
  errors: FieldErrors<T>;
  /** Builds the form's element ids, e.g. `(name) => 'edit-' + name`. */
  id: (name: string) => string;
  /** The chosen start, so the end list can mark times on the next day. */
  start: string;
  /** The venue's zone, named beside the labels when it is not the viewer's. */
  timeZone?: string;
  /** The day being booked, to judge each time; without it every time is offered. */
  day?: BookableDay;
}) {
  const zoneTag = <TimeZoneTag zone={timeZone} className="ml-1 text-xs font-normal" />;
  const message = (name: 'start_time' | 'end_time') => errors[name]?.message as string | undefined;
  const starts = useMemo(() => (day ? startOptions(day) : undefined), [day]);
  const ends = useMemo(() => (day && isOnTimeGrid(start) ? endOptions(day, start) : undefined), [day, start]);
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <Controller
        control={control}
        name={'start_time' as Path<T>}
        render={({ field }) => (
          <FormField id={id('start')} label={<>Start Time{zoneTag}</>} error={message('start_time')}>
            <TimeSelect value={field.value} onChange={field.onChange} options={starts} />
          </FormField>
        )}
      />
      <Controller
        control={control}
        name={'end_time' as Path<T>}
        render={({ field }) => (
          <FormField id={id('end')} label={<>End Time{zoneTag}</>} error={message('end_time')}>
            <TimeSelect value={field.value} onChange={field.onChange} after={start} options={ends} />
          </FormField>
        )}
      />
    </div>
  );
}
