/**
 * Encryption of sensitive columns at rest (bank account and routing numbers, tax ids): AES-256-GCM
 * with a key from DATA_ENCRYPTION_KEY (or generated into the data directory on the embedded
 * database, like the auth secret). A stored value reads
 *
 *     enc:v1:<key id>:<base64url of iv (12 bytes) | tag (16 bytes) | ciphertext>
 *
 * where the key id is the first 8 hex digits of the key's SHA-256, so a value names the key that
 * wrote it: after a rotation the old keys (DATA_ENCRYPTION_OLD_KEYS) still read what they wrote
 * until `npm run rotate-key` has rewritten every value with the current key (decision 0059).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 256-bit key given as 64 hex digits or 43–44 characters of base64(url). */
export function parseKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error('must be 32 bytes: 64 hex digits or base64');
  return key;
}

export const newKeyText = () => randomBytes(32).toString('hex');

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export const isEncrypted = (value: string) => value.startsWith(PREFIX);

export class FieldCipher {
  private readonly current: { id: string; key: Buffer };
  private readonly keys: Map<string, Buffer>;

  constructor(current: Buffer, old: readonly Buffer[] = []) {
    this.current = { id: keyId(current), key: current };
    this.keys = new Map([...old, current].map((k) => [keyId(k), k]));
  }

  /** The current key's id: a value written with another key is rewritten by a rotation. */
  get currentKeyId(): string {
    return this.current.id;
  }

  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const packed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    return `${PREFIX}${this.current.id}:${packed}`;
  }

  /** The plain text of a stored value; a value stored before encryption is returned as it is. */
  decrypt(stored: string): string {
    if (!isEncrypted(stored)) return stored;
    const [id, packed] = stored.slice(PREFIX.length).split(':');
    const key = this.keys.get(id ?? '');
    if (!key || !packed) throw new Error(`No key for encrypted value (key id ${id ?? '?'})`);
    const bytes = Buffer.from(packed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  }

  /** Whether a stored value is encrypted with the current key (else a rotation rewrites it). */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`${PREFIX}${this.current.id}:`);
  }
}

/** The last four digits of a number (for display), or null when it has none. */
export function lastFour(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits ? digits.slice(-4) : null;
}
