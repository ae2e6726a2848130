import { useEffect } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Building2 } from 'lucide-react';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { FormSection } from './FormSection';
import { TimeZonePicker } from '@/web/components/TimeZonePicker';
import { usePublicConfig } from '@/web/lib/publicConfig';
import { fieldId, timeZoneOptions, type VenueFormValues } from './venueForm';

/** Name, business, contact, address, capacity, description and time zone. */
export function BasicInfoSection() {
  const {
    register,
    control,
    resetField,
    formState: { errors },
  } = useFormContext<VenueFormValues>();
  const zones = timeZoneOptions();
  // A new venue starts in the server's DEFAULT_TIME_ZONE (not the browser's), as the API would.
  const config = usePublicConfig();
  const zone = useWatch({ control, name: 'time_zone' });
  const serverZone = config.data?.default_time_zone;
  useEffect(() => {
    if (!zone && serverZone) resetField('time_zone', { defaultValue: serverZone });
  }, [zone, serverZone, resetField]);
  return (
    <FormSection
      id="basic"
      title="Basic Information"
      icon={Building2}
      description="How guests will find and recognise your venue."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={fieldId('name')} label="Venue Name" error={errors.name?.message}>
          <Input autoComplete="off" placeholder="The Velvet Room" {...register('name')} />
        </FormField>
        <FormField
          id={fieldId('business_name')}
          label="Registered Business Name"
          error={errors.business_name?.message}
        >
          <Input autoComplete="organization" {...register('business_name')} />
        </FormField>
        <FormField id={fieldId('city')} label="City" error={errors.city?.message}>
          <Input autoComplete="address-level2" {...register('city')} />
        </FormField>
        <FormField id={fieldId('phone')} label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" placeholder="+1 (555) 010-2030" {...register('phone')} />
        </FormField>
        <FormField
          id={fieldId('address')}
          label="Address"
          error={errors.address?.message}
          className="sm:col-span-2"
        >
          <Input autoComplete="street-address" {...register('address')} />
        </FormField>
        <FormField id={fieldId('email')} label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="bookings@yourvenue.com"
            {...register('email')}
          />
        </FormField>
        <FormField id={fieldId('capacity')} label="Capacity (guests)" error={errors.capacity?.message}>
          <Input type="number" inputMode="numeric" min={1} step={1} {...register('capacity')} />
        </FormField>
        <FormField
          id={fieldId('description')}
          label={
            <>
              Description <span className="font-normal text-muted-foreground">(optional)</span>
            </>
          }
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <Textarea rows={5} placeholder="The vibe, the music, the space…" {...register('description')} />
        </FormField>
        <Controller
          control={control}
          name="time_zone"
          render={({ field }) => (
            <FormField
              id={fieldId('time_zone')}
              label="Time Zone"
              error={errors.time_zone?.message}
              hint="Dates and opening hours are read in this zone. Search by city, e.g. Paris or New York."
              className="sm:col-span-2"
            >
              <TimeZonePicker
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                zones={zones}
              />
            </FormField>
          )}
        />
      </div>
    </FormSection>
  );
}
