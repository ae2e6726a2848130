/**
 * The OpenAPI 3.1 document of /api (decision records 18 and 50), made from the endpoints'
 * definitions: each becomes a @hono/zod-openapi route (`createRoute`), whose request schemas are
 * the zod schemas the endpoint parses with, and whose answers refer to the contract types of
 * src/domain/contract (contract-schemas.json, generated from the TypeScript types by
 * scripts/openapi-schemas.mjs). Loaded on the first request for the document, not at start.
 */
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { routeConfig, type Endpoint } from '../http/endpoint';
import contractSchemas from './contract-schemas.json';

type Schema = Record<string, unknown>;

/** A request schema as JSON Schema: what a client may send (zod's input side). */
export function requestJsonSchema(schema: z.ZodType): Schema {
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as Schema;
  delete out.$schema;
  return out;
}

/** The whole document; `publicUrl` is the server it describes. */
export function openApiDocument(publicUrl: string, endpoints: readonly Endpoint[]): Schema {
  const app = new OpenAPIHono();
  const registry = app.openAPIRegistry;
  for (const e of endpoints) registry.registerPath(createRoute(routeConfig(e)));
  for (const [name, schema] of Object.entries(contractSchemas)) {
    registry.registerComponent('schemas', name, schema as never);
  }
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'velvet.session_token',
    description:
      'Set by POST /api/accounts/sign-in. Over https the cookie is named `__Host-velvet.session_token`.',
  });
  const config = {
    openapi: '3.1.0',
    info: {
      title: 'Velvet API',
      version: '1',
      summary: 'Book nightlife venues: venues, availability, bookings, payments, reviews and calendars.',
      description:
        'JSON over HTTPS with snake_case names (docs/api.md). Writes need the session cookie and a same-origin `Origin` header. Times of day are the venue’s wall clock; instants are ISO 8601.',
    },
    servers: [{ url: new URL(publicUrl).origin }],
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name })),
  };
  return app.getOpenAPI31Document(
    config as Parameters<typeof app.getOpenAPI31Document>[0],
  ) as unknown as Schema;
}
