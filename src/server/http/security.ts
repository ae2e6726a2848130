/**
 * The request edge's own defences, independent of any route: the response headers every
 * answer carries (HTML, API, files and errors alike) and the same-origin check on every
 * state-changing /api request.
 */
import type { MiddlewareHandler } from 'hono';
import { forbidden } from '@/domain/errors';

type Directives = Record<string, string[]>;

/** Stripe.js and its frames; added to the policy only when the Stripe payment provider is on. */
export const STRIPE_CSP: Directives = {
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

/**
 * The Content-Security-Policy: scripts only from our own origin (no inline script, no eval),
 * no plugins, no <base>, never framed. Inline styles stay allowed: React's style attributes
 * and Radix's positioning need them, and CSS cannot run script. `extra` adds hosts to
 * directives (the hook for a payment provider's scripts and frames).
 */
export function contentSecurityPolicy(extra: Directives = {}): string {
  const base: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  for (const [directive, sources] of Object.entries(extra)) {
    base[directive] = [...new Set([...(base[directive] ?? ["'self'"]), ...sources])];
  }
  return Object.entries(base)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

export interface SecurityHeaderOptions {
  publicUrl: string;
  /** The configured payment provider; 'stripe' lets Stripe.js load and frame its card fields. */
  paymentProvider?: string;
}

/** The headers set on every response. HSTS only when the public address is https. */
export function securityHeaders(opts: SecurityHeaderOptions): Record<string, string> {
  const stripe = opts.paymentProvider === 'stripe';
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(stripe ? STRIPE_CSP : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': [
      'camera=()',
      'microphone=()',
      'geolocation=()',
      'usb=()',
      'interest-cohort=()',
      stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=(self)',
    ].join(', '),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-permitted-cross-domain-policies': 'none',
  };
  if (new URL(opts.publicUrl).protocol === 'https:') {
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  }
  return headers;
}

export function securityHeadersMiddleware(opts: SecurityHeaderOptions): MiddlewareHandler {
  const headers = Object.entries(securityHeaders(opts));
  return async (c, next) => {
    await next();
    for (const [name, value] of headers) {
      // A route may set a stricter value of its own (e.g. a file's own policy); keep it.
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Paths that are called by other servers and authenticate each request themselves (signatures). */
export const isWebhookPath = (path: string) => path.startsWith('/api/webhooks/');

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed.';

/**
 * Whether a state-changing request may proceed: its Origin must be ours; without an Origin,
 * a browser's Sec-Fetch-Site must say same-origin (or none: typed by the user). A request with
 * neither header does not come from a browser page (curl, another server) and carries no
 * ambient credentials a page could abuse, so it is allowed.
 */
export function isSameOriginRequest(
  expectedOrigin: string,
  headers: { origin?: string; secFetchSite?: string },
): boolean {
  if (headers.origin !== undefined) return headers.origin === expectedOrigin;
  if (headers.secFetchSite !== undefined) {
    const site = headers.secFetchSite.toLowerCase();
    return site === 'same-origin' || site === 'none';
  }
  return true;
}

/**
 * Refuses a cross-site POST/PUT/PATCH/DELETE with 403 before any work (whatever its body
 * type: JSON, form or text). Webhooks are exempt: they are verified by signature.
 */
export function sameOriginWrites(publicUrl: string): MiddlewareHandler {
  const expected = new URL(publicUrl).origin;
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method) || isWebhookPath(c.req.path)) return next();
    const ok = isSameOriginRequest(expected, {
      origin: c.req.header('origin'),
      secFetchSite: c.req.header('sec-fetch-site'),
    });
    if (!ok) throw forbidden(CROSS_SITE_MESSAGE, 'CROSS_SITE');
    return next();
  };
}
