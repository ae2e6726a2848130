import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, isStrongPassword, passwordProblems } from './password';

describe('passwordProblems', () => {
  it.each(['night0wl-Club', 'Tr0ub4dor&3', 'correct horse 7 battery', 'ñandú2024x'])('accepts %j', (pw) => {
    expect(passwordProblems(pw, { email: 'guest@example.com', name: 'Jane Doe' })).toEqual([]);
    expect(isStrongPassword(pw)).toBe(true);
  });

  it('needs at least 8 characters', () => {
    expect(passwordProblems('abc1234')).toEqual(['Password must be at least 8 characters.']);
    expect(passwordProblems('abcd1234x')).toEqual([]);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblems('a1😀😀😀😀')).toContain(PASSWORD_MESSAGES.tooShort);
  });
  it('allows 128 characters and refuses 129', () => {
    expect(passwordProblems('a1'.repeat(64))).toEqual([]);
    expect(passwordProblems('a1'.repeat(64) + 'b')).toEqual([PASSWORD_MESSAGES.tooLong]);
  });
  it('needs a letter and a digit', () => {
    expect(passwordProblems('98765432109')).toEqual([PASSWORD_MESSAGES.noLetter]);
    expect(passwordProblems('nightowlclub')).toEqual([PASSWORD_MESSAGES.noDigit]);
    expect(passwordProblems('!!!!!!!!')).toEqual([PASSWORD_MESSAGES.noLetter, PASSWORD_MESSAGES.noDigit]);
  });
  it.each(['password1', 'Password1', 'PASSWORD123', 'qwerty123', 'abcd1234', 'Passw0rd'])(
    'refuses common %j',
    (pw) => {
      expect(passwordProblems(pw)).toContain(PASSWORD_MESSAGES.common);
    },
  );
  it('refuses 12345678 as too common and letterless', () => {
    expect(passwordProblems('12345678')).toEqual([PASSWORD_MESSAGES.noLetter, PASSWORD_MESSAGES.common]);
  });
  it('refuses the email local part, in any case', () => {
    expect(passwordProblems('xJaneSmith99', { email: 'janesmith@example.com' })).toEqual([
      PASSWORD_MESSAGES.containsEmail,
    ]);
    expect(passwordProblems('xJaneSmith99', { email: ' JaneSmith@Example.com ' })).toEqual([
      PASSWORD_MESSAGES.containsEmail,
    ]);
  });
  it('ignores very short local parts', () => {
    expect(passwordProblems('alpha-club9', { email: 'al@example.com' })).toEqual([]);
  });
  it('refuses a name part of 4+ letters', () => {
    expect(passwordProblems('smith-2024!', { name: 'Jo Smith' })).toEqual([PASSWORD_MESSAGES.containsName]);
    expect(passwordProblems('jo-club-2024', { name: 'Jo Li' })).toEqual([]);
  });
  it('lists every problem at once', () => {
    expect(passwordProblems('', { email: 'x@y.z' })).toEqual([
      PASSWORD_MESSAGES.tooShort,
      PASSWORD_MESSAGES.noLetter,
      PASSWORD_MESSAGES.noDigit,
    ]);
  });
});
