/** Health: the database answers, and which engine and mail transport this server runs on. */
import type { AppContext } from '../context';

export async function health(ctx: AppContext) {
  await ctx.db.execute('select 1');
  return { status: 'ok' as const, database: ctx.database.engine, mail: ctx.mail.name };
}
