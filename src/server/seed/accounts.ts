import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { authUsers, profiles, type Profile } from '../db/schema';

export const DEMO_PASSWORD = 'VelvetDemo2026';

export interface DemoAccounts {
  admin: Profile;
  hosts: [Profile, Profile];
  guests: [Profile, Profile];
}

async function createVerified(
  ctx: AppContext,
  p: { email: string; name: string; role: Profile['role']; phone?: string; business_name?: string },
): Promise<Profile> {
  const { user } = await ctx.auth.api.signUpEmail({ body: { email: p.email, password: DEMO_PASSWORD, name: p.name } });
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
  const admin = await createVerified(ctx, { email: ctx.config.ADMIN_EMAIL.toLowerCase(), name: 'Avery Admin', role: 'admin' });
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
    await createVerified(ctx, { email: 'jamie@velvet.test', name: 'Jamie Chen', role: 'user', phone: '+1 415 555 0102' }),
    await createVerified(ctx, { email: 'priya@velvet.test', name: 'Priya Patel', role: 'user' }),
  ];
  return { admin, hosts, guests };
}
