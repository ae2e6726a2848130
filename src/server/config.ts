import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  /** Tests: point the Stripe SDK at a stand-in API. */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
});

export type Config = z.infer<typeof configSchema> & { AUTH_SECRET: string; PUBLIC_URL: string };

export class ConfigError extends Error {}

/**
 * The embedded install keeps a random AUTH_SECRET in its data directory, so `npm start` works
 * with no setup and sessions survive restarts.
 */
export function ensureLocalSecret(env: Record<string, string | undefined>): void {
  if (env.AUTH_SECRET || env.DATABASE_URL) return;
  const dir = path.resolve(env.DATA_DIR || './data');
  const file = path.join(dir, '.auth-secret');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  env.AUTH_SECRET = readFileSync(file, 'utf8').trim();
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
  return {
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    // Development and test get a fixed, clearly non-secret key; production must set its own.
    AUTH_SECRET: c.AUTH_SECRET ?? 'velvet-development-secret-change-me-0123456789',
  };
}
