import { describe, expect, it } from 'vitest';
import { maskLast4 } from './masking';

describe('masking', () => {
  it('shows only the last 4 of an account number', () => {
    expect(maskLast4('000123456789')).toBe('••••••••6789');
    expect(maskLast4('1234')).toBe('••••1234');
    expect(maskLast4(null)).toBeNull();
  });
});
