/*
 * Card form for the built-in processor (PAYMENT_PROVIDER=local): posts the card to
 * /api/local-processor/confirm, runs the bank's challenge when the card asks for one, and
 * reports the outcome. Failures stay in the form with the processor's message (SPEC §8).
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { paymentsApi } from './api';
import { AuthenticationChallenge } from './AuthenticationChallenge';
import { cardFieldErrors, digitsOnly, fieldForErrorCode, parseExpiry, type CardFields } from './card';
import { LocalCardFields } from './LocalCardFields';
import {
  PAYMENT_FAILED,
  PAYMENT_FAILED_FALLBACK,
  PAYMENT_NOT_READY,
  PAYMENT_NOT_READY_MESSAGE,
} from './messages';
import { CardholderNameField, PayButton, SecureNote, type PaymentFormProps } from './PaymentParts';
import type { LocalConfirmResponse } from '@/domain/contract/payments';

const EMPTY: CardFields = { number: '', expiry: '', cvc: '' };

export function LocalPaymentForm({
  clientSecret,
  isMinimumSpend,
  amountCents,
  cardholderName,
  onCardholderNameChange,
  onSucceeded,
  onNotSucceeded,
}: PaymentFormProps) {
  const id = useId();
  const [card, setCard] = useState<CardFields>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof CardFields, boolean>>>({});
  const [serverError, setServerError] = useState<{ field: keyof CardFields; message: string } | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);

  const errors = useMemo(() => {
    const local = cardFieldErrors(card);
    if (serverError && !local[serverError.field]) local[serverError.field] = serverError.message;
    return local;
  }, [card, serverError]);

  const handle = (answer: LocalConfirmResponse) => {
    if (answer.status === 'succeeded') return onSucceeded(answer.intent_id);
    if (answer.status === 'requires_action') return setChallenge(answer.intent_id);
    if (answer.status === 'failed') {
      setChallenge(null);
      const message = answer.error?.message || PAYMENT_FAILED_FALLBACK;
      const field = fieldForErrorCode(answer.error?.code);
      if (field) {
        setServerError({ field, message });
        setTouched((t) => ({ ...t, [field]: true }));
      }
      toast.error(PAYMENT_FAILED, message);
      return;
    }
    onNotSucceeded(answer.intent_id);
  };

  const confirm = useMutation({
    mutationFn: (vars: { secret: string; fields: CardFields; name: string }) => {
      const expiry = parseExpiry(vars.fields.expiry)!;
      return paymentsApi.confirmLocal(vars.secret, {
        name: vars.name,
        number: digitsOnly(vars.fields.number),
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: digitsOnly(vars.fields.cvc),
      });
    },
    onSuccess: handle,
    onError: (error) => toast.error(PAYMENT_FAILED, errorMessage(error, PAYMENT_FAILED_FALLBACK)),
  });

  const authenticate = useMutation({
    mutationFn: (vars: { intentId: string; secret: string; outcome: 'complete' | 'fail' }) =>
      paymentsApi.authenticateLocal(vars.intentId, vars.secret, vars.outcome),
    onSuccess: (answer) => {
      setChallenge(null);
      handle(answer);
    },
    onError: (error) => {
      setChallenge(null);
      toast.error(PAYMENT_FAILED, errorMessage(error, PAYMENT_FAILED_FALLBACK));
    },
  });

  const processing = confirm.isPending || authenticate.isPending || challenge !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!clientSecret) {
      toast.warning(PAYMENT_NOT_READY, PAYMENT_NOT_READY_MESSAGE);
      return;
    }
    if (!cardholderName.trim() || processing) return;
    setTouched({ number: true, expiry: true, cvc: true });
    if (Object.keys(cardFieldErrors(card)).length > 0) return;
    confirm.mutate({ secret: clientSecret, fields: card, name: cardholderName.trim() });
  };

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate aria-label="Card payment">
      <CardholderNameField
        id={`${id}-name`}
        value={cardholderName}
        onChange={onCardholderNameChange}
        disabled={processing}
      />
      <LocalCardFields
        value={card}
        onChange={(next) => {
          setCard(next);
          setServerError(null);
        }}
        errors={errors}
        touched={touched}
        onBlurField={(field) =>
          setTouched((t) => ({ ...t, [field]: Boolean(digitsOnly(card[field])) || t[field] }))
        }
        disabled={processing}
      />
      <PayButton
        isMinimumSpend={isMinimumSpend}
        amountCents={amountCents}
        processing={processing}
        disabled={!cardholderName.trim() || !clientSecret}
      />
      <SecureNote>
        Processed by Velvet&apos;s built-in card processor. Your full card number is never stored — only its
        brand and last 4 digits.
      </SecureNote>
      {challenge && clientSecret && (
        <AuthenticationChallenge
          open
          amountCents={amountCents}
          isMinimumSpend={isMinimumSpend}
          pending={authenticate.isPending}
          onOutcome={(outcome) => authenticate.mutate({ intentId: challenge, secret: clientSecret, outcome })}
        />
      )}
    </form>
  );
}
