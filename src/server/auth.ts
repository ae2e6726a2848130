import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from './config';
import type { Db } from './db/client';
import { authAccounts, authSessions, authUsers, authVerifications } from './db/schema';

/**
 * Better Auth owns passwords (scrypt), users and cookie sessions. Velvet's own routes
 * (routes/accounts.ts) call it through `auth.api` so that sign-up, confirmation, role and
 * throttling rules stay in our services; its HTTP handler is not mounted.
 */
export function createAuth(db: Db, config: Config) {
  return betterAuth({
    appName: 'Velvet',
    secret: config.AUTH_SECRET,
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    trustedOrigins: [config.PUBLIC_URL],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Sign-in throttling is ours (shared by every server process through the database).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'velvet',
      useSecureCookies: config.PUBLIC_URL.startsWith('https://'),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
