import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardFieldErrors,
  fieldForErrorCode,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  passesLuhn,
} from './card';

describe('card form helpers', () => {
  it('checks the Luhn sum of the test cards', () => {
    for (const n of ['4242424242424242', '4000000000000002', '4000002500003155', '4000002760003184']) {
      expect(passesLuhn(n)).toBe(true);
    }
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242')).toBe(false);
  });

  it('formats the number in groups as typed', () => {
    expect(formatCardNumber('42424242')).toBe('4242 4242');
    expect(formatCardNumber('4242 4242 4242 4242 99999')).toBe('4242 4242 4242 4242 999');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(cardBrand('5555 5555')).toBe('mastercard');
  });

  it('formats and parses the expiry', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('13 / 30')).toBeNull();
    expect(parseExpiry('12 / 3')).toBeNull();
  });

  it('says what is wrong, inline', () => {
    const now = new Date('2026-11-23T09:00:00Z');
    expect(cardFieldErrors({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' }, now)).toEqual(
      {},
    );
    expect(cardFieldErrors({ number: '4242 4242 4242 4241', expiry: '10 / 26', cvc: '12' }, now)).toEqual({
      number: 'Your card number is invalid.',
      expiry: "Your card's expiration year is in the past.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(cardFieldErrors({ number: '', expiry: '1', cvc: '' }, now).number).toBe(
      'Your card number is incomplete.',
    );
    expect(cardFieldErrors({ number: '4242424242424242', expiry: '11 / 26', cvc: '123' }, now)).toEqual({});
  });

  it('maps processor codes to the field they concern', () => {
    expect(fieldForErrorCode('incorrect_number')).toBe('number');
    expect(fieldForErrorCode('invalid_expiry')).toBe('expiry');
    expect(fieldForErrorCode('invalid_cvc')).toBe('cvc');
    expect(fieldForErrorCode('card_declined')).toBeNull();
  });
});
