import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { DollarSign } from 'lucide-react';
import { PRICING_TYPE_LABELS, type PricingType } from '@/domain/pricing';
import { Checkbox } from '@/web/components/ui/checkbox';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/utils';
import { FormSection } from './FormSection';
import { fieldId, type VenueFormValues } from './venueForm';

const PRICING_HINTS: Record<PricingType, string> = {
  hourly_rate: 'Guests pay per hour booked, rounded up to whole hours.',
  minimum_spend: 'Guests put a card on file and are charged only if the bar minimum is not met.',
};

export function PricingSection() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<VenueFormValues>();
  const pricingType = useWatch({ control, name: 'pricing_type' });
  return (
    <FormSection
      id="pricing"
      title="Pricing Structure"
      icon={DollarSign}
      description="Choose how guests pay for your venue."
    >
      <fieldset className="grid gap-5">
        <legend className="sr-only">Pricing structure</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {(['hourly_rate', 'minimum_spend'] as const).map((type) => (
            <label
              key={type}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                pricingType === type
                  ? 'border-accent/60 bg-accent/10'
                  : 'border-border bg-surface-raised/60 hover:border-input',
              )}
            >
              <input
                type="radio"
                value={type}
                className="mt-1 size-4 accent-fuchsia-500"
                {...register('pricing_type')}
              />
              <span>
                <span className="block font-semibold">
                  {type === 'hourly_rate' ? PRICING_TYPE_LABELS.hourly_rate : 'Minimum Bar Spend'}
                </span>
                <span className="mt-1 block text-sm text-muted-foreground">{PRICING_HINTS[type]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.pricing_type?.message && (
          <p className="text-sm text-danger" role="alert">
            {errors.pricing_type.message}
          </p>
        )}
        <FormField
          id={fieldId('base_price')}
          label={pricingType === 'minimum_spend' ? 'Minimum Bar Spend ($)' : 'Hourly Rate ($)'}
          error={errors.base_price?.message}
          className="sm:max-w-xs"
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
            {...register('base_price')}
          />
        </FormField>
        <Controller
          control={control}
          name="open_to_flexible_hours"
          render={({ field }) => (
            <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-surface-raised/60 p-4">
              <Checkbox
                id={fieldId('open_to_flexible_hours')}
                checked={field.value}
                onCheckedChange={(v) => field.onChange(v === true)}
                onBlur={field.onBlur}
                className="mt-0.5"
              />
              <span>
                <span className="block font-medium">Open to flexible hours</span>
                <span className="mt-1 block text-sm text-muted-foreground">
                  Guests may ask for times outside your regular opening hours.
                </span>
              </span>
            </label>
          )}
        />
      </fieldset>
    </FormSection>
  );
}
