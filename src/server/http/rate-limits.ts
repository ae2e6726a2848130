/**
 * Rate limits of the endpoints that take them (per address, per account email, per user) and
 * the uniform answer time of the endpoints that could tell whether an account exists. The
 * numbers are listed here, once; an endpoint names the limits it counts against in its own
 * definition (`rateLimit` in src/server/routes/<area>.ts), and `endpoint.ts` runs them in front
 * of the route's access check and input parsing.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { consume, refund, type Limit, type Rule } from '../services/rate-limit';
import { clientAddress } from './client-address';
import { getViewer } from './viewer';

const MINUTE = 60;
const HOUR = 3600;

export const LIMITS = {
  /** Failed sign-ins from one address, on any accounts (stops credential stuffing and password sprays). */
  signInPerAddress: { name: 'sign-in:address', max: 20, windowSeconds: 15 * MINUTE },
  signUpPerAddress: { name: 'sign-up:address', max: 10, windowSeconds: HOUR },
  /** Confirmation emails to one address, by sign-up and resend together. */
  confirmationPerEmail: { name: 'confirmation:email', max: 3, windowSeconds: HOUR },
  /** One confirmation email per address a minute, however it is asked for (sign-up again, resend). */
  confirmationPerEmailBurst: { name: 'confirmation:email:minute', max: 1, windowSeconds: MINUTE },
  resendPerAddress: { name: 'resend:address', max: 10, windowSeconds: HOUR },
  /** Password reset requests from one address, for any emails. */
  passwordResetPerAddress: { name: 'password-reset:address', max: 10, windowSeconds: HOUR },
  /** Password reset emails to one address (asked for from anywhere). */
  passwordResetPerEmail: { name: 'password-reset:email', max: 3, windowSeconds: HOUR },
  /** New passwords set from one address (a reset link is 256 random bits; this caps guessing anyway). */
  passwordResetSubmitPerAddress: { name: 'password-reset-submit:address', max: 20, windowSeconds: HOUR },
  /** Wrong current passwords in Settings (email change, password change, deletion) by one user. */
  accountPasswordChecksPerUser: { name: 'account-password:user', max: 10, windowSeconds: 15 * MINUTE },
  /** Email change links sent for one user (each goes to an address they typed). */
  emailChangesPerUser: { name: 'email-change:user', max: 5, windowSeconds: HOUR },
  bookingRequestsPerUser: { name: 'booking-request:user', max: 30, windowSeconds: HOUR },
  bookingRequestsPerAddress: { name: 'booking-request:address', max: 60, windowSeconds: HOUR },
  /** Waitlist joins by one guest (each may later queue an email to them). */
  waitlistJoinsPerUser: { name: 'waitlist-join:user', max: 30, windowSeconds: HOUR },
  /** Payment attempts (start, card confirmation, additional charges, cancellations) by one user. */
  paymentsPerUser: { name: 'payments:user', max: 60, windowSeconds: HOUR },
  paymentsPerAddress: { name: 'payments:address', max: 120, windowSeconds: HOUR },
} as const satisfies Record<string, Limit>;

/** Messages in booking conversations, per person (MESSAGES_PER_MINUTE, any booking). */
export const messageLimit = (perMinute: number): Limit => ({
  name: 'messages:user',
  max: perMinute,
  windowSeconds: MINUTE,
});

/**
 * Sign-up, resend and forgot-password answer no sooner than this after they arrive, whatever
 * the answer: a new address, a taken one and an unconfirmed one take the same time (the password
 * hash of a new account is the slowest path, well under this).
 */
export const ACCOUNT_ANSWER_MS = 600;

/** Whom a limit counts: the caller's address, the email of the JSON body, or the signed-in user. */
export type Subject = 'address' | 'email' | 'user';

/** An endpoint's rate limit: the limits it counts against and what a refused caller is told. */
export interface RateLimit {
  /** Each limit with its subject; a limit whose subject is unknown (no email, signed out) is skipped. */
  count: ReadonlyArray<readonly [Limit | ((ctx: AppContext) => Limit), Subject]>;
  /** The 429's message; `wait` is phrased for a person ("15 minutes"). */
  message: string | ((wait: string) => string);
  /** The wire code of the 429 (default TOO_MANY_REQUESTS). */
  reason?: string;
  /** A signed-out call is not counted at all (the route answers 401 without doing any work). */
  signedInOnly?: true;
  /**
   * Only failures count: every attempt counts up front (so a concurrent burst cannot pass the
   * check together), and an answer with another status than this one gives its hit back.
   */
  failuresAre?: number;
  /**
   * Answers that give the hits back: the request did nothing (a 400 — a password the server
   * refuses — must not use up the allowance the corrected request needs).
   */
  notCountedWhen?: readonly number[];
  /** The answer, success or error, is held until this long after the request arrived. */
  answerNoSoonerThanMs?: number;
}

/** The normalized email of a JSON body, when it has one (the route itself validates the body). */
async function emailOf(c: Context): Promise<string | undefined> {
  try {
    const body = (await c.req.json()) as { email?: unknown };
    return typeof body?.email === 'string' && body.email.trim() ? body.email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the answer (success or error alike) until `ms` after the request arrived. */
export const uniformTiming =
  (ms: number): MiddlewareHandler =>
  async (_c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const left = ms - (performance.now() - started);
      if (left > 0) await sleep(left);
    }
  };

/** The middleware of one endpoint's rate limit (none when RATE_LIMITS is off). */
export function rateLimitMiddleware(ctx: AppContext, spec: RateLimit): MiddlewareHandler<AppEnv>[] {
  if (!ctx.config.RATE_LIMITS) return [];
  const message = typeof spec.message === 'string' ? () => spec.message as string : spec.message;
  const counting: MiddlewareHandler<AppEnv> = async (c, next) => {
    const needsViewer = spec.signedInOnly || spec.count.some(([, subject]) => subject === 'user');
    const viewer = needsViewer ? await getViewer(ctx, c) : null;
    if (spec.signedInOnly && !viewer) return next();
    const rules: Rule[] = [];
    for (const [limit, subject] of spec.count) {
      const of =
        subject === 'address'
          ? clientAddress(ctx, c)
          : subject === 'email'
            ? await emailOf(c)
            : viewer?.profile.id;
      if (of) rules.push({ limit: typeof limit === 'function' ? limit(ctx) : limit, subject: of });
    }
    await consume(ctx, rules, message, spec.reason);
    await next();
    const givesBack =
      (spec.failuresAre !== undefined && c.res.status !== spec.failuresAre) ||
      spec.notCountedWhen?.includes(c.res.status);
    if (givesBack) for (const rule of rules) await refund(ctx, rule);
  };
  return spec.answerNoSoonerThanMs ? [uniformTiming(spec.answerNoSoonerThanMs), counting] : [counting];
}
