/**
 * Health, three ways (decision 0072):
 * - `health`: the database answers (GET /api/health, kept for the clients that use it);
 * - `liveness`: the process can serve — nothing outside it is asked, so a database outage never
 *   makes an orchestrator restart every server (restarting fixes nothing);
 * - `readiness`: this server should get traffic — the database answers, every migration it was
 *   built with is applied, photos can be stored, and it is not draining for a shutdown.
 */
import type { AppContext } from '../context';
import { fromDatabaseError } from '../db/errors';
import { isShuttingDown } from '../lifecycle';
import { migrationLevel } from './operations/environment';

export async function health(ctx: AppContext) {
  const about = { database: ctx.database.engine, mail: ctx.mail.name };
  const reason = await databaseProblem(ctx);
  return reason ? { status: 'unavailable' as const, ...about, reason } : { status: 'ok' as const, ...about };
}

export function liveness(ctx: AppContext) {
  return { status: 'ok' as const, uptime_seconds: Math.round((Date.now() - ctx.startedAt.getTime()) / 1000) };
}

export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: { database: string; migrations: string; storage: string; shutdown: string };
  reason?: string;
}

export async function readiness(ctx: AppContext): Promise<Readiness> {
  const draining = isShuttingDown() ? 'The server is shutting down.' : null;
  const database = await databaseProblem(ctx);
  const migrations = database ? 'not checked: the database is unavailable' : await migrationProblem(ctx);
  const storage = await storageProblem(ctx);
  const checks = {
    database: database ?? 'ok',
    migrations: migrations ?? 'ok',
    storage: storage ?? 'ok',
    shutdown: draining ?? 'ok',
  };
  const reason = draining ?? database ?? migrations ?? storage;
  return reason ? { status: 'unavailable', checks, reason } : { status: 'ok', checks };
}

async function databaseProblem(ctx: AppContext): Promise<string | null> {
  try {
    await ctx.db.execute('select 1');
    return null;
  } catch (err) {
    // Says why, so a load balancer's log (and a person) can tell a database outage from a crash.
    ctx.log.warn({ err }, 'health check: database unavailable');
    ctx.metrics.databaseErrors.inc({ kind: 'health' });
    return fromDatabaseError(err)?.message ?? 'The database check failed.';
  }
}

async function migrationProblem(ctx: AppContext): Promise<string | null> {
  try {
    const level = await migrationLevel(ctx);
    if (level.up_to_date) return null;
    return `${level.available - level.applied} of ${level.available} migrations are not applied (at ${level.current ?? 'none'}, this build needs ${level.latest}).`;
  } catch {
    return 'The migrations table cannot be read.';
  }
}

async function storageProblem(ctx: AppContext): Promise<string | null> {
  try {
    await ctx.storage.check();
    return null;
  } catch (err) {
    ctx.log.warn({ err }, 'readiness: photo storage unavailable');
    const why = err instanceof Error && err.name && err.name !== 'Error' ? ` (${err.name})` : '';
    return `Photo storage (${ctx.storage.name}) is unavailable${why}.`;
  }
}
