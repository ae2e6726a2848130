/*
 * The local processor's card fields, built to feel like a provider's hosted field: one framed
 * box with number, expiry and CVC, 16 px text (no zoom on phones), formatting as you type and
 * the problem said inline under the box. The number is posted straight to the processor and
 * never kept anywhere else.
 */
import { useId } from 'react';
import { CreditCard } from 'lucide-react';
import { cn } from '@/web/lib/utils';
import { cardBrand, formatCardNumber, formatExpiry, type CardErrors, type CardFields } from './card';

const fieldInput =
  'h-12 w-full min-w-0 bg-transparent px-3.5 text-base text-foreground outline-none placeholder:text-muted-foreground/70 disabled:cursor-not-allowed disabled:opacity-60';

interface FieldProps {
  value: CardFields;
  onChange: (next: CardFields) => void;
  errors: CardErrors;
  /** Errors show for fields the guest has left (or after a submit). */
  touched: Partial<Record<keyof CardFields, boolean>>;
  onBlurField: (field: keyof CardFields) => void;
  disabled?: boolean;
}

/** One of the three inputs: a hidden label, card autofill hints, the shared error description. */
function CardInput({
  field,
  id,
  label,
  name,
  autoComplete,
  placeholder,
  className,
  format,
  errorId,
  described,
  props,
}: {
  field: keyof CardFields;
  id: string;
  label: string;
  name: string;
  autoComplete: string;
  placeholder: string;
  className?: string;
  /** The new field value from what was typed (and the value before it). */
  format: (typed: string, before: string) => string;
  errorId: string;
  described: boolean;
  props: FieldProps;
}) {
  const { value, onChange, errors, touched, onBlurField, disabled } = props;
  return (
    <>
      <label htmlFor={`${id}-${field}`} className="sr-only">
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        name={name}
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        className={cn(fieldInput, 'font-mono', className)}
        value={value[field]}
        disabled={disabled}
        aria-invalid={touched[field] && errors[field] ? true : undefined}
        aria-describedby={described ? errorId : undefined}
        onChange={(e) => onChange({ ...value, [field]: format(e.target.value, value[field]) })}
        onBlur={() => onBlurField(field)}
      />
    </>
  );
}

export function LocalCardFields(props: FieldProps) {
  const { value, errors, touched } = props;
  const id = useId();
  const shown = (['number', 'expiry', 'cvc'] as const)
    .filter((f) => touched[f] && errors[f])
    .map((f) => errors[f]!);
  const brand = cardBrand(value.number);
  const errorId = `${id}-card-error`;
  const common = { id, errorId, described: shown.length > 0, props };

  return (
    <fieldset className="grid gap-2" data-testid="card-fields">
      <legend className="mb-2 text-sm font-medium leading-none">Card details</legend>
      <div
        className={cn(
          'overflow-hidden rounded-xl border bg-surface-raised transition-colors focus-within:border-accent focus-within:ring-2 focus-within:ring-ring/40',
          shown.length > 0 ? 'border-danger' : 'border-input',
        )}
      >
        <div className="relative flex items-center border-b border-input/70">
          <CardInput
            {...common}
            field="number"
            label="Card number"
            name="cardnumber"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            className="pr-20 tracking-wide"
            format={(typed) => formatCardNumber(typed)}
          />
          <span className="pointer-events-none absolute right-3 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {brand !== 'unknown' && <span>{brand}</span>}
            <CreditCard className="size-5" aria-hidden="true" />
          </span>
        </div>
        <div className="grid grid-cols-2">
          <div className="border-r border-input/70">
            <CardInput
              {...common}
              field="expiry"
              label="Expiration date (MM / YY)"
              name="exp-date"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              // Deleting back over the " / " separator removes the digit before it.
              format={(typed, before) =>
                formatExpiry(
                  typed.length < before.length && before.endsWith(' / ') ? typed.slice(0, 1) : typed,
                )
              }
            />
          </div>
          <div>
            <CardInput
              {...common}
              field="cvc"
              label="Security code (CVC)"
              name="cvc"
              autoComplete="cc-csc"
              placeholder="CVC"
              format={(typed) => typed.replace(/\D/g, '').slice(0, 4)}
            />
          </div>
        </div>
      </div>
      {shown.length > 0 && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {shown[0]}
        </p>
      )}
    </fieldset>
  );
}
