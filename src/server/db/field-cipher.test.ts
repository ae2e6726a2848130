import { describe, expect, it } from 'vitest';
import { FieldCipher, isEncrypted, lastFour, newKeyText, parseKey } from './field-cipher';

const keyA = parseKey(newKeyText());
const keyB = parseKey(newKeyText());

describe('FieldCipher', () => {
  it('round-trips text, never writes the plain text, and is different every time', () => {
    const cipher = new FieldCipher(keyA);
    const a = cipher.encrypt('000123456789');
    const b = cipher.encrypt('000123456789');
    expect(a).not.toBe(b);
    expect(a).not.toContain('123456789');
    expect(isEncrypted(a)).toBe(true);
    expect(cipher.decrypt(a)).toBe('000123456789');
    expect(cipher.decrypt('ünïcødé ✓')).toBe('ünïcødé ✓'); // not encrypted: read as it is
    expect(cipher.decrypt(cipher.encrypt('ünïcødé ✓'))).toBe('ünïcødé ✓');
  });

  it('refuses a value whose ciphertext or tag was changed (GCM authenticates it)', () => {
    const cipher = new FieldCipher(keyA);
    const value = cipher.encrypt('021000021');
    const cut = value.lastIndexOf(':') + 1;
    const tamper = (at: number) => {
      const bytes = Buffer.from(value.slice(cut), 'base64url');
      bytes[at] = (bytes[at] ?? 0) ^ 0x01; // one bit flipped in the decoded bytes, not in a base64 letter
      return value.slice(0, cut) + bytes.toString('base64url');
    };
    expect(() => cipher.decrypt(tamper(12))).toThrow(); // the tag
    expect(() => cipher.decrypt(tamper(28))).toThrow(); // the ciphertext
    expect(cipher.decrypt(value)).toBe('021000021');
  });

  it('after a rotation the old key still reads, and only the new key is current', () => {
    const before = new FieldCipher(keyA);
    const stored = before.encrypt('12-3456789');
    const after = new FieldCipher(keyB, [keyA]);
    expect(after.decrypt(stored)).toBe('12-3456789');
    expect(after.isCurrent(stored)).toBe(false);
    expect(after.isCurrent(after.encrypt('12-3456789'))).toBe(true);
    expect(() => new FieldCipher(keyB).decrypt(stored)).toThrow(/No key/);
  });

  it('parses hex and base64 keys of 32 bytes only', () => {
    expect(parseKey('ab'.repeat(32))).toHaveLength(32);
    expect(parseKey(Buffer.alloc(32, 7).toString('base64'))).toHaveLength(32);
    expect(() => parseKey('ab'.repeat(16))).toThrow();
  });

  it('lastFour keeps digits only', () => {
    expect(lastFour('0001 2345 6789')).toBe('6789');
    expect(lastFour('12-3456789')).toBe('6789');
    expect(lastFour('')).toBeNull();
    expect(lastFour(null)).toBeNull();
  });
});
