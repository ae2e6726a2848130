import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { csrf } from 'hono/csrf';
import { secureHeaders } from 'hono/secure-headers';
import { requestId } from 'hono/request-id';
import { requestScope } from './logger';
import type { AppContext, AppEnv } from './context';
import { errorBody, handleError } from './http/errors';
import { mountApiRoutes, mountPublicRoutes } from './routes';
import { serveSpa } from './static';

export const JSON_BODY_LIMIT = 1024 * 1024;
/** Routes that take file uploads set their own, larger limit. */
export const isUploadPath = (path: string) => /\/images(\/|$)/.test(path) && !path.endsWith('/order');

export function createApp(ctx: AppContext, opts: { staticDir?: string } = {}) {
  const app = new Hono<AppEnv>();

  // Every request gets an id (X-Request-Id), carried by each log line written while handling it.
  app.use('*', requestId());
  app.use('*', (c, next) => requestScope.run({ requestId: c.get('requestId') }, next));

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use('*', compress());

  const api = new Hono<AppEnv>();
  // Cookie sessions: refuse cross-site form posts (JSON bodies already need a CORS preflight).
  api.use('*', csrf({ origin: (origin) => origin === new URL(ctx.config.PUBLIC_URL).origin }));
  api.use('*', async (c, next) => {
    // GET and HEAD carry no body; skipping them keeps the hot read paths cheap.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || isUploadPath(c.req.path)) return next();
    return bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: (c) =>
        c.json(errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large (at most 1 MB).'), 413),
    })(c, next);
  });
  mountApiRoutes(api, ctx);
  api.onError((err, c) => handleError(err, c, ctx.log));

  app.route('/api', api);
  mountPublicRoutes(app, ctx);
  app.all('/api/*', (c) =>
    c.json(errorBody('NOT_FOUND', `No API route ${c.req.method} ${c.req.path}.`), 404),
  );
  if (opts.staticDir) serveSpa(app, opts.staticDir);
  app.onError((err, c) => handleError(err, c, ctx.log));
  return app;
}

export type App = ReturnType<typeof createApp>;
