import { useState } from 'react';
import { Controller, useFormContext, type FieldError } from 'react-hook-form';
import { Clock } from 'lucide-react';
import { WEEK_DAYS, setAllDays, type WeekDay } from '@/domain/hours';
import { formatTime12 } from '@/domain/time';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { TimeSelect } from '@/web/components/TimeSelect';
import { WeeklyHoursEditor } from '@/web/components/WeeklyHoursEditor';
import { draftToHours, toDraft } from '@/web/components/weeklyDraft';
import { toast } from '@/web/lib/toast';
import { FormSection } from './FormSection';
import { fieldId, type VenueFormValues } from './venueForm';

function dayError(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const e = errors as { open?: FieldError; close?: FieldError; message?: string };
  return e.open?.message ?? e.close?.message ?? e.message;
}

/** Hours of Operation: one time for every day at once, then each day in the weekly editor. */
export function HoursSection() {
  const {
    control,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<VenueFormValues>();
  const [allOpen, setAllOpen] = useState('18:00');
  const [allClose, setAllClose] = useState('02:00');

  const applyAll = () => {
    setValue('hours', setAllDays(getValues('hours'), allOpen, allClose), {
      shouldDirty: true,
      shouldValidate: true,
    });
    toast.info('Hours Set!', `All days now set to ${formatTime12(allOpen)} - ${formatTime12(allClose)}`);
  };

  const dayErrors = Object.fromEntries(
    WEEK_DAYS.map((day) => [day, dayError(errors.hours?.[day])]),
  ) as Partial<Record<WeekDay, string>>;

  return (
    <FormSection
      id="hours"
      title="Hours of Operation"
      icon={Clock}
      description="Opening and closing times for each day. A closing time earlier than the opening time runs past midnight."
    >
      <div className="mb-6 grid grid-cols-2 gap-3 rounded-xl border border-border bg-surface-raised/50 p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor="venue-all-open">Opens</Label>
          <TimeSelect
            id="venue-all-open"
            aria-label="Opening time for all days"
            value={allOpen}
            onChange={setAllOpen}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="venue-all-close">Closes</Label>
          <TimeSelect
            id="venue-all-close"
            aria-label="Closing time for all days"
            value={allClose}
            onChange={setAllClose}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={applyAll}
          className="col-span-2 sm:col-span-1 sm:h-10"
        >
          Set all days
        </Button>
      </div>

      <Controller
        control={control}
        name="hours"
        render={({ field }) => (
          <WeeklyHoursEditor
            idPrefix={fieldId('hours')}
            value={toDraft(field.value)}
            onChange={(draft) => field.onChange(draftToHours(draft))}
            onBlur={field.onBlur}
            dayErrors={dayErrors}
            error={errors.hours?.message}
          />
        )}
      />
    </FormSection>
  );
}
