import { describe, expect, it } from 'vitest';
import { defaultHours } from '../hours';
import {
  confirmEmailSchema,
  firstIssueOf,
  forgotPasswordSchema,
  INVALID_RESET_LINK,
  resendSchema,
  resetPasswordSchema,
  signOutSchema,
  signInSchema,
  signUpSchema,
  venueUpdateSchema,
} from '.';

describe('firstIssueOf (firstIssueMessage)', () => {
  it('joins the path of the first issue', () => {
    const hours = { ...defaultHours(), monday: { ...defaultHours().monday, open: '9' } };
    expect(firstIssueOf(venueUpdateSchema, { hours })).toEqual({
      field: 'hours.monday.open',
      message: 'Opening time must be on the 15-minute grid (HH:MM).',
    });
  });
  it('gives an empty field for the body itself', () => {
    expect(firstIssueOf(signInSchema, 'x')).toEqual({ field: '', message: 'Invalid request body.' });
  });
});

describe('signUpSchema', () => {
  const guest = { email: ' Jane@Example.COM ', password: 'night0wl-Club', full_name: ' Jane Doe ' };
  it('accepts a guest, normalizing email and name, role defaulting to user', () => {
    expect(signUpSchema.parse(guest)).toEqual({
      email: 'jane@example.com',
      password: 'night0wl-Club',
      full_name: 'Jane Doe',
      role: 'user',
    });
  });
  it('accepts a host with business name and phone', () => {
    expect(
      signUpSchema.parse({
        ...guest,
        role: 'host',
        business_name: 'Velvet Room LLC',
        phone: '+1 (305) 555-0100',
      }),
    ).toMatchObject({ role: 'host', business_name: 'Velvet Room LLC', phone: '+1 (305) 555-0100' });
  });
  it('does not judge password strength (the server lists every reason)', () => {
    expect(signUpSchema.safeParse({ ...guest, password: 'short' }).success).toBe(true);
  });
  it.each<[string, object, { field: string; message: string }]>([
    ['missing email', { email: undefined }, { field: 'email', message: 'Email is required.' }],
    ['blank email', { email: '  ' }, { field: 'email', message: 'Email is required.' }],
    ['bad email', { email: 'jane@' }, { field: 'email', message: 'Please enter a valid email address.' }],
    ['missing password', { password: undefined }, { field: 'password', message: 'Password is required.' }],
    ['empty password', { password: '' }, { field: 'password', message: 'Password is required.' }],
    ['missing name', { full_name: undefined }, { field: 'full_name', message: 'Full name is required.' }],
    ['blank name', { full_name: '   ' }, { field: 'full_name', message: 'Full name is required.' }],
    ['admin role', { role: 'admin' }, { field: 'role', message: 'Role must be user or host.' }],
    [
      'host without business',
      { role: 'host', phone: '3055550100' },
      { field: 'business_name', message: 'Business name is required.' },
    ],
    [
      'host with blank business',
      { role: 'host', business_name: ' ', phone: '3055550100' },
      { field: 'business_name', message: 'Business name is required.' },
    ],
    [
      'host without phone',
      { role: 'host', business_name: 'Club' },
      { field: 'phone', message: 'Phone number is required.' },
    ],
    ['bad phone', { phone: 'call me' }, { field: 'phone', message: 'Please enter a valid phone number.' }],
    [
      'too short phone',
      { phone: '12345' },
      { field: 'phone', message: 'Please enter a valid phone number.' },
    ],
  ])('rejects %s', (_name, patch, expected) => {
    expect(firstIssueOf(signUpSchema, { ...guest, ...patch })).toEqual(expected);
  });
  it('lets a guest leave business name and phone out or blank', () => {
    expect(signUpSchema.parse({ ...guest, business_name: '', phone: '' })).toEqual(signUpSchema.parse(guest));
  });
});

