import { describe, expect, it } from 'vitest';
import {
  MAX_RETURN_PATH_LENGTH,
  safeReturnPath,
  signInPageFor,
  signInUrlFor,
  withReturnPath,
} from './return-path';

describe('safeReturnPath', () => {
  it.each([
    '/review/3f6c2a10-8d4e-4b7a-9c1f-0a2b3c4d5e6f',
    '/edit-booking/abc',
    '/venue-management/1234?tab=bookings',
    '/host-dashboard?tab=bookings',
    '/user-dashboard',
    '/admin-dashboard#operations',
    '/venue/abc?date=2030-06-14',
    '/',
    '/search?q=a%20b',
    '/venue/%E2%9C%93',
    '/javascript:alert(1)', // a path on this site, not a scheme
    '/authors', // only the sign-in pages themselves are refused
    '/user-authority',
    '/apis',
  ])('keeps the path on this site %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    ['an absolute URL', 'https://evil.example'],
    ['an absolute URL to a path', 'https://evil.example/review/1'],
    ['an http URL', 'http://evil.example'],
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/review/1'],
    ['three slashes', '///evil.example'],
    ['a backslash host', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash later on', '/review/..\\..\\evil'],
    ['a slash and a backslash', '\\/evil.example'],
    ['a tab between the slashes', '/\t/evil.example'],
    ['a newline between the slashes', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a space', '/ /evil.example'],
    ['a leading space', ' /review/1'],
    ['a NUL', '/review/1\u0000'],
    ['a C1 control', '/review/\u0085x'],
    ['a line separator', '/review/\u2028x'],
    ['an encoded slash after the first', '/%2F%2Fevil.example'],
    ['an encoded slash in lower case', '/%2f/evil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: in capitals', 'JavaScript:alert(document.cookie)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['a relative path', 'review/1'],
    ['a dot path', './review/1'],
    ['a parent path', '../review/1'],
    ['a query only', '?redirect=/x'],
    ['a fragment only', '#top'],
    ['the empty string', ''],
    ['the guest sign-in page', '/user-auth'],
    ['the guest sign-in page with a query', '/user-auth?redirect=%2Freview%2F1'],
    ['the host sign-in page', '/host-auth'],
    ['the host sign-in page with a slash', '/host-auth/'],
    ['/auth', '/auth'],
    ['a sign-in page in capitals', '/USER-AUTH'],
    ['an API path', '/api/accounts/sign-out'],
    ['the API root', '/api'],
    ['an API path in capitals', '/API/session'],
  ])('drops %s', (_what, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it.each([[undefined], [null], [42], [{}], [['/review/1']], [true]])('drops a non-string (%j)', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('drops a path longer than the limit, keeps one at it', () => {
    const at = `/${'a'.repeat(MAX_RETURN_PATH_LENGTH - 1)}`;
    expect(safeReturnPath(at)).toBe(at);
    expect(safeReturnPath(`${at}a`)).toBeNull();
  });

  it('whatever it keeps starts with one slash and has no backslash or control character (fuzzed)', () => {
    const alphabet = ['/', '\\', ':', '.', 'a', '%', '2', 'f', '5', 'c', '\t', '\n', ' ', '?', '#', '@'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 5000; i++) {
      const length = 1 + (next() % 8);
      let raw = '';
      for (let j = 0; j < length; j++) raw += alphabet[next() % alphabet.length];
      const kept = safeReturnPath(raw);
      if (kept === null) continue;
      expect(kept).toBe(raw);
      expect(kept[0]).toBe('/');
      expect(kept[1]).not.toBe('/');
      expect(kept).not.toMatch(/[\\\s]/);
      expect(kept).not.toMatch(/^\/%(2f|5c)/i);
    }
  });
});

describe('signInPageFor', () => {
  it.each([
    ['/host-dashboard', '/host-auth'],
    ['/host-dashboard?tab=bookings', '/host-auth'],
    ['/upload-venue', '/host-auth'],
    ['/venue-management/abc?tab=calendar', '/host-auth'],
    ['/edit-venue/abc', '/host-auth'],
    ['/review/abc', '/user-auth'],
    ['/user-dashboard', '/user-auth'],
    ['/admin-dashboard', '/user-auth'],
    ['/edit-booking/abc', '/user-auth'],
    ['/venue/abc', '/user-auth'],
    ['/host-dashboards', '/user-auth'],
  ])('%s signs in at %s', (path, page) => {
    expect(signInPageFor(path)).toBe(page);
  });
});

describe('signInUrlFor and withReturnPath', () => {
  it('carries the way back, encoded', () => {
    expect(signInUrlFor('/review/abc')).toBe('/user-auth?redirect=%2Freview%2Fabc');
    expect(signInUrlFor('/venue-management/abc?tab=bookings')).toBe(
      '/host-auth?redirect=%2Fvenue-management%2Fabc%3Ftab%3Dbookings',
    );
  });

  it('leaves an unsafe path out', () => {
    expect(withReturnPath('/user-auth', 'https://evil.example')).toBe('/user-auth');
    expect(withReturnPath('/host-auth', '//evil')).toBe('/host-auth');
    expect(withReturnPath('/user-auth', undefined)).toBe('/user-auth');
  });

  it('round-trips through URLSearchParams', () => {
    const path = '/venue/abc?date=2030-06-14&x=a%26b#top';
    const url = signInUrlFor(path);
    expect(new URLSearchParams(url.split('?')[1]).get('redirect')).toBe(path);
  });
});
