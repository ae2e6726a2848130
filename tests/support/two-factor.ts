/**
 * Two-factor sign-in in the tests (decision 76): the code an authenticator app would show for a
 * secret (otplib, RFC 6238: SHA-1, 6 digits, 30 s — what Better Auth's plugin checks against the
 * real clock, not the app's test clock), and enrolment through the API.
 * No vitest import here: the global setup (main process) runs this module too.
 */
import { generateSync } from 'otplib';

/** The 6-digit code for a base32 secret (as in the otpauth URI) at `at` (now by default). */
export function totpCode(secret: string, at: Date = new Date()): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

export interface Enrolled {
  /** The session cookie after enrolment (the plugin gives the device a new session). */
  cookie: string;
  secret: string;
  recoveryCodes: string[];
}

type Post = (
  path: string,
  json: unknown,
  cookie: string,
) => Promise<{ status: number; body: any; headers: Headers }>;

const cookieFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Turns two-factor sign-in on for the account of `cookie`: password, then a code from the secret. */
export async function enrolTwoFactor(post: Post, cookie: string, password: string): Promise<Enrolled> {
  const started = await post('/api/account/two-factor/enable', { current_password: password }, cookie);
  if (started.status !== 200)
    throw new Error(`enable answered ${started.status}: ${JSON.stringify(started.body)}`);
  const { secret, recovery_codes: recoveryCodes } = started.body as {
    secret: string;
    recovery_codes: string[];
  };
  const confirmed = await post('/api/account/two-factor/confirm', { code: totpCode(secret) }, cookie);
  if (confirmed.status !== 200)
    throw new Error(`confirm answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
  const fresh = cookieFrom(confirmed.headers);
  return { cookie: fresh || cookie, secret, recoveryCodes };
}
