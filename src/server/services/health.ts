/** Health: the database answers, and which engine and mail transport this server runs on. */
import type { AppContext } from '../context';
import { fromDatabaseError } from '../db/errors';

export async function health(ctx: AppContext) {
  const about = { database: ctx.database.engine, mail: ctx.mail.name };
  try {
    await ctx.db.execute('select 1');
  } catch (err) {
    // Says why, so a load balancer's log (and a person) can tell a database outage from a crash.
    ctx.log.warn({ err }, 'health check: database unavailable');
    const reason = fromDatabaseError(err)?.message ?? 'The database check failed.';
    return { status: 'unavailable' as const, ...about, reason };
  }
  return { status: 'ok' as const, ...about };
}
