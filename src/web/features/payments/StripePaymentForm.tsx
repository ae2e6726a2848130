/*
 * Card form for PAYMENT_PROVIDER=stripe: Stripe Elements, loaded only here — this module is its
 * own chunk, imported by the payment dialog only when the server says the provider is Stripe,
 * so Stripe's script never loads on other pages or with the local processor.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { AlertTriangle } from 'lucide-react';
import { toast } from '@/web/lib/toast';
import {
  CARD_INPUT_NOT_READY,
  PAYMENT_FAILED,
  PAYMENT_FAILED_FALLBACK,
  PAYMENT_NOT_READY,
  PAYMENT_NOT_READY_MESSAGE,
  STRIPE_FAILED_TO_LOAD,
} from './messages';
import { CardholderNameField, PayButton, SecureNote, type PaymentFormProps } from './PaymentParts';

const loaded = new Map<string, Promise<Stripe | null>>();

function stripeFor(key: string): Promise<Stripe | null> {
  let promise = loaded.get(key);
  if (!promise) {
    promise = loadStripe(key).catch(() => null);
    loaded.set(key, promise);
  }
  return promise;
}

export default function StripePaymentForm(props: PaymentFormProps) {
  const [stripe, setStripe] = useState<Stripe | null | 'loading'>('loading');

  useEffect(() => {
    let live = true;
    if (!props.publishableKey) {
      setStripe(null);
      toast.error(STRIPE_FAILED_TO_LOAD);
      return;
    }
    void stripeFor(props.publishableKey).then((s) => {
      if (!live) return;
      setStripe(s);
      if (!s) {
        loaded.delete(props.publishableKey!);
        toast.error(STRIPE_FAILED_TO_LOAD);
      }
    });
    return () => {
      live = false;
    };
  }, [props.publishableKey]);

  if (stripe === null) {
    return (
      <p
        role="alert"
        className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
        {STRIPE_FAILED_TO_LOAD}. Check your connection and open the payment again.
      </p>
    );
  }
  return (
    <Elements stripe={stripe === 'loading' ? null : stripe}>
      <StripeCardForm {...props} />
    </Elements>
  );
}

function StripeCardForm({
  clientSecret,
  isMinimumSpend,
  amountCents,
  cardholderName,
  onCardholderNameChange,
  onSucceeded,
  onNotSucceeded,
}: PaymentFormProps) {
  const id = useId();
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !clientSecret) {
      toast.warning(PAYMENT_NOT_READY, PAYMENT_NOT_READY_MESSAGE);
      return;
    }
    const card = elements.getElement(CardElement);
    if (!card) {
      toast.error(CARD_INPUT_NOT_READY);
      return;
    }
    if (!cardholderName.trim()) return;
    setProcessing(true);
    try {
      const payment_method = { card, billing_details: { name: cardholderName.trim() } };
      if (isMinimumSpend) {
        const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, { payment_method });
        if (error) {
          toast.error(PAYMENT_FAILED, error.message || PAYMENT_FAILED_FALLBACK);
          return;
        }
        if (setupIntent?.status === 'succeeded') onSucceeded(setupIntent.id);
        else onNotSucceeded(setupIntent?.id);
      } else {
        const { paymentIntent, error } = await stripe.confirmCardPayment(clientSecret, { payment_method });
        if (error) {
          toast.error(PAYMENT_FAILED, error.message || PAYMENT_FAILED_FALLBACK);
          return;
        }
        if (paymentIntent?.status === 'succeeded') onSucceeded(paymentIntent.id);
        else onNotSucceeded(paymentIntent?.id);
      }
    } catch {
      toast.error(PAYMENT_FAILED, PAYMENT_FAILED_FALLBACK);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-5" noValidate aria-label="Card payment">
      <CardholderNameField
        id={`${id}-name`}
        value={cardholderName}
        onChange={onCardholderNameChange}
        disabled={processing}
      />
      <div className="grid gap-2">
        <span className="text-sm font-medium leading-none">Card details</span>
        <div className="rounded-xl border border-input bg-surface-raised px-3.5 py-3.5 focus-within:border-accent">
          <CardElement
            options={{
              hidePostalCode: true,
              style: {
                base: {
                  fontSize: '16px',
                  color: '#f5f3fa',
                  iconColor: '#d8b4fe',
                  '::placeholder': { color: '#8f8aa3' },
                },
                invalid: { color: '#f87171', iconColor: '#f87171' },
              },
            }}
            onChange={(e) => setCardError(e.error?.message ?? null)}
          />
        </div>
        {cardError && (
          <p role="alert" className="text-sm text-danger">
            {cardError}
          </p>
        )}
      </div>
      <PayButton
        isMinimumSpend={isMinimumSpend}
        amountCents={amountCents}
        processing={processing}
        disabled={!cardholderName.trim() || !clientSecret || !stripe}
      />
      <SecureNote>Card details go straight to Stripe; Velvet never sees your card number.</SecureNote>
    </form>
  );
}
