import { describe, expect, it } from 'vitest';
import {
  adminVenueQuerySchema,
  emailMessageSchema,
  isSenderAddress,
  outboxQuerySchema,
  testEmailSchema,
} from './operations';

describe('email message (SPEC §3, §5)', () => {
  it('requires a recipient with the SPEC message, then validates it', () => {
    for (const to of [undefined, null, '', '  ']) {
      const r = emailMessageSchema.safeParse({ to, subject: 's', html: 'h' });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.message).toBe('Email recipient is required');
    }
    const bad = testEmailSchema.safeParse({ to: 'nope' });
    expect(bad.error!.issues[0]!.message).toBe('Please enter a valid email address.');
    expect(testEmailSchema.parse({ to: ' Ada@Example.COM ' }).to).toBe('ada@example.com');
  });

  it('accepts a sender as an address or Name <address>, never with line breaks', () => {
    expect(isSenderAddress('no-reply@velvet.test')).toBe(true);
    expect(isSenderAddress('Velvet <no-reply@velvet.test>')).toBe(true);
    expect(isSenderAddress('"Velvet Team" <team@velvet.test>')).toBe(true);
    expect(isSenderAddress('Velvet')).toBe(false);
    expect(isSenderAddress('a@b.co\r\nBcc: c@d.co')).toBe(false);
    expect(
      emailMessageSchema.parse({ to: 'a@b.co', subject: 's', html: 'h', from: '' }).from,
    ).toBeUndefined();
  });
});

describe('admin list queries', () => {
  it("treat '' and 'all' as no filter and default the page", () => {
    expect(outboxQuerySchema.parse({ status: 'all' })).toEqual({
      status: undefined,
      q: undefined,
      sort: 'newest',
      page: 1,
      page_size: 20,
    });
    expect(adminVenueQuerySchema.parse({ status: 'rejected', page: '3', sort: 'name' })).toMatchObject({
      status: 'rejected',
      page: 3,
      sort: 'name',
    });
    expect(adminVenueQuerySchema.safeParse({ status: 'deleted' }).success).toBe(false);
    expect(outboxQuerySchema.safeParse({ page_size: '500' }).success).toBe(false);
  });
});
