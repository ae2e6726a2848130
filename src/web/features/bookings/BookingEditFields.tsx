/*
 * The fields every booking edit has — start and end times, the number of guests (1..capacity)
 * and the total price (step 0.01) — shared by the host's Edit Booking dialog and the admin's
 * /edit-booking page (SPEC §5). A form adds its own fields after them (`extra`, beside the
 * price) or below them.
 */
import type { ReactNode } from 'react';
import type { Control, FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { BookableDay } from '@/domain/bookable-times';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/utils';
import { BookingTimeFields } from './BookingTimeFields';

interface EditFieldValues extends FieldValues {
  start_time: string;
  end_time: string;
  guest_count: string;
  total_price: string;
}

export function BookingEditFields<T extends EditFieldValues, TOut = T>({
  control,
  errors,
  register,
  id,
  start,
  day,
  timeZone,
  maxGuests,
  priceHint,
  extra,
}: {
  control: Control<T, unknown, TOut>;
  errors: FieldErrors<T>;
  register: UseFormRegister<T>;
  id: (name: string) => string;
  start: string;
  day?: BookableDay;
  timeZone?: string;
  maxGuests: number;
  priceHint?: ReactNode;
  /** A third field beside guests and price (the admin's status). */
  extra?: ReactNode;
}) {
  const message = (name: 'guest_count' | 'total_price') => errors[name]?.message as string | undefined;
  return (
    <>
      <BookingTimeFields
        control={control}
        errors={errors}
        id={id}
        start={start}
        day={day}
        timeZone={timeZone}
      />
      <div className={cn('grid items-start gap-4', extra ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
        <FormField
          id={id('guests')}
          label="Number of Guests"
          error={message('guest_count')}
          hint={`1 - ${maxGuests} guests`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={maxGuests}
            step={1}
            {...register('guest_count' as Path<T>)}
          />
        </FormField>
        <FormField id={id('price')} label="Total Price ($)" error={message('total_price')} hint={priceHint}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            {...register('total_price' as Path<T>)}
          />
        </FormField>
        {extra}
      </div>
    </>
  );
}
