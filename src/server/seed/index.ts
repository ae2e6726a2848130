import { count } from 'drizzle-orm';
import type { AppContext } from '../context';
import { profiles } from '../db/schema';
import { DEMO_PASSWORD, seedAccounts } from './accounts';
import { seedBookings } from './bookings';
import { seedMessages } from './messages';
import { seedReviews } from './reviews';
import { seedPayments } from './payments';
import { seedPayouts } from './payouts';
import { seedVenues } from './venues';

/** Seeds the demo marketplace into an empty database; returns the sign-ins to print. */
export async function seedDemo(ctx: AppContext): Promise<string[] | null> {
  const [row] = await ctx.db.select({ n: count() }).from(profiles);
  if ((row?.n ?? 0) > 0) return null;
  const accounts = await seedAccounts(ctx);
  const venues = await seedVenues(ctx, accounts);
  const seeded = await seedBookings(ctx, accounts, venues);
  await seedPayments(ctx, accounts, venues, seeded);
  await seedMessages(ctx, seeded);
  await seedReviews(ctx, accounts, venues);
  // Last: the reviews' nights are paid there too.
  await seedPayouts(ctx, accounts);
  const rows: Array<[string, string]> = [
    ...(accounts.admin ? [['Admin', accounts.admin.email] as [string, string]] : []),
    ['Host', accounts.hosts[0].email],
    ['Host', accounts.hosts[1].email],
    ['Guest', accounts.guests[0].email],
    ['Guest', accounts.guests[1].email],
  ];
  const lines = rows.map(([role, email]) => `${role.padEnd(6)} ${email.padEnd(28)} ${DEMO_PASSWORD}`);
  if (!accounts.admin) {
    lines.push(`Admin  sign up as ${ctx.config.ADMIN_EMAIL} and confirm the email to become the admin`);
  }
  return lines;
}
