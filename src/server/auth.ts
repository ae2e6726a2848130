import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins';
import type { Config } from './config';
import type { Db } from './db/client';
import { authAccounts, authSessions, authTwoFactors, authUsers, authVerifications } from './db/schema';

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
    logger: { disabled: config.LOG_LEVEL === 'silent' },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        twoFactor: authTwoFactors,
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
    advanced: sessionCookies(config.PUBLIC_URL),
    // Two-factor sign-in (decision 76): TOTP with recovery codes. The plugin encrypts the secret
    // and the recovery codes with AUTH_SECRET; Velvet's routes call its endpoints through auth.api.
    plugins: [twoFactor({ issuer: 'Velvet', twoFactorCookieMaxAge: 10 * 60 })],
  });
}

/**
 * Session cookies: HttpOnly, SameSite=Lax, Path=/, no Domain; over https also Secure and
 * named with the `__Host-` prefix, which a browser only accepts from this exact origin over
 * https (a sibling subdomain or a network attacker on http cannot plant or overwrite it).
 * Better Auth's own secure prefix is `__Secure-`, so the names are given here instead.
 */
export function sessionCookies(publicUrl: string) {
  const https = new URL(publicUrl).protocol === 'https:';
  const prefix = https ? '__Host-velvet' : 'velvet';
  const named = (cookie: string) => ({ name: `${prefix}.${cookie}` });
  return {
    cookiePrefix: 'velvet',
    useSecureCookies: false,
    defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' as const, secure: https, path: '/' },
    cookies: {
      session_token: named('session_token'),
      session_data: named('session_data'),
      account_data: named('account_data'),
      dont_remember: named('dont_remember'),
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
