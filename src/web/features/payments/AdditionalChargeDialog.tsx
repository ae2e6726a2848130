/*
 * Report Additional Charge (SPEC §4 Payment, §5 Additional charge, §8): the venue's host charges
 * the card on file of a past minimum-spend booking. The six SPEC reasons, amount ≥ 0.01, a
 * custom reason for 'other', the description defaulting to the custom reason or 'Additional
 * charge for {reason}'. The server charges off-session and answers success / code / error.
 * Default export: loaded lazily.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Receipt } from 'lucide-react';
import { CHARGE_REASON_LABELS, CHARGE_REASONS, chargeDescription, type ChargeReason } from '@/domain/charges';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import type { Booking } from '@/domain/contract';
import { isApiError } from '@/web/lib/api';
import { TwoFactorRequired, twoFactorRequiredMessage } from '@/web/components/TwoFactorRequired';
import { toast } from '@/web/lib/toast';
import { invalidatePaymentViews, paymentsApi } from './api';
import { cardLabel, dollarsToCents, formatCents } from './format';
import { ChargeConfirmStep } from './ChargeConfirmStep';
import {
  CHARGE_DECLINED,
  CHARGE_DECLINED_MESSAGE,
  CHARGE_FAILED,
  CHARGE_FAILED_FALLBACK,
  CHARGE_INVALID_AMOUNT,
  CHARGE_INVALID_AMOUNT_MESSAGE,
  CHARGE_MISSING_INFORMATION,
  CHARGE_MISSING_INFORMATION_MESSAGE,
  CHARGE_NETWORK_ERROR,
  CHARGE_NETWORK_ERROR_MESSAGE,
  CHARGE_REQUIRES_AUTHENTICATION,
  CHARGE_REQUIRES_AUTHENTICATION_MESSAGE,
} from './messages';
import type { AdditionalChargeResponse } from '@/domain/contract/payments';

interface ChargeVars {
  amount: number;
  reason: ChargeReason;
  customReason: string | null;
  description: string;
}

export default function AdditionalChargeDialog({
  booking,
  open,
  onOpenChange,
}: {
  booking: Booking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<ChargeReason | ''>('');
  const [customReason, setCustomReason] = useState('');
  const [description, setDescription] = useState('');
  const [needsTwoFactor, setNeedsTwoFactor] = useState<string | null>(null);
  // The final step (issue 30): what Confirm will charge; null while the form shows.
  const [confirming, setConfirming] = useState<ChargeVars | null>(null);

  const charge = useMutation({
    mutationFn: (vars: ChargeVars) =>
      paymentsApi.chargeAdditional({
        paymentIntentId: booking.payment_intent_id ?? '',
        amount: vars.amount,
        reason: vars.reason,
        custom_reason: vars.customReason,
        description: vars.description,
        bookingId: booking.id,
        venueId: booking.venue_id,
        userId: booking.user_id,
      }),
    onSuccess: (answer: AdditionalChargeResponse, vars) => {
      if (answer.success) {
        toast.success(
          'Additional Charge Processed',
          `${formatCents(Math.round(vars.amount * 100))} was charged to the customer's card on file. They have been sent a receipt.`,
        );
        onOpenChange(false);
        setConfirming(null);
        setAmount('');
        setReason('');
        setCustomReason('');
        setDescription('');
      } else if (answer.code === 'authentication_required') {
        toast.error(CHARGE_REQUIRES_AUTHENTICATION, CHARGE_REQUIRES_AUTHENTICATION_MESSAGE);
      } else if (answer.code === 'card_declined') {
        toast.error(CHARGE_DECLINED, CHARGE_DECLINED_MESSAGE);
      } else {
        toast.error(CHARGE_FAILED, answer.error || CHARGE_FAILED_FALLBACK);
      }
    },
    onError: (error) => {
      // Decision 76: a first additional charge needs two-factor sign-in; say so in the dialog.
      const twoFactor = twoFactorRequiredMessage(error);
      if (twoFactor) {
        setNeedsTwoFactor(twoFactor);
        return;
      }
      // The server refused the request itself (access, validation): its message; else a network failure.
      if (isApiError(error) && error.fromService)
        toast.error(CHARGE_FAILED, error.message || CHARGE_FAILED_FALLBACK);
      else toast.error(CHARGE_NETWORK_ERROR, CHARGE_NETWORK_ERROR_MESSAGE);
    },
    onSettled: () => invalidatePaymentViews(queryClient, booking.venue_id),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!amount.trim() || !reason || (reason === 'other' && !customReason.trim())) {
      toast.error(CHARGE_MISSING_INFORMATION, CHARGE_MISSING_INFORMATION_MESSAGE);
      return;
    }
    const cents = dollarsToCents(amount);
    if (cents === null || cents < 1) {
      toast.error(CHARGE_INVALID_AMOUNT, CHARGE_INVALID_AMOUNT_MESSAGE);
      return;
    }
    setConfirming({
      amount: cents / 100,
      reason,
      customReason: reason === 'other' ? customReason.trim() : null,
      description: chargeDescription(reason, reason === 'other' ? customReason : null, description),
    });
  };

  const placeholder = reason
    ? chargeDescription(reason, reason === 'other' ? customReason : null, null)
    : 'Describe the charge for the customer';

  return (
    <Dialog open={open} onOpenChange={(next) => !charge.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-lg" data-testid="charge-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Receipt className="size-5 text-accent-soft" aria-hidden="true" />
            Report Additional Charge
          </DialogTitle>
          <DialogDescription>
            Charge {booking.guest?.full_name || 'the customer'}&apos;s card on file
            {booking.card ? ` (${cardLabel(booking.card)})` : ''} for costs after the event. The customer gets
            an email with the amount and reason.
          </DialogDescription>
        </DialogHeader>
        {needsTwoFactor && <TwoFactorRequired message={needsTwoFactor} />}
        <form id={`${id}-form`} onSubmit={submit} noValidate className="grid gap-4" hidden={!!confirming}>
          <FormField id={`${id}-reason`} label="Reason">
            <Select value={reason} onValueChange={(v) => setReason(v as ChargeReason)}>
              <SelectTrigger aria-label="Reason">
                <SelectValue placeholder="Select a reason" />
              </SelectTrigger>
              <SelectContent>
                {CHARGE_REASONS.map((r) => (
                  <SelectItem key={r} value={r}>
                    {CHARGE_REASON_LABELS[r]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          {reason === 'other' && (
            <FormField id={`${id}-custom`} label="Custom reason">
              <Input value={customReason} onChange={(e) => setCustomReason(e.target.value)} maxLength={200} />
            </FormField>
          )}
          <FormField id={`${id}-amount`} label="Amount (USD)" hint="Minimum $0.01.">
            <Input
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              placeholder="0.00"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </FormField>
          <FormField id={`${id}-description`} label="Description (optional)">
            <Textarea
              rows={3}
              value={description}
              placeholder={placeholder}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={500}
            />
          </FormField>
        </form>
        <DialogFooter hidden={!!confirming}>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={charge.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={charge.isPending}>
            {charge.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Charge Card
          </Button>
        </DialogFooter>
        {confirming && (
          <ChargeConfirmStep
            amountCents={Math.round(confirming.amount * 100)}
            guestName={booking.guest?.full_name || 'the customer'}
            reason={confirming.customReason || CHARGE_REASON_LABELS[confirming.reason]}
            pending={charge.isPending}
            onBack={() => setConfirming(null)}
            onConfirm={() => charge.mutate(confirming)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
