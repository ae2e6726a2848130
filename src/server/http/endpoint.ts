/**
 * One definition per /api endpoint (decision record 50): method, path, who may call it, its
 * request schemas (path, query, body — zod schemas of src/domain/schemas), its answer (a
 * contract type of contract-schemas.json), its rate limit and idempotency, and its handler,
 * side by side in src/server/routes/<area>.ts. The same object
 *
 * - is mounted on the Hono app by `mountEndpoints`, which runs, in this order: the rate limit's
 *   uniform timing, the idempotency key, the rate limit, a larger body limit for uploads, the
 *   access check, then path → query → body parsing with the project's readers (validate.ts:
 *   the same 400/404/415 answers and messages everywhere), then the handler;
 * - is the route of the OpenAPI document: `routeConfig` turns it into @hono/zod-openapi's
 *   `createRoute` config (src/server/openapi/document.ts);
 * - is the list of routes the authorization matrix, the fuzzer and the OpenAPI test walk.
 *
 * The handler gets the viewer its access level guarantees and the parsed input, calls one
 * service, and returns the answer's data (sent as JSON with the definition's status) or a
 * Response of its own (other media types, headers, a status chosen at run time).
 */
import type { RouteConfig } from '@hono/zod-openapi';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { notFound } from '@/domain/errors';
import type { AppContext, AppEnv } from '../context';
import type { Viewer } from '../viewer';
import type contractSchemas from '../openapi/contract-schemas.json';
import { errorBody } from './errors';
import { idempotent } from './idempotency';
import { rateLimitMiddleware, type RateLimit } from './rate-limits';
import { readJson, readOptionalJson, readQuery } from './validate';
import { requireRole, requireViewer } from './viewer';
import { UUID_PATTERN } from '@/domain/ids';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call an endpoint: the route's own check (services refine it by the access policy of
 * src/domain/access.ts). The last three need no session: a secret in the URL or the body is the
 * credential.
 */
export type Access =
  | 'anyone'
  | 'signed in'
  | 'guest'
  | 'host'
  | 'admin'
  | 'host or admin'
  | 'secret URL'
  | 'client secret'
  | 'Stripe signature';

type SignedIn = 'signed in' | 'guest' | 'host' | 'admin' | 'host or admin';
export const SIGNED_IN: readonly Access[] = ['signed in', 'guest', 'host', 'admin', 'host or admin'];

/** What each access level means, as the API reference says it. */
export const ACCESS_TEXT: Record<Access, string> = {
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

async function checkAccess(ctx: AppContext, c: Context<AppEnv>, access: Access): Promise<Viewer | null> {
  switch (access) {
    case 'signed in':
      return requireViewer(ctx, c);
    case 'guest':
      return requireRole(ctx, c, 'user');
    case 'host':
      return requireRole(ctx, c, 'host');
    case 'admin':
      return requireRole(ctx, c, 'admin');
    case 'host or admin':
      return requireRole(ctx, c, 'host', 'admin');
    default:
      return null;
  }
}

/** A name of src/domain/contract's types, as npm run openapi:schemas writes them. */
export type ContractName = keyof typeof contractSchemas;

/** What a successful call answers. */
export type Answer =
  | { status: ContentfulStatusCode; contract: ContractName }
  | { status: ContentfulStatusCode; schema: Record<string, unknown>; description: string }
  | { status: ContentfulStatusCode; media: string; description: string }
  | { status: 204 };

/** JSON of a contract type. */
export const json = (contract: ContractName, status: ContentfulStatusCode = 200): Answer => ({
  status,
  contract,
});
/** JSON described by its own JSON Schema (answers that are not contract types). */
export const jsonOf = (
  schema: Record<string, unknown>,
  description: string,
  status: ContentfulStatusCode = 200,
): Answer => ({ status, schema, description });
/** Another media type (iCalendar, Server-Sent Events, HTML). */
export const media = (type: string, description: string): Answer => ({
  status: 200,
  media: type,
  description,
});
export const noContent: Answer = { status: 204 };

/**
 * A path id: a UUID_PATTERN, lowercased. Anything else cannot name a row: 404 with `notFoundMessage`
 * (never a database error, never a 400 — the path is not a form).
 */
export const pathId = (notFoundMessage: string) =>
  z
    .string()
    .regex(UUID_PATTERN, notFoundMessage)
    .transform((v) => v.toLowerCase());
/** A path segment taken as it is (a template name, a feed file, a processor's intent id). */
export const pathText = () => z.string();

type Shape = Record<string, z.ZodType>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type ParamsOut<P> = P extends Shape ? { [K in keyof P]: z.output<P[K]> } : Record<string, never>;

export interface Input<A extends Access, P, Q, B> {
  ctx: AppContext;
  c: Context<AppEnv>;
  /** The caller, when the access level needs a session (null otherwise: use getViewer if needed). */
  viewer: A extends SignedIn ? Viewer : null;
  params: ParamsOut<P>;
  query: Out<Q>;
  body: Out<B>;
}

export interface Definition<A extends Access, P extends Shape | undefined, Q, B> {
  method: Method;
  /** Under /api, in OpenAPI's form: /bookings/{id}/approve. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: A;
  /** Path parameters, by name (`pathId(message)` for ids). */
  params?: P;
  /** The query string's schema (a z.object of optional text fields, as query strings are). */
  query?: Q;
  /** The JSON body's schema. */
  body?: B;
  /** The body may be left out: no body (or an empty one) is read as {}. */
  bodyOptional?: true;
  /** multipart/form-data with one file in the field `file`, up to `maxBytes` (answering `tooLarge`). */
  upload?: { maxBytes: number; tooLarge: string };
  ok: Answer;
  /** The Cache-Control of the answer, set once access and input are checked. */
  cache?: string;
  rateLimit?: RateLimit;
  /** A retried request with the same Idempotency-Key gets the first answer back (http/idempotency.ts). */
  idempotent?: true;
  handler: (input: Input<A, P, Q, B>) => unknown;
}

/** One /api endpoint: its definition, with the routing path Hono uses. */
export type Endpoint = Definition<Access, Shape | undefined, unknown, unknown> & {
  /** /api/bookings/:id/approve, as Hono registers it (and app.routes lists it). */
  honoPath: string;
};

/** Defines an endpoint; its handler is typed from its access level and schemas. */
export function endpoint<
  A extends Access,
  P extends Shape | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(definition: Definition<A, P, Q, B>): Endpoint {
  const placeholders = [...definition.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);
  const declared = Object.keys(definition.params ?? {});
  if (placeholders.join() !== declared.join()) {
    throw new Error(`${definition.method} ${definition.path}: params must be ${placeholders.join(', ')}`);
  }
  return {
    ...(definition as unknown as Endpoint),
    honoPath: `/api${definition.path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1')}`,
  };
}

function readParams(c: Context, params: Shape): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(params)) {
    const parsed = schema.safeParse(c.req.param(name) ?? '');
    if (!parsed.success) throw notFound(parsed.error.issues[0]?.message);
    out[name] = parsed.data;
  }
  return out;
}

