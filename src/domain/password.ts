/** Password strength rules used at sign-up (the API answers weak_password with these reasons). */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  noLetter: 'Password must contain at least one letter.',
  noDigit: 'Password must contain at least one number.',
  common: 'This password is too common. Please choose a less predictable one.',
  containsEmail: 'Password must not contain your email address.',
  containsName: 'Password must not contain your name.',
} as const;

/** Very common passwords that meet the length, letter and digit rules (compared case-insensitively). */
const COMMON_PASSWORDS = new Set([
  'password1',
  'password12',
  'password123',
  'password1234',
  'passw0rd',
  'p4ssw0rd',
  'p@ssw0rd',
  'p@ssword1',
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  '12341234',
  'qwerty123',
  'qwerty12',
  'qwerty1234',
  'qwertyuiop1',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  'zaq12wsx',
  '1qaz2wsx',
  'abc12345',
  'abcd1234',
  'abc123456',
  'a1b2c3d4',
  'iloveyou1',
  'letmein1',
  'letmein123',
  'welcome1',
  'welcome123',
  'admin123',
  'admin1234',
  'administrator1',
  'changeme1',
  'monkey123',
  'dragon123',
  'football1',
  'baseball1',
  'sunshine1',
  'princess1',
  'superman1',
  'trustno1',
  'master123',
  'computer1',
  'whatever1',
  'starwars1',
  'velvet123',
  'nightlife1',
]);

export type PasswordContext = { email?: string | null; name?: string | null };

/**
 * Every reason a password is weak, in a fixed order; an empty list means acceptable.
 * Length is counted in characters (code points), not UTF-16 units.
 */
export function passwordProblems(password: string, context: PasswordContext = {}): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  const lower = password.toLowerCase();

  if (length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_MESSAGES.tooLong);
  if (!/\p{L}/u.test(password)) problems.push(PASSWORD_MESSAGES.noLetter);
  if (!/\p{Nd}/u.test(password)) problems.push(PASSWORD_MESSAGES.noDigit);
  if (COMMON_PASSWORDS.has(lower)) problems.push(PASSWORD_MESSAGES.common);

  const localPart = (context.email ?? '').trim().toLowerCase().split('@')[0] ?? '';
  if (localPart.length >= 3 && lower.includes(localPart)) problems.push(PASSWORD_MESSAGES.containsEmail);

  const nameParts = (context.name ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{Nd}]+/u)
    .filter((part) => part.length >= 4);
  if (nameParts.some((part) => lower.includes(part))) problems.push(PASSWORD_MESSAGES.containsName);

  return problems;
}

export function isStrongPassword(password: string, context: PasswordContext = {}): boolean {
  return passwordProblems(password, context).length === 0;
}
