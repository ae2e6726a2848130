/** The pricing-type choice (hourly rate or minimum spend) wherever a price is set: weekly hours and date overrides. */
import { PRICING_TYPES, pricingTypeLabel, type PricingType } from '@/domain/pricing';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';

export function PricingTypeSelect({
  id,
  value,
  onChange,
  disabled,
  label,
}: {
  id: string;
  value: PricingType;
  onChange: (value: PricingType) => void;
  disabled?: boolean;
  /** An accessible name when no visible label points at `id`. */
  label?: string;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as PricingType)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {PRICING_TYPES.map((type) => (
          <SelectItem key={type} value={type}>
            {pricingTypeLabel(type)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
