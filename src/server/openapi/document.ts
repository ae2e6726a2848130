/**
 * The OpenAPI 3.1 document of /api (decision record 18), built from two sources that the code
 * itself uses: the zod request schemas the routes validate with (through zod's own JSON Schema
 * output) and the response types of src/domain/contract (contract-schemas.json, generated from
 * the TypeScript types by scripts/openapi-schemas.mjs). OpenAPI 3.1 speaks JSON Schema 2020-12,
 * so both fit without translation.
 */
import { z } from 'zod';
import contractSchemas from './contract-schemas.json';
import { OPERATIONS, type Access, type Operation } from './operations';

type Schema = Record<string, unknown>;

/** Hono's /api/venues/:id → OpenAPI's /api/venues/{id}. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** A request schema as JSON Schema: what a client may send (zod's input side). */
export function requestJsonSchema(schema: z.ZodType, omit: string[] = []): Schema {
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as Schema;
  delete out.$schema;
  if (omit.length > 0 && out.properties && typeof out.properties === 'object') {
    const properties = { ...(out.properties as Record<string, unknown>) };
    for (const key of omit) delete properties[key];
    out.properties = properties;
    if (Array.isArray(out.required)) out.required = out.required.filter((k: string) => !omit.includes(k));
  }
  return out;
}

const SIGNED_IN: Access[] = ['signed in', 'guest', 'host', 'admin', 'host or admin'];
const ACCESS_TEXT: Record<Access, string> = {
  anyone: 'Anyone, signed in or not.',
  'signed in': 'A signed-in user whom the access policy lets see the item.',
  guest: 'A signed-in guest.',
  host: 'A signed-in host (of the venue, where there is one).',
  admin: 'The admin.',
  'host or admin': "The venue's host or the admin.",
  'secret URL': 'Anyone holding the secret URL (no session).',
  'client secret': "Anyone holding the payment's client secret (no session).",
  'Stripe signature': 'Stripe, signing the raw body (Stripe-Signature header); no session.',
};

function parameters(o: Operation): Schema[] {
  const params: Schema[] = [...o.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (o.query) {
    const query = requestJsonSchema(o.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, Schema>)) {
      const { description, ...rest } = schema;
      params.push({ name, in: 'query', required: required.has(name), schema: rest, description });
    }
  }
  for (const [name, p] of Object.entries(o.queryParams ?? {})) {
    params.push({
      name,
      in: 'query',
      required: p.required ?? false,
      description: p.description,
      schema: { type: 'string' },
    });
  }
  return params;
}

function requestBody(o: Operation): Schema | undefined {
  if (o.upload) {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
            required: ['file'],
          },
        },
      },
    };
  }
  if (!o.body) return undefined;
  return {
    required: !o.bodyOptional,
    content: { 'application/json': { schema: requestJsonSchema(o.body, o.bodyOmit) } },
  };
}

function success(o: Operation): Schema {
  const answer = o.ok;
  if ('schema' in answer) {
    if (!(answer.schema in contractSchemas))
      throw new Error(`${o.method} ${o.path}: no contract type ${answer.schema}`);
    return {
      description: answer.schema,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${answer.schema}` } } },
    };
  }
  if ('json' in answer)
    return { description: 'OK', content: { 'application/json': { schema: answer.json } } };
  if ('openapi' in answer)
    return { description: 'An OpenAPI 3.1 document', content: { 'application/json': {} } };
  if ('empty' in answer) return { description: 'Done; no content' };
  return { description: answer.description, content: { [answer.media]: { schema: { type: 'string' } } } };
}

function operation(o: Operation): Schema {
  const body = requestBody(o);
  const params = parameters(o);
  return {
    operationId: `${o.method}${openApiPath(o.path)
      .replace(/^\/api/, '')
      .replace(/[{}]/g, '')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('')}`,
    tags: [o.tag],
    summary: o.summary,
    description: [`**Who:** ${ACCESS_TEXT[o.access]}`, o.description].filter(Boolean).join('\n\n'),
    security: SIGNED_IN.includes(o.access) ? [{ session: [] }] : [],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(o.ok.status)]: success(o),
      default: {
        description:
          'An error: 400 invalid input, 401 signed out, 403 not allowed, 404 not found, 409 conflict, 413, 415, 429, 503.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      },
    },
  };
}

/** The whole document; `publicUrl` is the server it describes. */
export function openApiDocument(publicUrl: string, operations: Operation[] = OPERATIONS): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const o of operations) {
    const path = openApiPath(o.path);
    paths[path] ??= {};
    if (paths[path][o.method]) throw new Error(`Listed twice: ${o.method} ${o.path}`);
    paths[path][o.method] = operation(o);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Velvet API',
      version: '1',
      summary: 'Book nightlife venues: venues, availability, bookings, payments, reviews and calendars.',
      description:
        'JSON over HTTPS with snake_case names (docs/api.md). Writes need the session cookie and a same-origin `Origin` header. Times of day are the venue’s wall clock; instants are ISO 8601.',
    },
    servers: [{ url: new URL(publicUrl).origin }],
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: contractSchemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'velvet.session_token',
          description:
            'Set by POST /api/accounts/sign-in. Over https the cookie is named `__Host-velvet.session_token`.',
        },
      },
    },
  };
}
