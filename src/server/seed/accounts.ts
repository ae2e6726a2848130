import type { AppContext } from '../context';
import { profiles, type Profile } from '../db/schema';

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

/**
 * An account with a confirmed email that signs in with `passwordHash` (the demo password), made
 * as Better Auth's email sign-up makes one (a user and its credential account), without hashing
 * the same published password once per account: each hash costs ~200 ms of CPU at start.
 */
async function createAccount(
  ctx: AppContext,
  passwordHash: string,
  p: { email: string; name: string; role: Profile['role']; phone?: string; business_name?: string },
): Promise<Profile> {
  const { internalAdapter } = await ctx.auth.$context;
  const user = await internalAdapter.createUser(
    { email: p.email, name: p.name, emailVerified: true },
    { method: 'email-password' },
  );
  await internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: passwordHash,
  });
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
  const passwordHash = await (await ctx.auth.$context).password.hash(DEMO_PASSWORD);
  const createVerified = (p: Parameters<typeof createAccount>[2]) => createAccount(ctx, passwordHash, p);
  const admin =
    ctx.config.ADMIN_EMAIL.toLowerCase() === DEMO_ADMIN_EMAIL
      ? await createVerified({ email: DEMO_ADMIN_EMAIL, name: 'Avery Admin', role: 'admin' })
      : null;
  const hosts: [Profile, Profile] = [
    await createVerified({
      email: 'marcus@velvet.test',
      name: 'Marcus Reed',
      role: 'host',
      phone: '+1 212 555 0143',
      business_name: 'Reed Hospitality Group',
    }),
    await createVerified({
      email: 'sofia@velvet.test',
      name: 'Sofia Alvarez',
      role: 'host',
      phone: '+1 305 555 0178',
      business_name: 'Alvarez Nightlife LLC',
    }),
  ];
  const guests: [Profile, Profile] = [
    await createVerified({
      email: 'jamie@velvet.test',
      name: 'Jamie Chen',
      role: 'user',
      phone: '+1 415 555 0102',
    }),
    await createVerified({ email: 'priya@velvet.test', name: 'Priya Patel', role: 'user' }),
  ];
  return { admin, hosts, guests };
}
