/**
 * The world of the booking load (issue 15): 20 hosts with one venue each and 200 guests, made
 * through the account service (sign-up, then the address marked confirmed) and venue rows, on a
 * database the bench opens itself before the server starts; then every account signs in through
 * the real server's API.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { defaultHours, setAllDays } from '@/domain/hours';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import {
  authAccounts,
  authSessions,
  authUsers,
  emailOutbox,
  profiles,
  venues,
} from '../../src/server/db/schema';
import { createLogger } from '../../src/server/logger';
import { createContext } from '../../src/server/runtime';
import { signUp } from '../../src/server/services/accounts';

export const PASSWORD = 'NightOwl2026';

export interface World {
  hosts: Array<{ email: string; venueId: string }>;
  guests: Array<{ email: string }>;
  /** A session of every account, written as a row; its cookie is signed in `sessionCookies`. */
  sessions: Array<{ email: string; token: string }>;
}

export interface Account {
  email: string;
  cookie: string;
}

/** Accounts and venues, written straight into `database` (the server is not running yet). */
export async function createWorld(
  database: Database,
  dataDir: string,
  counts = { hosts: 20, guests: 200 },
): Promise<World> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://127.0.0.1:1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'false',
  });
  const ctx = await createContext(config, database, createLogger('silent'));
  const account = async (email: string, role: 'user' | 'host') => {
    await signUp(ctx, {
      email,
      password: PASSWORD,
      full_name: role === 'host' ? 'Load Host' : 'Load Guest',
      role,
      ...(role === 'host' ? { business_name: 'Load Co', phone: '+1 555 0100' } : {}),
    } as Parameters<typeof signUp>[1]);
    await ctx.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.email, email));
    return email;
  };
  // One account of each role goes through sign-up (a password hash costs ~0.3 s of this thread);
  // the others are copies of its rows with their own ids, addresses and sessions.
  const hostEmails = [await account('load.host0@example.com', 'host')];
  const guestEmails = [await account('load.guest0@example.com', 'user')];
  const sessions: Array<{ email: string; token: string }> = [];
  const copy = async (from: string, email: string) => {
    const [user] = await ctx.db.select().from(authUsers).where(eq(authUsers.email, from));
    const [login] = await ctx.db.select().from(authAccounts).where(eq(authAccounts.userId, user!.id));
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.user_id, user!.id));
    const id = randomUUID();
    await ctx.db.insert(authUsers).values({ ...user!, id, email });
    await ctx.db.insert(authAccounts).values({ ...login!, id: randomUUID(), accountId: id, userId: id });
    const { id: _profileId, created_at: _c, updated_at: _u, ...fields } = profile!;
    await ctx.db.insert(profiles).values({ ...fields, user_id: id, email });
  };
  for (let i = 1; i < counts.hosts; i++) {
    await copy(hostEmails[0]!, `load.host${i}@example.com`);
    hostEmails.push(`load.host${i}@example.com`);
  }
  for (let i = 1; i < counts.guests; i++) {
    await copy(guestEmails[0]!, `load.guest${i}@example.com`);
    guestEmails.push(`load.guest${i}@example.com`);
  }
  for (const email of [...hostEmails, ...guestEmails]) {
    const [user] = await ctx.db.select().from(authUsers).where(eq(authUsers.email, email));
    const token = randomBytes(24).toString('base64url');
    await ctx.db.insert(authSessions).values({
      id: randomUUID(),
      token,
      userId: user!.id,
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    });
    sessions.push({ email, token });
  }
  // The sign-up confirmations are not part of the load: only its own emails are counted.
  await ctx.db.delete(emailOutbox);
  const hostRows = await ctx.db.select().from(profiles).where(eq(profiles.role, 'host'));
  const byEmail = new Map(hostRows.map((p) => [p.email, p.id]));
  const hosts: World['hosts'] = [];
  for (const [i, email] of hostEmails.entries()) {
    const [venue] = await ctx.db
      .insert(venues)
      .values({
        host_id: byEmail.get(email)!,
        name: `Load Venue ${i}`,
        address: `${i + 1} Load Street`,
        city: 'Loadville',
        capacity: 200,
        base_price: 100,
        pricing_type: 'hourly_rate',
        is_active: true,
        hours: setAllDays(defaultHours(), '12:00', '23:00'),
        open_to_flexible_hours: false,
        time_zone: 'America/New_York',
      })
      .returning({ id: venues.id });
    hosts.push({ email, venueId: venue!.id });
  }
  await ctx.changes.stop();
  return { hosts, guests: guestEmails.map((email) => ({ email })), sessions };
}

/** Better Auth's signed cookie value: the token, a dot, base64 HMAC-SHA256 of the token. */
const signed = (token: string, secret: string) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

/**
 * The session cookie of every account. One account signs in through the API for real, and its
 * cookie proves that the others are signed the same way (the bench stops if not).
 */
export async function sessionCookies(base: string, world: World, secret: string) {
  const email = world.guests[0]!.email;
  const res = await fetch(`${base}/api/accounts/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD, portal: 'user' }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  const real = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${COOKIE}=`));
  const value = real?.slice(COOKIE.length + 1) ?? '';
  const token = decodeURIComponent(value).split('.')[0]!;
  if (signed(token, secret) !== value) throw new Error(`unexpected session cookie format: ${real}`);
  const cookie = (e: string) =>
    `${COOKIE}=${signed(world.sessions.find((s) => s.email === e)!.token, secret)}`;
  return {
    hosts: world.hosts.map((h) => ({ email: h.email, cookie: cookie(h.email) })),
    guests: world.guests.map((g) => ({ email: g.email, cookie: cookie(g.email) })),
  };
}

const COOKIE = 'velvet.session_token';
