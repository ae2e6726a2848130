/**
 * Route-level protections, registered in front of the route modules so that those stay thin
 * and unaware of them: rate limits (per address, per account, per user), uniform answer timing
 * on the endpoints that could tell whether an account exists, and idempotency keys on the
 * POSTs that create something or move money. Each limit is listed once, here.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { consume, refund, type Limit, type Rule } from '../services/rate-limit';
import { clientAddress } from './client-address';
import { idempotent } from './idempotency';
import { getViewer } from './viewer';

const MINUTE = 60;
const HOUR = 3600;

export const LIMITS = {
  /** Failed sign-ins on one account, from any address (slows a distributed guess at one password). */
  signInPerAccount: { name: 'sign-in:account', max: 10, windowSeconds: 15 * MINUTE },
  /** Failed sign-ins from one address, on any accounts (stops credential stuffing and password sprays). */
  signInPerAddress: { name: 'sign-in:address', max: 20, windowSeconds: 15 * MINUTE },
  signUpPerAddress: { name: 'sign-up:address', max: 10, windowSeconds: HOUR },
  /** Confirmation emails to one address, by sign-up and resend together. */
  confirmationPerEmail: { name: 'confirmation:email', max: 3, windowSeconds: HOUR },
  resendPerAddress: { name: 'resend:address', max: 10, windowSeconds: HOUR },
  bookingRequestsPerUser: { name: 'booking-request:user', max: 30, windowSeconds: HOUR },
  bookingRequestsPerAddress: { name: 'booking-request:address', max: 60, windowSeconds: HOUR },
  /** Payment attempts (start, card confirmation, additional charges, cancellations) by one user. */
  paymentsPerUser: { name: 'payments:user', max: 60, windowSeconds: HOUR },
  paymentsPerAddress: { name: 'payments:address', max: 120, windowSeconds: HOUR },
} as const satisfies Record<string, Limit>;

/**
 * Sign-up and resend answer no sooner than this after they arrive, whatever the answer: a new
 * address, a taken one and an unconfirmed one take the same time (the password hash of a new
 * account is the slowest path, well under this).
 */
export const ACCOUNT_ANSWER_MS = 600;

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

export function mountRequestGuards(api: Hono<AppEnv>, ctx: AppContext) {
  const on = ctx.config.RATE_LIMITS;
  const address = (c: Context) => clientAddress(ctx, c);
  const rule = (limit: Limit, subject: string | undefined): Rule[] => (subject ? [{ limit, subject }] : []);

  if (on) {
    api.on('POST', ['/accounts/sign-up', '/accounts/resend-confirmation'], uniformTiming(ACCOUNT_ANSWER_MS));
  }

  api.on('POST', '/accounts/sign-in', async (c, next) => {
    if (!on) return next();
    const rules = [
      ...rule(LIMITS.signInPerAddress, address(c)),
      ...rule(LIMITS.signInPerAccount, await emailOf(c)),
    ];
    // Every attempt counts as a failure up front, so a concurrent burst cannot pass the check
    // together; anything but a wrong password (401) gives its hit back afterwards.
    await consume(
      ctx,
      rules,
      (wait) => `Too many failed sign-in attempts. Please wait ${wait} and try again.`,
      'TOO_MANY_ATTEMPTS',
    );
    await next();
    if (c.res.status !== 401) for (const r of rules) await refund(ctx, r);
  });

  api.on('POST', '/accounts/sign-up', async (c, next) => {
    if (!on) return next();
    await consume(
      ctx,
      [...rule(LIMITS.signUpPerAddress, address(c)), ...rule(LIMITS.confirmationPerEmail, await emailOf(c))],
      (wait) => `Too many sign-ups. Please wait ${wait} and try again.`,
    );
    return next();
  });

  api.on('POST', '/accounts/resend-confirmation', async (c, next) => {
    if (!on) return next();
    await consume(
      ctx,
      [...rule(LIMITS.resendPerAddress, address(c)), ...rule(LIMITS.confirmationPerEmail, await emailOf(c))],
      (wait) => `Too many confirmation emails requested. Please wait ${wait} and try again.`,
    );
    return next();
  });

  const bookingLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!on) return next();
    const viewer = await getViewer(ctx, c);
    // Signed out: the route answers 401 without doing any work.
    if (!viewer) return next();
    await consume(
      ctx,
      [
        ...rule(LIMITS.bookingRequestsPerUser, viewer.profile.id),
        ...rule(LIMITS.bookingRequestsPerAddress, address(c)),
      ],
      (wait) => `Too many booking requests. Please wait ${wait} and try again.`,
    );
    return next();
  };
  // A retried request is answered from its stored first answer before it is counted again.
  api.on('POST', '/bookings', idempotent(ctx), bookingLimits);

  /** Card attempts are what a card-testing attacker repeats; limited per user and per address. */
  const paymentLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!on) return next();
    const viewer = await getViewer(ctx, c);
    await consume(
      ctx,
      [...rule(LIMITS.paymentsPerUser, viewer?.profile.id), ...rule(LIMITS.paymentsPerAddress, address(c))],
      (wait) => `Too many payment attempts. Please wait ${wait} and try again.`,
    );
    return next();
  };
  // Money moves here: a retried request with its Idempotency-Key gets the first answer, never a
  // second payment, charge or refund.
  api.on(
    'POST',
    ['/create-payment', '/charge-additional', '/bookings/:id/cancel'],
    idempotent(ctx),
    paymentLimits,
  );
  api.on(
    'POST',
    ['/local-processor/confirm', '/local-processor/intents/:intent_id/authenticate'],
    paymentLimits,
  );
}
