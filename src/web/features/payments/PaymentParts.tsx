/** Pieces both card forms (local processor and Stripe Elements) share. */
import type { ReactNode } from 'react';
import { Loader2, Lock } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { formatCents } from './format';

export function CardholderNameField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Cardholder Name</Label>
      <Input
        id={id}
        name="ccname"
        autoComplete="cc-name"
        placeholder="Name on card"
        required
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        // 16 px on every screen, like the card fields (no zoom on phones).
        className="h-12 sm:text-base"
      />
    </div>
  );
}

/** Pay is disabled while the name is blank, without a client secret, or while processing (SPEC §5). */
export function PayButton({
  isMinimumSpend,
  amountCents,
  processing,
  disabled,
}: {
  isMinimumSpend: boolean;
  amountCents: number;
  processing: boolean;
  disabled: boolean;
}) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={disabled || processing}>
      {processing ? (
        <>
          <Loader2 className="animate-spin" aria-hidden="true" />
          Processing...
        </>
      ) : (
        <>
          <Lock aria-hidden="true" />
          {isMinimumSpend ? 'Save Card' : `Pay ${formatCents(amountCents)}`}
        </>
      )}
    </Button>
  );
}

export function SecureNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start justify-center gap-1.5 text-center text-xs text-muted-foreground">
      <Lock className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/** What the card forms report back to the dialog. */
export interface PaymentFormProps {
  bookingId: string;
  clientSecret: string | null;
  isMinimumSpend: boolean;
  amountCents: number;
  publishableKey?: string;
  cardholderName: string;
  onCardholderNameChange: (value: string) => void;
  /** The provider says succeeded: go to /payment-success with the intent. */
  onSucceeded: (intentId: string) => void;
  /** Neither succeeded nor failed (e.g. still processing): go to /payment-success with the booking id. */
  onNotSucceeded: (intentId?: string) => void;
}
