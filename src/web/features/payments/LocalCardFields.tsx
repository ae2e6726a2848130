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

export function LocalCardFields({
  value,
  onChange,
  errors,
  touched,
  onBlurField,
  disabled,
}: {
  value: CardFields;
  onChange: (next: CardFields) => void;
  errors: CardErrors;
  /** Errors show for fields the guest has left (or after a submit). */
  touched: Partial<Record<keyof CardFields, boolean>>;
  onBlurField: (field: keyof CardFields) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const shown = (['number', 'expiry', 'cvc'] as const)
    .filter((f) => touched[f] && errors[f])
    .map((f) => errors[f]!);
  const brand = cardBrand(value.number);
  const errorId = `${id}-card-error`;

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
          <label htmlFor={`${id}-number`} className="sr-only">
            Card number
          </label>
          <input
            id={`${id}-number`}
            name="cardnumber"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            className={cn(fieldInput, 'pr-20 font-mono tracking-wide')}
            value={value.number}
            disabled={disabled}
            aria-invalid={touched.number && errors.number ? true : undefined}
            aria-describedby={shown.length ? errorId : undefined}
            onChange={(e) => onChange({ ...value, number: formatCardNumber(e.target.value) })}
            onBlur={() => onBlurField('number')}
          />
          <span className="pointer-events-none absolute right-3 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {brand !== 'unknown' && <span>{brand}</span>}
            <CreditCard className="size-5" aria-hidden="true" />
          </span>
        </div>
        <div className="grid grid-cols-2">
          <div className="border-r border-input/70">
            <label htmlFor={`${id}-expiry`} className="sr-only">
              Expiration date (MM / YY)
            </label>
            <input
              id={`${id}-expiry`}
              name="exp-date"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              className={cn(fieldInput, 'font-mono')}
              value={value.expiry}
              disabled={disabled}
              aria-invalid={touched.expiry && errors.expiry ? true : undefined}
              aria-describedby={shown.length ? errorId : undefined}
              onChange={(e) => {
                const raw = e.target.value;
                // Deleting back over the " / " separator removes the digit before it.
                const next =
                  raw.length < value.expiry.length && value.expiry.endsWith(' / ') ? raw.slice(0, 1) : raw;
                onChange({ ...value, expiry: formatExpiry(next) });
              }}
              onBlur={() => onBlurField('expiry')}
            />
          </div>
          <div>
            <label htmlFor={`${id}-cvc`} className="sr-only">
              Security code (CVC)
            </label>
            <input
              id={`${id}-cvc`}
              name="cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="CVC"
              className={cn(fieldInput, 'font-mono')}
              value={value.cvc}
              disabled={disabled}
              aria-invalid={touched.cvc && errors.cvc ? true : undefined}
              aria-describedby={shown.length ? errorId : undefined}
              onChange={(e) => onChange({ ...value, cvc: e.target.value.replace(/\D/g, '').slice(0, 4) })}
              onBlur={() => onBlurField('cvc')}
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
