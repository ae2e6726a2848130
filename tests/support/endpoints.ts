/**
 * Every /api endpoint as the route-walking tests see it (the fuzzer, the GET walk, the
 * authorization matrix, the OpenAPI test): read from the endpoints' own definitions
 * (src/server/routes, decision record 50), so a new endpoint is walked without being listed here.
 */
import type { z } from 'zod';
import type { Access } from '../../src/server/http/endpoint';
import { API_ENDPOINTS } from '../../src/server/routes';

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** As the Hono app registers it, e.g. /api/venues/:id. */
  path: string;
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
}

export const OPERATIONS: Operation[] = API_ENDPOINTS.map((e) => ({
  method: e.method,
  path: e.honoPath,
  access: e.access,
  body: e.body as z.ZodType | undefined,
  query: e.query as z.ZodType | undefined,
}));

/** `POST /api/bookings/:id/approve` for each endpoint. */
export const DEFINED_ROUTES: string[] = OPERATIONS.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort();
