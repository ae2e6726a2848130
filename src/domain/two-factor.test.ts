import { describe, expect, it } from 'vitest';
import { signInTwoFactorSchema, twoFactorConfirmSchema } from './schemas';
import { normalizeTotp } from './two-factor';

describe('two-factor codes (decision 76)', () => {
  it('drops the spaces and dashes an app shows between the groups', () => {
    expect(normalizeTotp('123 456')).toBe('123456');
    expect(twoFactorConfirmSchema.parse({ code: ' 123-456 ' }).code).toBe('123456');
  });

  it('a TOTP code is six digits', () => {
    for (const code of ['12345', '1234567', 'abcdef', ''])
      expect(twoFactorConfirmSchema.safeParse({ code }).success, code).toBe(false);
  });

  it('the sign-in step: a six-digit app code, or a recovery code as typed', () => {
    expect(signInTwoFactorSchema.parse({ code: '654 321' })).toEqual({ method: 'totp', code: '654321' });
    expect(signInTwoFactorSchema.safeParse({ method: 'totp', code: 'AbCde-12345' }).success).toBe(false);
    expect(
      signInTwoFactorSchema.parse({ method: 'recovery', code: ' AbCde-12345 ', portal: 'host' }),
    ).toEqual({
      method: 'recovery',
      code: 'AbCde-12345',
      portal: 'host',
    });
    expect(signInTwoFactorSchema.safeParse({ method: 'sms', code: '123456' }).success).toBe(false);
  });
});
