import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CHARGE_DAYS, DEFAULT_CHARGE_MAX_PERCENT } from '@/domain/charges';
import { DEFAULT_PAYOUT_HOLD_DAYS, DEFAULT_PLATFORM_FEE_PERCENT } from '@/domain/earnings';
import { newKeyText, parseKey } from './db/field-cipher';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const isKey = (text: string) => {
  try {
    parseKey(text);
    return true;
  } catch {
    return false;
  }
};

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  ADMIN_EMAIL: z.email().default('admin@velvet.test'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** AES-256-GCM key of the bank details at rest (decision 0059): 64 hex digits or base64. */
  DATA_ENCRYPTION_KEY: z.string().refine(isKey, 'must be 32 bytes: 64 hex digits or base64').optional(),
  /** Earlier keys, comma-separated: read what they wrote until `npm run rotate-key` rewrote it. */
  DATA_ENCRYPTION_OLD_KEYS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((keys) => keys.every(isKey), 'each key must be 32 bytes: 64 hex digits or base64'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Velvet <no-reply@velvet.test>'),
  /** More sender addresses the admin's test emails try, in order, when MAIL_FROM is refused. */
  MAIL_FROM_FALLBACKS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Messages per minute the admin's email tools (send-email, test-email) may send. */
  EMAIL_TOOLS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** How long POST /api/test-email waits for the outbox worker to report the outcome. */
  TEST_EMAIL_WAIT_SECONDS: z.coerce.number().min(0).max(60).default(8),
  /** Days after an event its host may still make an additional charge (issue 30). */
  ADDITIONAL_CHARGE_DAYS: z.coerce.number().int().min(0).max(365).default(DEFAULT_CHARGE_DAYS),
  /** All additional charges of a booking together, as a percent of its total. */
  ADDITIONAL_CHARGE_MAX_PERCENT: z.coerce.number().int().min(1).max(1000).default(DEFAULT_CHARGE_MAX_PERCENT),
  /** The platform's fee on each booking's money, taken from the host's side (issue 29). */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(DEFAULT_PLATFORM_FEE_PERCENT),
  /** Days after an event before its earnings become available to the host. */
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(60).default(DEFAULT_PAYOUT_HOLD_DAYS),
  /** Decision record 13: the built-in card processor (default) or Stripe. */
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  DEFAULT_TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone').default('America/New_York'),
  SEED_DEMO: boolish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  TRUST_PROXY: boolish.default(false),
  /** Prometheus metrics on this port (GET /metrics), never on PORT; off when unset. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The metrics listener's address: loopback unless the scraper runs elsewhere. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * On SIGTERM, how long the server answers readiness with 503 (draining) before it stops
   * accepting connections, so a load balancer takes it out first. 0 in development.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Request rate limits and uniform answer timing on the account endpoints. Always on in
   * production; test suites that create many accounts from one address turn it off.
   */
  RATE_LIMITS: boolish.default(true),
  /** Messages one person may post in booking conversations per minute (when RATE_LIMITS is on). */
  MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  /** PostgreSQL pool: connect (and wait for a free connection) and per-statement timeouts. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1500),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(1800),
  /**
   * The venue index's safety full reload (decision 0031), for a change lost without the change
   * feed noticing; a feed reconnect reloads at once.
   */
  VENUE_INDEX_RELOAD_MINUTES: z.coerce.number().min(1).max(1440).default(15),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /**
   * Stripe Connect (decision 88): the signing secret of the webhook endpoint that receives the
   * connected accounts' events (`account.updated`), when it is not the one above.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** Tests: point the Stripe SDK at a stand-in API. */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
});

export type Config = z.infer<typeof configSchema> & {
  AUTH_SECRET: string;
  PUBLIC_URL: string;
  DATA_ENCRYPTION_KEY: string;
};

/** Development and tests without a key of their own: fixed and plainly not secret. */
const DEVELOPMENT_ENCRYPTION_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

export class ConfigError extends Error {}

/** A secret kept in the data directory: made random on first use, read on every start. */
function localSecret(dir: string, name: string, make: () => string): string {
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, make(), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** Where the embedded install keeps its encryption keys: the current one, and old ones a line each. */
export const ENCRYPTION_KEY_FILE = '.data-encryption-key';
export const OLD_ENCRYPTION_KEYS_FILE = '.data-encryption-old-keys';

/**
 * The embedded install keeps a random AUTH_SECRET and DATA_ENCRYPTION_KEY in its data directory,
 * so `npm start` works with no setup, sessions survive restarts and bank details are encrypted.
 */
export function ensureLocalSecret(env: Record<string, string | undefined>): void {
  if (env.DATABASE_URL) return;
  const dir = path.resolve(env.DATA_DIR || './data');
  env.AUTH_SECRET ||= localSecret(dir, '.auth-secret', () => randomBytes(32).toString('hex'));
  if (!env.DATA_ENCRYPTION_KEY) {
    env.DATA_ENCRYPTION_KEY = localSecret(dir, ENCRYPTION_KEY_FILE, newKeyText);
    const old = path.join(dir, OLD_ENCRYPTION_KEYS_FILE);
    if (existsSync(old)) env.DATA_ENCRYPTION_OLD_KEYS ||= readFileSync(old, 'utf8').split(/\s+/).join(',');
  }
}

/** Reads the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.PAYMENT_PROVIDER === 'stripe') {
    const missing = (
      ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const
    ).filter((k) => !c[k]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: is required when PAYMENT_PROVIDER=stripe`).join('\n')}`,
      );
    }
  }
  if (c.NODE_ENV === 'production' && c.DATABASE_URL && !c.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: is required in production with DATABASE_URL (32+ characters)',
    );
  }
  if (c.NODE_ENV === 'production' && c.DATABASE_URL && !c.DATA_ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  DATA_ENCRYPTION_KEY: is required in production with DATABASE_URL (64 hex digits: openssl rand -hex 32)',
    );
  }
  return {
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    // Development and test get a fixed, clearly non-secret key; production must set its own.
    AUTH_SECRET: c.AUTH_SECRET ?? 'velvet-development-secret-change-me-0123456789',
    DATA_ENCRYPTION_KEY: c.DATA_ENCRYPTION_KEY ?? DEVELOPMENT_ENCRYPTION_KEY,
  };
}