function handle(ctx: AppContext, e: Endpoint): MiddlewareHandler<AppEnv> {
  return async (c) => {
    const viewer = await checkAccess(ctx, c, e.access);
    const params = e.params ? readParams(c, e.params) : {};
    const query = e.query ? readQuery(c, e.query as z.ZodType) : undefined;
    const body = e.body
      ? await (e.bodyOptional ? readOptionalJson : readJson)(c, e.body as z.ZodType)
      : undefined;
    if (e.cache) c.header('cache-control', e.cache);
    const input = { ctx, c, viewer, params, query, body } as Parameters<Endpoint['handler']>[0];
    const answer = await e.handler(input);
    if (answer instanceof Response) return answer;
    if (e.ok.status === 204) return c.body(null, 204);
    return c.json(answer as object, e.ok.status);
  };
}

/** Registers each endpoint on the /api router with its guards, in the order described above. */
export function mountEndpoints(api: Hono<AppEnv>, ctx: AppContext, endpoints: readonly Endpoint[]) {
  for (const e of endpoints) {
    const chain: MiddlewareHandler<AppEnv>[] = [];
    // A retried request is answered from its stored first answer before it is counted again.
    if (e.idempotent) chain.push(idempotent(ctx));
    // An endpoint for signed-in callers counts only them: anonymous calls (answered 401) never
    // use up the budget of a person behind the same address.
    if (e.rateLimit) {
      const signedInOnly = SIGNED_IN.includes(e.access) ? { signedInOnly: true as const } : {};
      chain.push(...rateLimitMiddleware(ctx, { ...e.rateLimit, ...signedInOnly }));
    }
    if (e.upload) {
      const { maxBytes, tooLarge } = e.upload;
      chain.push(
        bodyLimit({
          maxSize: maxBytes,
          onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', tooLarge), 413),
        }),
      );
    }
    // Routes are registered relative to the /api router.
    api.on([e.method.toUpperCase()], [e.honoPath.slice('/api'.length)], ...chain, handle(ctx, e));
  }
}

/** The definition as @hono/zod-openapi's route config (the OpenAPI document's operation). */
export function routeConfig(e: Endpoint): RouteConfig {
  const schemaOf = (answer: Answer) =>
    'contract' in answer
      ? {
          description: answer.contract,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${answer.contract}` } } },
        }
      : 'schema' in answer
        ? { description: answer.description, content: { 'application/json': { schema: answer.schema } } }
        : 'media' in answer
          ? { description: answer.description, content: { [answer.media]: { schema: { type: 'string' } } } }
          : { description: 'Done; no content' };
  const body = e.upload
    ? {
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
      }
    : e.body
      ? {
          required: !e.bodyOptional,
          content: { 'application/json': { schema: e.body as z.ZodType } },
        }
      : undefined;
  return {
    method: e.method,
    path: `/api${e.path}`,
    operationId: `${e.method}${e.path
      .replace(/[{}]/g, '')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('')}`,
    tags: [e.tag],
    summary: e.summary,
    description: [`**Who:** ${ACCESS_TEXT[e.access]}`, e.description].filter(Boolean).join('\n\n'),
    security: SIGNED_IN.includes(e.access) ? [{ session: [] }] : [],
    request: {
      ...(e.params ? { params: z.object(e.params) } : {}),
      ...(e.query ? { query: e.query } : {}),
      ...(body ? { body } : {}),
    },
    responses: {
      [String(e.ok.status)]: schemaOf(e.ok),
      default: {
        description:
          'An error: 400 invalid input, 401 signed out, 403 not allowed, 404 not found, 409 conflict, 413, 415, 429, 503.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      },
    },
  } as RouteConfig;
}
