/**
 * `npm run rotate-key`: rewrites every encrypted bank detail with a new key (decision 0059).
 *
 * Embedded database (no DATABASE_URL; stop the server first — PGlite has one process): makes a new
 * key in the data directory, keeps the old one in DATA_DIR/.data-encryption-old-keys while it
 * rewrites, then forgets it. A crash half-way is safe: the next start (or run) finishes the job.
 *
 * With DATABASE_URL: set the new key in DATA_ENCRYPTION_KEY and the old one in
 * DATA_ENCRYPTION_OLD_KEYS, then run this (or just restart the servers: each start rewrites what
 * the old key wrote); remove the old key from the configuration once it printed 0 left.
 */
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENCRYPTION_KEY_FILE, OLD_ENCRYPTION_KEYS_FILE, ensureLocalSecret, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { FieldCipher, newKeyText, parseKey } from '../db/field-cipher';
import { resealBankDetails } from '../services/venues/bank-details';

async function main() {
  const env = { ...process.env };
  const embedded = !env.DATABASE_URL;
  const dir = path.resolve(env.DATA_DIR || './data');
  const keyFile = path.join(dir, ENCRYPTION_KEY_FILE);
  const oldFile = path.join(dir, OLD_ENCRYPTION_KEYS_FILE);
  if (embedded) {
    if (env.DATA_ENCRYPTION_KEY)
      throw new Error('Unset DATA_ENCRYPTION_KEY: the embedded install keeps its key in DATA_DIR.');
    if (!existsSync(keyFile)) throw new Error(`No key to rotate in ${dir} (start Velvet once first).`);
    appendFileSync(oldFile, `${readFileSync(keyFile, 'utf8').trim()}\n`, { mode: 0o600 });
    writeFileSync(keyFile, newKeyText(), { mode: 0o600 });
  }
  ensureLocalSecret(env);
  const config = loadConfig(env);
  const cipher = new FieldCipher(
    parseKey(config.DATA_ENCRYPTION_KEY),
    config.DATA_ENCRYPTION_OLD_KEYS.map(parseKey),
  );
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const rewritten = await resealBankDetails(database.db, cipher);
    console.log(`Rewrote the bank details of ${rewritten} venue(s) with key ${cipher.currentKeyId}.`);
  } finally {
    await database.close();
  }
  if (embedded) {
    rmSync(oldFile, { force: true });
    console.log(`The old key is gone; the new one is in ${keyFile}.`);
  } else if (config.DATA_ENCRYPTION_OLD_KEYS.length) {
    console.log(
      'Every value now uses DATA_ENCRYPTION_KEY: remove DATA_ENCRYPTION_OLD_KEYS from the configuration.',
    );
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
