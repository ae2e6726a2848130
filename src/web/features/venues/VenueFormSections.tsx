/*
 * The sections shared by Add New Venue and Edit Venue. They read the form from a
 * react-hook-form <FormProvider> holding VenueFormValues.
 */
import { useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { Controller, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { Building2, ChevronDown, Clock, DollarSign, Landmark, Lock, Sparkles } from 'lucide-react';
import { AMENITIES, AMENITY_LABELS, type Amenity } from '@/domain/amenities';
import { WEEK_DAYS, dayLabel, setAllDays, type WeekDay } from '@/domain/hours';
import { PRICING_TYPE_LABELS, type PricingType } from '@/domain/pricing';
import {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_DESCRIPTIONS,
  CANCELLATION_POLICY_LABELS,
} from '@/domain/payments';
import { TIME_CHOICES, formatTime12 } from '@/domain/time';
import { Checkbox } from '@/web/components/ui/checkbox';
import { FormField } from '@/web/components/ui/form-field';
import { Input, inputClasses } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/lib/toast';
import { cn } from '@/web/lib/utils';
import { amenityIcon } from './amenityIcons';
import { fieldId, timeZoneOptions, type VenueFormValues } from './venueForm';

type IconType = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

export function FormSection({
  id,
  title,
  description,
  icon: Icon,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  icon?: IconType;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'rounded-2xl border border-border bg-surface/90 p-5 shadow-xl shadow-black/30 sm:p-7',
        className,
      )}
    >
      <div className="mb-6 flex items-start gap-3">
        {Icon && (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent-soft">
            <Icon className="size-5" aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold leading-tight sm:text-xl">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
        </div>
      </div>
      {children}
    </section>
  );
}

const selectClasses = cn(inputClasses, 'appearance-none pr-9 [color-scheme:dark]');

/** A styled native <select> (fast with hundreds of options, works with every keyboard and screen reader). */
function NativeSelect({
  className,
  selectClassName,
  ...props
}: ComponentProps<'select'> & { selectClassName?: string }) {
  return (
    <div className={cn('relative min-w-0', className)}>
      <select className={cn(selectClasses, selectClassName)} {...props} />
      <ChevronDown
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}

// ── Basic Information ──────────────────────────────────────────────────────────────

export function BasicInfoSection() {
  const {
    register,
    formState: { errors },
  } = useFormContext<VenueFormValues>();
  const zones = timeZoneOptions();
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
        <FormField
          id={fieldId('time_zone')}
          label="Time Zone"
          error={errors.time_zone?.message}
          hint="Dates and opening hours are read in this zone."
          className="sm:col-span-2"
        >
          <NativeSelect {...register('time_zone')}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
    </FormSection>
  );
}

// ── Amenities ──────────────────────────────────────────────────────────────────────

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

// ── Hours of Operation ─────────────────────────────────────────────────────────────

function TimeSelect({
  id,
  value,
  onChange,
  disabled,
  label,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  disabled?: boolean;
  label: string;
  invalid?: boolean;
}) {
  return (
    <NativeSelect
      id={id}
      aria-label={label}
      aria-invalid={invalid || undefined}
      selectClassName="h-10"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    >
      {TIME_CHOICES.map((t) => (
        <option key={t} value={t}>
          {formatTime12(t)}
        </option>
      ))}
    </NativeSelect>
  );
}

function dayError(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const e = errors as { open?: FieldError; close?: FieldError; message?: string };
  return e.open?.message ?? e.close?.message ?? e.message;
}

export function HoursSection() {
  const {
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
            label="Opening time for all days"
            value={allOpen}
            onChange={setAllOpen}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="venue-all-close">Closes</Label>
          <TimeSelect
            id="venue-all-close"
            label="Closing time for all days"
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

      <ul className="divide-y divide-border rounded-xl border border-border">
        {WEEK_DAYS.map((day) => (
          <DayRow key={day} day={day} error={dayError(errors.hours?.[day])} />
        ))}
      </ul>
    </FormSection>
  );
}

function DayRow({ day, error }: { day: WeekDay; error?: string }) {
  const { control } = useFormContext<VenueFormValues>();
  const closed = useWatch({ control, name: `hours.${day}.closed` });
  const label = dayLabel(day);
  return (
    <li className="grid grid-cols-2 items-center gap-x-3 gap-y-2 px-4 py-3 sm:grid-cols-[7rem_minmax(0,1fr)_minmax(0,1fr)_6rem]">
      <span className="font-medium">{label}</span>
      <Controller
        control={control}
        name={`hours.${day}.open`}
        render={({ field }) => (
          <TimeSelect
            id={fieldId(`hours-${day}-open`)}
            label={`${label} opening time`}
            value={field.value}
            onChange={field.onChange}
            disabled={closed}
            invalid={Boolean(error)}
          />
        )}
      />
      <Controller
        control={control}
        name={`hours.${day}.close`}
        render={({ field }) => (
          <TimeSelect
            id={fieldId(`hours-${day}-close`)}
            label={`${label} closing time`}
            value={field.value}
            onChange={field.onChange}
            disabled={closed}
            invalid={Boolean(error)}
          />
        )}
      />
      <Controller
        control={control}
        name={`hours.${day}.closed`}
        render={({ field }) => (
          <label className="col-start-2 row-start-1 flex cursor-pointer items-center justify-end gap-2 text-sm text-muted-foreground sm:col-start-4">
            <Checkbox
              checked={field.value}
              onCheckedChange={(v) => field.onChange(v === true)}
              onBlur={field.onBlur}
              aria-label={`${label} closed`}
            />
            Closed
          </label>
        )}
      />
      {error && (
        <p className="col-span-2 text-sm text-danger sm:col-span-4" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

// ── Pricing ────────────────────────────────────────────────────────────────────────

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
      <CancellationPolicyField />
    </FormSection>
  );
}

// ── Cancellation policy (payments) ──────────────────────────────────────────────────

/** The venue's refund rule: shown to guests before they book and before they cancel. */
function CancellationPolicyField() {
  const { control, register } = useFormContext<VenueFormValues>();
  const policy = useWatch({ control, name: 'cancellation_policy' });
  return (
    <fieldset className="mt-6 grid gap-3 border-t border-border pt-6">
      <legend className="text-sm font-semibold">Cancellation Policy</legend>
      <p className="text-sm text-muted-foreground">
        What a guest gets back when they cancel. If you cancel, the guest is always refunded in full.
      </p>
      <div className="grid gap-3 lg:grid-cols-3">
        {CANCELLATION_POLICIES.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              policy === value
                ? 'border-accent/60 bg-accent/10'
                : 'border-border bg-surface-raised/60 hover:border-input',
            )}
          >
            <input
              type="radio"
              value={value}
              className="mt-1 size-4 accent-fuchsia-500"
              {...register('cancellation_policy')}
            />
            <span>
              <span className="block font-semibold">{CANCELLATION_POLICY_LABELS[value]}</span>
              <span className="mt-1 block text-sm text-muted-foreground">
                {CANCELLATION_POLICY_DESCRIPTIONS[value]}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// ── Payment & Financial Information ────────────────────────────────────────────────

export function PaymentSection() {
  const {
    register,
    formState: { errors },
  } = useFormContext<VenueFormValues>();
  return (
    <FormSection
      id="payment"
      title="Payment & Financial Information"
      icon={Landmark}
      description={
        <>
          <Lock className="mr-1.5 inline size-3.5 align-[-2px]" aria-hidden="true" />
          Used for payouts after events. Only you and the Velvet admin can see these details.
        </>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={fieldId('bank_account_holder_name')}
          label="Bank Account Holder Name"
          error={errors.bank_account_holder_name?.message}
        >
          <Input autoComplete="name" {...register('bank_account_holder_name')} />
        </FormField>
        <FormField id={fieldId('tax_id')} label="Tax ID" error={errors.tax_id?.message}>
          <Input autoComplete="off" {...register('tax_id')} />
        </FormField>
        <FormField
          id={fieldId('bank_account_number')}
          label="Bank Account Number"
          error={errors.bank_account_number?.message}
        >
          <Input inputMode="numeric" autoComplete="off" {...register('bank_account_number')} />
        </FormField>
        <FormField
          id={fieldId('bank_routing_number')}
          label="Bank Routing Number"
          error={errors.bank_routing_number?.message}
        >
          <Input inputMode="numeric" autoComplete="off" {...register('bank_routing_number')} />
        </FormField>
      </div>
    </FormSection>
  );
}
