import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { authUsers, profiles, type Profile } from '../db/schema';

export const DEMO_PASSWORD = 'VelvetDemo2026';

/** The demo admin exists only while ADMIN_EMAIL is this demo address. */
export const DEMO_ADMIN_EMAIL = 'admin@velvet.test';

export interface DemoAccounts {
  /**
   * Null when ADMIN_EMAIL is a real address: a published password must never guard the real
   * admin, who signs up and confirms like anyone else.
   */
  admin: Profile | null;
  hosts: [Profile, Profile];
  guests: [Profile, Profile];
}

async function createVerified(
  ctx: AppContext,
  p: { email: string; name: string; role: Profile['role']; phone?: string; business_name?: string },
): Promise<Profile> {
  const { user } = await ctx.auth.api.signUpEmail({
    body: { email: p.email, password: DEMO_PASSWORD, name: p.name },
  });
  await ctx.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, user.id));
  const [profile] = await ctx.db
    .insert(profiles)
    .values({
      user_id: user.id,
      email: p.email,
      full_name: p.name,
      role: p.role,
      phone: p.phone ?? null,
      business_name: p.business_name ?? null,
    })
    .returning();
  return profile!;
}

export async function seedAccounts(ctx: AppContext): Promise<DemoAccounts> {
  const admin =
    ctx.config.ADMIN_EMAIL.toLowerCase() === DEMO_ADMIN_EMAIL
      ? await createVerified(ctx, { email: DEMO_ADMIN_EMAIL, name: 'Avery Admin', role: 'admin' })
      : null;
  const hosts: [Profile, Profile] = [
    await createVerified(ctx, {
      email: 'marcus@velvet.test',
      name: 'Marcus Reed',
      role: 'host',
      phone: '+1 212 555 0143',
      business_name: 'Reed Hospitality Group',
    }),
    await createVerified(ctx, {
      email: 'sofia@velvet.test',
      name: 'Sofia Alvarez',
      role: 'host',
      phone: '+1 305 555 0178',
      business_name: 'Alvarez Nightlife LLC',
    }),
  ];
  const guests: [Profile, Profile] = [
    await createVerified(ctx, {
      email: 'jamie@velvet.test',
      name: 'Jamie Chen',
      role: 'user',
      phone: '+1 415 555 0102',
    }),
    await createVerified(ctx, { email: 'priya@velvet.test', name: 'Priya Patel', role: 'user' }),
  ];
  return { admin, hosts, guests };
}
