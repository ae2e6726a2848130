import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { isConnectionFault, sqlState } from './db/errors';
import { requestScope } from './logger';
import type { AppContext, AppEnv } from './context';
import { isJsonType, jsonBodies } from './http/content-length';
import { clientAddress } from './http/client-address';
import { errorBody, handleError } from './http/errors';
import { sameOriginWrites, securityHeadersMiddleware } from './http/security';
import { mountApiRoutes, mountPublicRoutes } from './routes';
import { serveSpa } from './static';
import type { PageRenderer } from './ssr';

export const JSON_BODY_LIMIT = 1024 * 1024;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes that take file uploads set their own, larger limit. */
export const isUploadPath = (path: string) => /\/images(\/|$)/.test(path) && !path.endsWith('/order');

export function createApp(
  ctx: AppContext,
  opts: { staticDir?: string; renderer?: PageRenderer | PromiseLike<PageRenderer | null> | null } = {},
) {
  const app = new Hono<AppEnv>();

  // Requests by route template (not by URL: one series per route, whatever the ids).
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const route = routePath(c);
    const labels = { method: c.req.method, route: route === '/*' || route === '*' ? 'other' : route };
    ctx.metrics.httpRequests.inc({ ...labels, status: String(c.res.status) });
    ctx.metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
  });
  mountEdge(app, ctx.config);

  // Every /api answer says how long it may be kept: a route whose answer must not be kept (one
  // person's data, a calendar) sets its own `no-store`; every other answer (public lists and
  // details, errors, unknown routes) may be stored but must be asked for again each time.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-cache');
  });

  const api = new Hono<AppEnv>();
  // Cookie sessions: every cross-site write is refused before any work, whatever its body type.
  api.use('*', sameOriginWrites(ctx.config.PUBLIC_URL));
  api.use('*', async (c, next) => {
    // GET and HEAD carry no body; skipping them keeps the hot read paths cheap.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || isUploadPath(c.req.path)) return next();
    return bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: (c) =>
        c.json(errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large (at most 1 MB).'), 413),
    })(c, next);
  });
  // Read-your-writes without a writer touching any cache (decision 0089): a successful write
  // answers once the change feed has delivered its own events, so the public read model has
  // dropped what it changed before the writer's next read. Reads never wait.
  api.use('*', async (c, next) => {
    await next();
    if (WRITE_METHODS.has(c.req.method) && c.res.status < 400) await ctx.changes.caughtUp();
  });
  mountApiRoutes(api, ctx);
  api.onError((err, c) => {
    countDatabaseError(ctx, err);
    return handleError(err, c, ctx.log);
  });

  app.route('/api', api);
  mountPublicRoutes(app, ctx);
  app.all('/api/*', (c) =>
    c.json(errorBody('NOT_FOUND', `No API route ${c.req.method} ${c.req.path}.`), 404),
  );
  if (opts.staticDir) {
    serveSpa(app, opts.staticDir, {
      renderer: opts.renderer,
      publicUrl: ctx.config.PUBLIC_URL,
      onRenderError: (err, path) => ctx.log.error({ err, path }, 'server rendering failed; sent the shell'),
    });
  }
  app.onError((err, c) => {
    countDatabaseError(ctx, err);
    return handleError(err, c, ctx.log);
  });
  return app;
}

/** A database error met while answering: the connection failed or was slow, or a statement failed. */
function countDatabaseError(ctx: AppContext, err: unknown) {
  const kind = isConnectionFault(err) ?? (sqlState(err) ? 'statement' : undefined);
  if (kind) ctx.metrics.databaseErrors.inc({ kind });
}

export type App = ReturnType<typeof createApp>;

/**
 * The edge every answer passes through, in order: request id and its log scope, security
 * headers, closing after a refused oversized body, compression. None of them reads the body of
 * an answer that already has its length: @hono/node-server writes such an answer whole from its
 * own lightweight response, and reading `res.body` would turn it into a web stream that is
 * then read chunk by chunk (decision 0040; `http/edge.test.ts`).
 */
export function mountEdge(
  app: Hono<AppEnv>,
  config: Pick<AppContext['config'], 'PUBLIC_URL' | 'PAYMENT_PROVIDER' | 'TRUST_PROXY'>,
) {
  // Every request gets an id (X-Request-Id), carried by each log line written while handling it.
  app.use('*', requestId());
  app.use('*', (c, next) =>
    requestScope.run({ requestId: c.get('requestId'), address: clientAddress({ config }, c) }, next),
  );

  app.use(
    '*',
    securityHeadersMiddleware({
      publicUrl: config.PUBLIC_URL,
      // Stripe's hosts join the CSP only with the stripe provider.
      paymentProvider: config.PAYMENT_PROVIDER,
    }),
  );
  app.use('*', async (c, next) => {
    await next();
    // A refused oversized body is left unread: close the connection rather than keep it alive
    // half-read (the client's next request on it would fail).
    if (c.res.status === 413) c.res.headers.set('connection', 'close');
  });
  // compress() streams what is not JSON (pages, scripts) from 1 KB; jsonBodies() sends JSON whole,
  // gzipped in memory from COMPRESS_THRESHOLD (decision 24). JSON is kept out of compress() by
  // type: a JSON answer of 1 to 4 KB, sent whole with its length, would otherwise be gzipped
  // again there as a stream (decision 34).
  app.use(
    '*',
    compress({
      contentTypeFilter: (type) => !isJsonType(type) && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type),
    }),
  );
  app.use('*', jsonBodies());
}
