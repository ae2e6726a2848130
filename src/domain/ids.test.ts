import { describe, expect, it } from 'vitest';
import { UUID_PATTERN, isUuid } from './ids';

describe('isUuid', () => {
  it.each([
    '3a2c623f-1db6-417c-b572-40bf69a09182',
    '3A2C623F-1DB6-417C-B572-40BF69A09182',
    '00000000-0000-0000-0000-000000000000',
  ])('accepts %s', (id) => expect(isUuid(id)).toBe(true));

  it.each([
    '',
    'abc',
    '3a2c623f1db6417cb57240bf69a09182',
    '3a2c623f-1db6-417c-b572-40bf69a0918',
    '3a2c623f-1db6-417c-b572-40bf69a091822',
    '3a2c623g-1db6-417c-b572-40bf69a09182',
    ' 3a2c623f-1db6-417c-b572-40bf69a09182',
    '3a2c623f-1db6-417c-b572-40bf69a09182\n',
  ])('refuses %j', (id) => expect(isUuid(id)).toBe(false));

  it('has no flag, so its source is the whole rule (the OpenAPI pattern)', () => {
    expect(UUID_PATTERN.flags).toBe('');
    expect(new RegExp(UUID_PATTERN.source).test('3A2C623F-1db6-417c-b572-40bf69a09182')).toBe(true);
  });
});
