/**
 * What the admin's Environment Debug and Console Debug show: providers and settings (never
 * secrets), the migration level, and the server's recent log lines.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { migrationsFolder } from '../../db/client';

/* ---------- environment ---------- */
function readPackageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(migrationsFolder()), 'package.json'), 'utf8'));
    return String(pkg.version ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** Host, port and database name of a connection string: never its user or password. */
function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return '(not a valid URL)';
  }
}

/** Migrations shipped with this build and applied to the database (also the readiness probe's check). */
export async function migrationLevel(ctx: AppContext) {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const result = await ctx.db.execute(
    sql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const row = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]))[0] as
    { applied: number; last: string | null } | undefined;
  const last = journal.entries.find((e) => String(e.when) === row?.last);
  const latest = journal.entries.at(-1);
  return {
    applied: Number(row?.applied ?? 0),
    available: journal.entries.length,
    current: last?.tag ?? null,
    latest: latest?.tag ?? null,
    up_to_date: !!latest && last?.tag === latest.tag,
  };
}

/**
 * What the server runs on — engines, providers, version, uptime, migrations — and nothing that
 * would let someone in: no passwords, keys, secrets or full connection strings.
 */
export async function describeEnvironment(ctx: AppContext) {
  const c = ctx.config;
  const smtp = c.SMTP_URL ? new URL(c.SMTP_URL) : null;
  return {
    version: readPackageVersion(),
    node: process.version,
    environment: c.NODE_ENV,
    public_url: c.PUBLIC_URL,
    started_at: ctx.startedAt.toISOString(),
    uptime_seconds: Math.round((Date.now() - ctx.startedAt.getTime()) / 1000),
    database: {
      engine: ctx.database.engine,
      location: c.DATABASE_URL ? describeDatabaseUrl(c.DATABASE_URL) : 'embedded PGlite in DATA_DIR',
      migrations: await migrationLevel(ctx),
    },
    mail: {
      transport: ctx.mail.name,
      smtp: smtp
        ? {
            server: `${smtp.protocol}//${smtp.username ? `${decodeURIComponent(smtp.username)}:****@` : ''}${smtp.host}`,
            secure: smtp.protocol === 'smtps:',
          }
        : null,
      from: c.MAIL_FROM,
      fallback_senders: c.MAIL_FROM_FALLBACKS,
      email_tools_per_minute: c.EMAIL_TOOLS_PER_MINUTE,
    },
    payments: { provider: c.PAYMENT_PROVIDER },
    storage: {
      kind: ctx.storage.name,
      ...(ctx.storage.name === 's3'
        ? {
            bucket: c.S3_BUCKET ?? null,
            region: c.S3_REGION,
            endpoint: c.S3_ENDPOINT ? describeDatabaseUrl(c.S3_ENDPOINT) : null,
            access_key: c.S3_ACCESS_KEY_ID ? `****${c.S3_ACCESS_KEY_ID.slice(-4)}` : null,
          }
        : { location: 'DATA_DIR/uploads' }),
    },
    auth: {
      admin_email: c.ADMIN_EMAIL,
      secret: c.AUTH_SECRET ? 'set (hidden)' : 'not set',
      trust_proxy: c.TRUST_PROXY,
    },
    time_zone: c.DEFAULT_TIME_ZONE,
    log_level: c.LOG_LEVEL,
  };
}

/* ---------- server log ---------- */

export function recentServerLog(ctx: AppContext, limit = 100) {
  return { entries: ctx.logRing.list(limit), total: ctx.logRing.total, capacity: ctx.logRing.size };
}
