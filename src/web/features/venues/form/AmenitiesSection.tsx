import { Controller, useFormContext } from 'react-hook-form';
import { Sparkles } from 'lucide-react';
import { AMENITIES, AMENITY_LABELS, type Amenity } from '@/domain/amenities';
import { Checkbox } from '@/web/components/ui/checkbox';
import { cn } from '@/web/lib/utils';
import { amenityIcon } from '../amenityIcons';
import { FormSection } from './FormSection';
import { fieldId, type VenueFormValues } from './venueForm';

export function AmenitiesSection() {
  const { control } = useFormContext<VenueFormValues>();
  return (
    <FormSection
      id="amenities"
      title="Amenities"
      icon={Sparkles}
      description="Select everything your venue offers."
    >
      <Controller
        control={control}
        name="amenities"
        render={({ field }) => {
          const selected = new Set<Amenity>(field.value);
          const toggle = (a: Amenity, on: boolean) => {
            const next = new Set(selected);
            if (on) next.add(a);
            else next.delete(a);
            field.onChange(AMENITIES.filter((x) => next.has(x)));
          };
          return (
            <fieldset>
              <legend className="sr-only">Amenities</legend>
              <div className="grid grid-cols-1 gap-2.5 min-[480px]:grid-cols-2 sm:gap-3 lg:grid-cols-3">
                {AMENITIES.map((a) => {
                  const Icon = amenityIcon(a);
                  const id = fieldId(`amenity-${a}`);
                  const checked = selected.has(a);
                  return (
                    <label
                      key={a}
                      htmlFor={id}
                      className={cn(
                        'flex cursor-pointer items-center gap-2.5 rounded-xl border px-3 py-3 text-sm transition-colors sm:gap-3 sm:px-3.5',
                        checked
                          ? 'border-accent/60 bg-accent/10 text-foreground'
                          : 'border-border bg-surface-raised/60 text-muted-foreground hover:border-input hover:text-foreground',
                      )}
                    >
                      <Checkbox
                        id={id}
                        checked={checked}
                        onCheckedChange={(v) => toggle(a, v === true)}
                        onBlur={field.onBlur}
                      />
                      <Icon
                        className={cn('size-4 shrink-0', checked && 'text-accent-soft')}
                        aria-hidden="true"
                      />
                      <span className="font-medium">{AMENITY_LABELS[a]}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        }}
      />
    </FormSection>
  );
}
