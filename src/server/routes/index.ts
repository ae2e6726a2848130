import type { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { accountRoutes } from './accounts';
import { statsRoutes } from './stats';
import { systemRoutes } from './system';

/** Every /api route module; each is a thin layer over its services. */
export function mountApiRoutes(api: Hono<AppEnv>, ctx: AppContext) {
  api.route('/', systemRoutes(ctx));
  api.route('/', accountRoutes(ctx));
  api.route('/', statsRoutes(ctx));
}
