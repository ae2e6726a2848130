import type { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { mountEndpoints, type Endpoint } from '../http/endpoint';
import { OWN_ACCOUNT_ENDPOINTS } from './account';
import { ACCOUNT_ENDPOINTS } from './accounts';
import { AUDIT_ENDPOINTS } from './audit';
import { AVAILABILITY_ENDPOINTS } from './availability';
import { BOOKING_ENDPOINTS } from './bookings';
import { CALENDAR_ENDPOINTS } from './calendar';
import { EARNINGS_ENDPOINTS } from './earnings';
import { crawlerRoutes } from './crawlers';
import { docsAssetRoutes, docsEndpoints } from './docs';
import { mediaRoutes } from './media';
import { MESSAGE_ENDPOINTS } from './messages';
import { OPERATIONS_ENDPOINTS } from './operations';
import { PAYMENT_ENDPOINTS } from './payments';
import { DISPUTE_ENDPOINTS } from './disputes';
import { RECEIPT_ENDPOINTS } from './receipts';
import { REVIEW_ENDPOINTS } from './reviews';
import { SAVED_VENUE_ENDPOINTS } from './saved-venues';
import { STATS_ENDPOINTS } from './stats';
import { SYSTEM_ENDPOINTS } from './system';
import { VENUE_ENDPOINTS } from './venues';
import { WAITLIST_ENDPOINTS } from './waitlist';

/**
 * Every /api endpoint, each defined once in its area's file (decision record 50). The app
 * mounts this list, the OpenAPI document is made from it, and the authorization matrix, the
 * fuzzer and the OpenAPI test walk it. Order matters only where two paths could match one
 * request: a literal segment before a parameter (/venues/stats before /venues/{id}).
 */
export const API_ENDPOINTS: readonly Endpoint[] = [
  ...SYSTEM_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...OWN_ACCOUNT_ENDPOINTS,
  ...STATS_ENDPOINTS,
  ...VENUE_ENDPOINTS,
  ...AVAILABILITY_ENDPOINTS,
  ...BOOKING_ENDPOINTS,
  ...REVIEW_ENDPOINTS,
  ...PAYMENT_ENDPOINTS,
  ...DISPUTE_ENDPOINTS,
  ...OPERATIONS_ENDPOINTS,
  ...MESSAGE_ENDPOINTS,
  ...CALENDAR_ENDPOINTS,
  ...EARNINGS_ENDPOINTS,
  ...docsEndpoints(() => API_ENDPOINTS),
  ...WAITLIST_ENDPOINTS,
  ...AUDIT_ENDPOINTS,
  ...SAVED_VENUE_ENDPOINTS,
  ...RECEIPT_ENDPOINTS,
];

/** Mounts every /api endpoint on the /api router. */
export function mountApiRoutes(api: Hono<AppEnv>, ctx: AppContext) {
  mountEndpoints(api, ctx, API_ENDPOINTS);
}

/** Routes outside /api (venue photos at /media/*, robots.txt and sitemap.xml, the API reference's files). */
export function mountPublicRoutes(app: Hono<AppEnv>, ctx: AppContext) {
  app.route('/', mediaRoutes(ctx));
  app.route('/', docsAssetRoutes());
  app.route('/', crawlerRoutes(ctx));
}