describe('signInSchema', () => {
  it('accepts email and password with an optional portal', () => {
    expect(signInSchema.parse({ email: 'A@b.co', password: 'x', portal: 'host' })).toEqual({
      email: 'a@b.co',
      password: 'x',
      portal: 'host',
    });
    expect(signInSchema.parse({ email: 'a@b.co', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
  });
  it.each<[object, string, string]>([
    [{ password: 'x' }, 'email', 'Email is required.'],
    [{ email: 'a@b.co' }, 'password', 'Password is required.'],
    [{ email: 'a@b.co', password: 'x', portal: 'admin' }, 'portal', 'Portal must be user or host.'],
  ])('rejects %j', (input, field, message) => {
    expect(firstIssueOf(signInSchema, input)).toEqual({ field, message });
  });
});

describe('confirmEmailSchema', () => {
  it('accepts token and email, role optional', () => {
    expect(confirmEmailSchema.parse({ token: 'abc', email: 'A@b.co', role: 'host' })).toEqual({
      token: 'abc',
      email: 'a@b.co',
      role: 'host',
    });
    expect(confirmEmailSchema.parse({ token: 'abc', email: 'a@b.co', role: 'weird' })).toEqual({
      token: 'abc',
      email: 'a@b.co',
    });
  });
  it.each([
    {},
    { token: 'abc' },
    { email: 'a@b.co' },
    { token: '', email: 'a@b.co' },
    { token: 'abc', email: 'nope' },
    null,
  ])('answers "Invalid confirmation link" for %j', (input) => {
    expect(firstIssueOf(confirmEmailSchema, input)?.message).toBe('Invalid confirmation link');
  });
});

describe('resendSchema', () => {
  it('needs an email', () => {
    expect(resendSchema.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(firstIssueOf(resendSchema, {})).toEqual({ field: 'email', message: 'Email is required.' });
  });
});

describe('control characters', () => {
  it('refuses NUL and other control characters in text fields, keeps line breaks', () => {
    const base = { email: 'a@b.co', password: 'NightOwl2026', full_name: 'Ok Name' };
    expect(signUpSchema.safeParse(base).success).toBe(true);
    const nul = signUpSchema.safeParse({ ...base, full_name: 'Nul\u0000Byte' });
    expect(nul.success).toBe(false);
    expect(nul.error?.issues[0]?.message).toBe('Full name contains characters that are not allowed.');
  });

  it('a name is one line: CR, LF, NEL and the Unicode line separators are refused', () => {
    const base = { email: 'a@b.co', password: 'NightOwl2026', full_name: 'Ok Name' };
    for (const br of ['\r', '\n', '\r\n', '\u0085', '\u2028', '\u2029']) {
      const res = signUpSchema.safeParse({ ...base, full_name: `One${br}Two` });
      expect(res.success, JSON.stringify(br)).toBe(false);
      expect(res.error?.issues[0]?.message).toBe('Full name must be on one line.');
    }
  });
});

describe('the return path on sign-up', () => {
  const base = { email: 'a@b.co', password: 'x', full_name: 'Ann' };
  it('keeps a path on this site', () => {
    expect(signUpSchema.parse({ ...base, redirect: '/review/abc' }).redirect).toBe('/review/abc');
  });
  it.each(['https://evil.example', '//evil', '/\\evil', 'javascript:alert(1)', 42, null])(
    'drops %j without refusing the sign-up',
    (redirect) => {
      const parsed = signUpSchema.safeParse({ ...base, redirect });
      expect(parsed.success).toBe(true);
      expect(parsed.data?.redirect).toBeUndefined();
    },
  );
});

describe('signOutSchema', () => {
  it('defaults to this device', () => {
    expect(signOutSchema.parse({})).toEqual({ scope: 'local' });
  });
  it.each(['local', 'others', 'global'])('accepts %s', (scope) => {
    expect(signOutSchema.parse({ scope }).scope).toBe(scope);
  });
  it('names the scopes when given another', () => {
    expect(firstIssueOf(signOutSchema, { scope: 'all' })).toEqual({
      field: 'scope',
      message: 'Scope must be local, others or global.',
    });
  });
});

describe('forgotPasswordSchema and resetPasswordSchema', () => {
  it('normalises the email', () => {
    expect(forgotPasswordSchema.parse({ email: ' Ann@B.CO ' })).toEqual({ email: 'ann@b.co' });
  });
  it('says a link without its token or email is not valid', () => {
    expect(firstIssueOf(resetPasswordSchema, { email: 'a@b.co', password: 'x' })?.message).toBe(
      INVALID_RESET_LINK,
    );
    expect(firstIssueOf(resetPasswordSchema, { token: 't', email: 'nope', password: 'x' })?.message).toBe(
      INVALID_RESET_LINK,
    );
  });
  it('asks for the new password', () => {
    expect(firstIssueOf(resetPasswordSchema, { token: 't', email: 'a@b.co' })).toEqual({
      field: 'password',
      message: 'Password is required.',
    });
  });
});
