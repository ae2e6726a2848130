import type { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { accountRoutes } from './accounts';
import { availabilityRoutes } from './availability';
import { bookingRoutes } from './bookings';
import { statsRoutes } from './stats';
import { systemRoutes } from './system';
import { venueRoutes } from './venues';
import { mediaRoutes } from './media';
import { reviewRoutes } from './reviews';
import { crawlerRoutes } from './crawlers';
import { paymentRoutes } from './payments';
import { operationsRoutes } from './operations';
import { messageRoutes } from './messages';

/** Every /api route module; each is a thin layer over its services. */
export function mountApiRoutes(api: Hono<AppEnv>, ctx: AppContext) {
  api.route('/', systemRoutes(ctx));
  api.route('/', accountRoutes(ctx));
  api.route('/', statsRoutes(ctx));
  api.route('/', venueRoutes(ctx));
  api.route('/', availabilityRoutes(ctx));
  api.route('/', bookingRoutes(ctx));
  api.route('/', reviewRoutes(ctx));
  api.route('/', paymentRoutes(ctx));
  api.route('/', operationsRoutes(ctx));
  api.route('/', messageRoutes(ctx));
}

/** Routes outside /api (venue photos at /media/*, robots.txt and sitemap.xml). */
export function mountPublicRoutes(app: Hono<AppEnv>, ctx: AppContext) {
  app.route('/', mediaRoutes(ctx));
  app.route('/', crawlerRoutes(ctx));
}
