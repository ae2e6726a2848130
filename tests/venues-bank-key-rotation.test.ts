/**
 * `npm run rotate-key` (decision 0059), run as the operator runs it: on an embedded data
 * directory (a new key made in DATA_DIR, the old one forgotten once every value is rewritten) and,
 * with TEST_DATABASE_URL, on PostgreSQL (the new key and the old one given in the environment).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client';
import { FieldCipher, newKeyText, parseKey } from '../src/server/db/field-cipher';
import { authUsers, profiles, venues } from '../src/server/db/schema';
import { sealBankDetails } from '../src/server/services/venues/bank-details';
import { defaultHours } from '../src/domain/hours';
import { createTestEnv } from './support/env';
import { createAccounts, insertVenue } from './factories';

const root = path.resolve(import.meta.dirname, '..');
const NUMBERS = {
  bank_account_number: '000555666777',
  bank_routing_number: '021000021',
  tax_id: '12-3456789',
};

function rotateKey(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('DATA_ENCRYPTION') && k !== 'DATABASE_URL'),
  );
  return execFileSync(process.execPath, ['--import', 'tsx', 'src/server/tools/rotate-key.ts'], {
    cwd: root,
    env: { ...clean, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
}

describe('npm run rotate-key', () => {
  it('on the embedded database: a new key in DATA_DIR, every value rewritten, the old key gone', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'velvet-rotate-'));
    try {
      const oldKey = newKeyText();
      writeFileSync(path.join(dir, '.data-encryption-key'), oldKey);
      const database = await openDatabase({ dataDir: dir });
      await database.migrate();
      const [user] = await database.db
        .insert(authUsers)
        .values({ id: 'rotate-host', name: 'Rae Host', email: 'rae@example.com', emailVerified: true })
        .returning();
      const [host] = await database.db
        .insert(profiles)
        .values({ user_id: user!.id, email: user!.email, full_name: 'Rae Host', role: 'host' })
        .returning();
      const [venue] = await database.db
        .insert(venues)
        .values({
          host_id: host!.id,
          name: 'Rotation Room',
          address: '1 Key St',
          city: 'New York',
          capacity: 40,
          base_price: 100,
          pricing_type: 'hourly_rate',
          hours: defaultHours(),
          time_zone: 'America/New_York',
          ...sealBankDetails(new FieldCipher(parseKey(oldKey)), NUMBERS),
        })
        .returning();
      await database.close();

      const out = rotateKey({ DATA_DIR: dir });
      expect(out).toContain('Rewrote the bank details of 1 venue(s)');
      const newKey = readFileSync(path.join(dir, '.data-encryption-key'), 'utf8').trim();
      expect(newKey).not.toBe(oldKey);
      expect(existsSync(path.join(dir, '.data-encryption-old-keys'))).toBe(false);

      const reopened = await openDatabase({ dataDir: dir });
      try {
        const [row] = await reopened.db.select().from(venues);
        expect(row!.id).toBe(venue!.id);
        const cipher = new FieldCipher(parseKey(newKey));
        expect(cipher.isCurrent(row!.bank_account_number!)).toBe(true);
        expect(cipher.decrypt(row!.bank_account_number!)).toBe(NUMBERS.bank_account_number);
        expect(cipher.decrypt(row!.tax_id!)).toBe(NUMBERS.tax_id);
        expect(() => new FieldCipher(parseKey(oldKey)).decrypt(row!.bank_account_number!)).toThrow();
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'with DATABASE_URL: the new key and the old one from the environment; every value rewritten',
    async () => {
      const env = await createTestEnv();
      try {
        const a = await createAccounts(env);
        const venue = await insertVenue(env, a.host, NUMBERS);
        const newKey = newKeyText();
        const out = rotateKey({
          DATABASE_URL: env.databaseUrl!,
          DATA_ENCRYPTION_KEY: newKey,
          DATA_ENCRYPTION_OLD_KEYS: env.config.DATA_ENCRYPTION_KEY,
        });
        expect(out).toMatch(/Rewrote the bank details of \d+ venue\(s\)/);
        expect(out).toContain('remove DATA_ENCRYPTION_OLD_KEYS');
        const cipher = new FieldCipher(parseKey(newKey));
        const rows = await env.ctx.db.select().from(venues);
        for (const row of rows) expect(cipher.isCurrent(row.bank_account_number!)).toBe(true);
        const mine = rows.find((r) => r.id === venue.id)!;
        expect(cipher.decrypt(mine.bank_routing_number!)).toBe(NUMBERS.bank_routing_number);
      } finally {
        await env.close();
      }
    },
    120_000,
  );
});
