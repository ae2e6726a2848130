import { describe, expect, it } from 'vitest';
import { backoffSeconds } from './outbox';
import { accountConfirmationEmail } from './templates';
import { escapeHtml } from './layout';

describe('outbox retry backoff', () => {
  it('doubles from 30 seconds and stops growing at one hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(backoffSeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
    expect(backoffSeconds(0)).toBe(30);
  });
});

describe('account confirmation email', () => {
  it('escapes user text and carries the link in both parts', () => {
    const url = 'http://localhost:3000/confirm-email?token=abc&email=a%40b.co&role=user';
    const mail = accountConfirmationEmail({ name: '<script>x</script>', url, role: 'user' });
    expect(mail.html).not.toContain('<script>x');
    expect(mail.html).toContain(escapeHtml(url));
    expect(mail.text).toContain(url);
    expect(mail.subject).toBe('Confirm your Velvet account');
  });
});
