import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ensureLocalSecret, loadConfig } from './config';

describe('configuration', () => {
  it('pays with the built-in processor by default; stripe needs its three keys', () => {
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('local');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: is required when PAYMENT_PROVIDER=stripe[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    const c = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(c.PAYMENT_PROVIDER).toBe('stripe');
  });

  it('has working defaults for the embedded install', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', DEFAULT_TIME_ZONE: 'America/New_York' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://x'],
    ['ADMIN_EMAIL', 'nobody'],
    ['AUTH_SECRET', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['DEFAULT_TIME_ZONE', 'Mars/Olympus'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['PAYMENT_PROVIDER', 'paypal'],
    ['STRIPE_SECRET_KEY', 'pk_live_wrong_kind'],
    ['STRIPE_WEBHOOK_SECRET', 'secret'],
    ['STRIPE_API_PORT', 'http'],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('points PUBLIC_URL at the port unless it is set', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4700' }).PUBLIC_URL).toBe('http://localhost:4700');
    expect(loadConfig({ PORT: '4700', PUBLIC_URL: 'https://velvet.example.com' }).PUBLIC_URL).toBe(
      'https://velvet.example.com',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('requires AUTH_SECRET in production with a database server', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/velvet' })).toThrow(
      /AUTH_SECRET/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/velvet',
        AUTH_SECRET: 'x'.repeat(32),
      }),
    ).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/velvet',
        AUTH_SECRET: 'x'.repeat(32),
        DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
      }).AUTH_SECRET,
    ).toBe('x'.repeat(32));
  });

  it('refuses an encryption key that is not 32 bytes', () => {
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'abc' })).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(() => loadConfig({ DATA_ENCRYPTION_OLD_KEYS: `${'ab'.repeat(32)},short` })).toThrow(
      /DATA_ENCRYPTION_OLD_KEYS/,
    );
    expect(
      loadConfig({ DATA_ENCRYPTION_OLD_KEYS: `${'ab'.repeat(32)}, ${'cd'.repeat(32)}` })
        .DATA_ENCRYPTION_OLD_KEYS,
    ).toHaveLength(2);
  });

  it('keeps a generated secret in the data directory for the embedded install', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'velvet-cfg-'));
    const env: Record<string, string | undefined> = { DATA_DIR: dir };
    ensureLocalSecret(env);
    expect(env.AUTH_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, '.auth-secret'), 'utf8')).toBe(env.AUTH_SECRET);
    const again: Record<string, string | undefined> = { DATA_DIR: dir };
    ensureLocalSecret(again);
    expect(again.AUTH_SECRET).toBe(env.AUTH_SECRET);
    expect(env.DATA_ENCRYPTION_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(env.DATA_ENCRYPTION_KEY).not.toBe(env.AUTH_SECRET);
    expect(readFileSync(path.join(dir, '.data-encryption-key'), 'utf8')).toBe(env.DATA_ENCRYPTION_KEY);
    expect(again.DATA_ENCRYPTION_KEY).toBe(env.DATA_ENCRYPTION_KEY);
    const withDb: Record<string, string | undefined> = { DATA_DIR: dir, DATABASE_URL: 'postgres://x/y' };
    ensureLocalSecret(withDb);
    expect(withDb.AUTH_SECRET).toBeUndefined();
    expect(withDb.DATA_ENCRYPTION_KEY).toBeUndefined();
  });
});
