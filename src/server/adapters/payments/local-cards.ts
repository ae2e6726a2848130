/**
 * The built-in processor's card rules: the test cards it knows (Stripe's), their behaviour, and
 * the checks a card must pass (Luhn, expiry, CVC) with the message of each refusal.
 */
import type { LocalCard, LocalConfirmResponse } from '@/domain/contract/payments';
import { cardBrand, passesLuhn } from '@/domain/payments';

export type LocalDeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'invalid_number'
  | 'incorrect_number'
  | 'invalid_expiry'
  | 'invalid_cvc'
  | 'authentication_failed'
  | 'authentication_required';

/** The answer of the card form's confirm and of the authentication challenge. */
/** The wire answer, with the decline codes this processor uses. */
export interface LocalConfirmResult extends LocalConfirmResponse {
  error?: { code: LocalDeclineCode; message: string };
}

export const LOCAL_MESSAGES: Record<LocalDeclineCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  invalid_number: 'Your card number is invalid.',
  incorrect_number: 'Your card number is incorrect.',
  invalid_expiry: "Your card's expiration date is invalid.",
  invalid_cvc: "Your card's security code is invalid.",
  authentication_failed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  authentication_required: 'This card requires authentication; the customer must complete it on-session.',
};

export type Behaviour = 'ok' | 'auth_once' | 'auth_always' | 'declined' | 'insufficient_funds';

export const TEST_CARDS: Record<string, Behaviour> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000002500003155': 'auth_once',
  '4000002760003184': 'auth_always',
};

export const OPEN_STATUSES = ['requires_payment_method', 'requires_action', 'processing'] as const;

/** Card checks of a hosted field: number format and Luhn, expiry (not past at `now`), CVC. */
export function checkCard(card: LocalCard, now: Date): LocalDeclineCode | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return 'invalid_number';
  if (!passesLuhn(digits)) return 'incorrect_number';
  const month = card.exp_month;
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return 'invalid_expiry';
  // A card is valid through the last day of its expiry month.
  const nowMonths = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < nowMonths || year > now.getUTCFullYear() + 20) return 'invalid_expiry';
  const brand = cardBrand(digits);
  if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(card.cvc)) return 'invalid_cvc';
  return null;
}
