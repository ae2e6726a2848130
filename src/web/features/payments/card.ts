/**
 * The local processor's card form works like a provider's hosted field: it formats as you type
 * and says what is wrong inline. These checks only help the guest — the processor decides
 * (a Luhn-invalid number is refused there too).
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

export function cardBrand(number: string): CardBrand {
  const d = digitsOnly(number);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(d)) return 'discover';
  return 'unknown';
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(number: string): boolean {
  const d = digitsOnly(number);
  if (d.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** "4242424242424242" → "4242 4242 4242 4242" (Amex: 4-6-5). At most 19 digits. */
export function formatCardNumber(value: string): string {
  const d = digitsOnly(value).slice(0, 19);
  if (cardBrand(d) === 'amex') {
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  }
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Typed expiry → "MM / YY" as the guest types ("1" stays "1", "13" becomes "01 / 3"). */
export function formatExpiry(value: string): string {
  let d = digitsOnly(value).slice(0, 4);
  if (d.length === 1 && Number(d) > 1) d = `0${d}`;
  if (d.length >= 2 && Number(d.slice(0, 2)) > 12) d = `0${d}`.slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

export function parseExpiry(value: string): { month: number; year: number } | null {
  const d = digitsOnly(value);
  if (d.length !== 4) return null;
  const month = Number(d.slice(0, 2));
  const year = 2000 + Number(d.slice(2));
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

/** Inline messages in the words card forms use. `now` decides whether the expiry has passed. */
export function cardFieldErrors(fields: CardFields, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOnly(fields.number);
  if (!number) errors.number = 'Your card number is incomplete.';
  else if (number.length < 13) errors.number = 'Your card number is incomplete.';
  else if (!passesLuhn(number)) errors.number = 'Your card number is invalid.';

  const expiry = parseExpiry(fields.expiry);
  if (!digitsOnly(fields.expiry) || digitsOnly(fields.expiry).length < 4) {
    errors.expiry = "Your card's expiration date is incomplete.";
  } else if (!expiry) {
    errors.expiry = "Your card's expiration date is invalid.";
  } else {
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (expiry.year * 12 + expiry.month - 1 < thisMonth) {
      errors.expiry = "Your card's expiration year is in the past.";
    }
  }

  const cvc = digitsOnly(fields.cvc);
  const cvcLength = cardBrand(number) === 'amex' ? 4 : 3;
  if (cvc.length < cvcLength) errors.cvc = "Your card's security code is incomplete.";
  return errors;
}

/** Which field a processor error code belongs to (shown inline under it). */
export function fieldForErrorCode(code: string | undefined): keyof CardFields | null {
  switch (code) {
    case 'invalid_number':
    case 'incorrect_number':
      return 'number';
    case 'invalid_expiry':
    case 'invalid_expiry_month':
    case 'invalid_expiry_year':
    case 'expired_card':
      return 'expiry';
    case 'invalid_cvc':
    case 'incorrect_cvc':
      return 'cvc';
    default:
      return null;
  }
}
